/**
 * The client build (hashed assets, icons, manifest) held in memory with gzip and brotli variants made
 * once at start, so serving a file is a map lookup.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface MemoryFile {
  type: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  cacheControl: string;
}

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};

const compressible = (type: string) =>
  /^(text\/|application\/(json|xml|manifest\+json)|image\/svg)/.test(type);

/** Compressed variants, kept only when they are smaller. */
export function compressVariants(body: Buffer): Pick<MemoryFile, "gzip" | "br"> {
  if (body.length < 512) return {};
  const gzip = zlib.gzipSync(body, { level: 9 });
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return { gzip: gzip.length < body.length ? gzip : undefined, br: br.length < body.length ? br : undefined };
}

export const etagOf = (body: Buffer) =>
  `"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;

export function loadStaticFiles(root: string): Map<string, MemoryFile> {
  const files = new Map<string, MemoryFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const urlPath = "/" + path.relative(root, full).split(path.sep).join("/");
      const type = types[path.extname(entry.name)] ?? "application/octet-stream";
      const body = fs.readFileSync(full);
      files.set(urlPath, {
        type,
        body,
        ...(compressible(type) ? compressVariants(body) : {}),
        etag: etagOf(body),
        // Vite names everything under /assets/ by content hash: those never change.
        cacheControl: urlPath.startsWith("/assets/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=86400",
      });
    }
  };
  if (fs.existsSync(root)) walk(root);
  return files;
}
