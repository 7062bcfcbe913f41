/** Small pieces of HTTP that the server needs: content negotiation, writing a memory response. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MemoryFile } from "./static-files";

export type Encoding = "br" | "gzip" | "identity";

export function preferredEncoding(req: IncomingMessage): Encoding {
  const accept = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return "identity";
}

/** Sends an in-memory file, its best compressed variant, or 304 when the client already has it. */
export function sendMemoryFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: Pick<MemoryFile, "type" | "body" | "gzip" | "br" | "etag" | "cacheControl">,
  status = 200,
  extraHeaders: Record<string, string> = {},
): void {
  const headers: Record<string, string | number> = {
    "Content-Type": file.type,
    "Cache-Control": file.cacheControl,
    ETag: file.etag,
    Vary: "Accept-Encoding",
    ...extraHeaders,
  };
  if (status === 200 && req.headers["if-none-match"] === file.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = preferredEncoding(req);
  let body = file.body;
  if (encoding === "br" && file.br) {
    body = file.br;
    headers["Content-Encoding"] = "br";
  } else if (encoding !== "identity" && file.gzip) {
    body = file.gzip;
    headers["Content-Encoding"] = "gzip";
  }
  headers["Content-Length"] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
