import type { OpenedFile } from "./stored-files.server";

/**
 * A stored file as a download, streamed from wherever its bytes are: never rendered by the browser, never
 * cached, never sniffed, never a redirect to the bucket.
 */
export function attachmentResponse(file: OpenedFile) {
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.sizeBytes),
      "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
