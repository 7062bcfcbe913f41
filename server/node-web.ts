/**
 * Between Node's HTTP server and React Router's web Request and Response: who asked and from where (behind
 * a trusted proxy too), the request as a web Request, and a web Response written back, compressed when it
 * is text, and kept private when it was rendered for one visitor.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Env } from "~/lib/env.server";
import { preferredEncoding } from "./http-util";
import { TickCoalescer } from "./tick-coalescer";

const compressibleType =
  /^(text\/(html|plain|css|xml|javascript|x-script)|application\/(json|xml|javascript))/;

export function clientAddress(req: IncomingMessage, config: Env): string {
  const header = config.TRUST_PROXY === "off" ? undefined : req.headers[config.TRUST_PROXY];
  const value = Array.isArray(header) ? header[0] : header;
  // With one trusted proxy in front, the last X-Forwarded-For entry is the address it saw.
  const fromProxy = value?.split(",").pop()?.trim();
  return fromProxy || req.socket.remoteAddress || "unknown";
}

/** The request as React Router sees it: the body already read (ordinary forms) or streamed (uploads). */
export function toWebRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  body: Buffer | Readable | undefined,
): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  // Origin + path, not new URL(path, origin): a path starting with "//" would otherwise name a host.
  return new Request(origin + (req.url ?? "/"), {
    method: req.method ?? "GET",
    headers,
    signal: controller.signal,
    ...(body === undefined
      ? {}
      : Buffer.isBuffer(body)
        ? { body: new Uint8Array(body.buffer, body.byteOffset, body.length) }
        : { body: createReadableStreamFromReadable(body), duplex: "half" }),
  } as RequestInit);
}

/** Our origin as the request names it; a Host header that is not a host falls back to localhost. */
export function requestOrigin(req: IncomingMessage, config: Env): string {
  const proto =
    config.TRUST_PROXY !== "off" && req.headers["x-forwarded-proto"] === "https" ? "https" : "http";
  const origin = `${proto}://${req.headers.host ?? "localhost"}`;
  try {
    return new URL(origin).origin;
  } catch {
    return `${proto}://localhost`;
  }
}

/**
 * A response rendered for a visitor with a session or a one-time flash is theirs alone: browsers,
 * proxies and the offline worker must not keep it, whatever the route said (ADR 012).
 */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

export async function sendWebResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  personal: boolean,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  if (personal && !/\bno-store\b/i.test(String(headers["cache-control"] ?? ""))) {
    headers["cache-control"] = PERSONAL_CACHE_CONTROL;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const type = response.headers.get("content-type") ?? "";
  const encoding = preferredEncoding(req);
  const compress =
    response.body &&
    encoding !== "identity" &&
    compressibleType.test(type) &&
    !response.headers.has("content-encoding");
  if (compress) {
    headers["content-encoding"] = encoding;
    headers["vary"] = "Accept-Encoding";
    delete headers["content-length"];
  }
  res.writeHead(response.status, headers);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as WebReadableStream);
  if (!compress) {
    await pipeline(body, new TickCoalescer(), res);
    return;
  }
  // Sync-flush each burst so streamed HTML reaches the browser as React writes it.
  const compressor =
    encoding === "br"
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        })
      : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
  await pipeline(body, new TickCoalescer(), compressor, res);
}
