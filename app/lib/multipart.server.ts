/**
 * Streaming multipart/form-data parsing with hard limits. A body whose Content-Length already exceeds
 * the limit is refused before a byte is read; a file that grows past it while streaming is discarded
 * chunk by chunk, never held whole in memory. (The server also caps the whole body: lib/body-limit.ts.)
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MULTIPART_OVERHEAD_BYTES } from "./body-limit";

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  browserType: string;
  bytes: Buffer;
}

export type MultipartResult =
  | { ok: true; fields: Record<string, string>; files: UploadedFile[] }
  | { ok: false; reason: "too-large" | "malformed"; fields: Record<string, string> };

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxFieldBytes: number;
  maxFields: number;
}

export async function parseMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (
    Number.isFinite(declared) &&
    declared > limits.maxFileBytes * limits.maxFiles + MULTIPART_OVERHEAD_BYTES
  ) {
    return { ok: false, reason: "too-large", fields: {} };
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.startsWith("multipart/form-data")) {
    return { ok: false, reason: "malformed", fields: {} };
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let tooLarge = false;

  return new Promise<MultipartResult>((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: {
          // busboy signals the limit when a file reaches fileSize; exactly maxFileBytes is allowed.
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          fieldSize: limits.maxFieldBytes,
          fields: limits.maxFields,
        },
      });
    } catch {
      resolve({ ok: false, reason: "malformed", fields });
      return;
    }
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (fieldName, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!tooLarge) chunks.push(chunk);
      });
      // A body cut off mid-file errors the file stream; unhandled, that would crash the process.
      stream.on("error", () => resolve({ ok: false, reason: "malformed", fields }));
      stream.on("limit", () => {
        tooLarge = true;
        chunks.length = 0; // drop what was kept; the rest streams past unkept
      });
      stream.on("end", () => {
        // An empty file input (nothing chosen) arrives as a part with no name and no bytes.
        const bytes = Buffer.concat(chunks);
        if (!tooLarge && (info.filename || bytes.length > 0)) {
          files.push({ fieldName, fileName: info.filename ?? "", browserType: info.mimeType, bytes });
        }
      });
    });
    parser.on("error", () => resolve({ ok: false, reason: "malformed", fields }));
    parser.on("close", () =>
      resolve(tooLarge ? { ok: false, reason: "too-large", fields } : { ok: true, fields, files }),
    );
    Readable.fromWeb(request.body as WebReadableStream)
      // Cut off by the server's body cap after the file already passed its limit: still "too large".
      .on("error", () => resolve({ ok: false, reason: tooLarge ? "too-large" : "malformed", fields }))
      .pipe(parser);
  });
}
