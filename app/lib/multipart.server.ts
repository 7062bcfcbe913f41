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

/**
 * Checks what can be checked before a byte is read (the declared size, the content type) and sets up
 * busboy with the limits; returns the parser, or why the body is refused.
 */
function openMultipart(
  request: Request,
  limits: MultipartLimits,
): { parser: busboy.Busboy } | { refused: "too-large" | "malformed" } {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (
    Number.isFinite(declared) &&
    declared > limits.maxFileBytes * limits.maxFiles + MULTIPART_OVERHEAD_BYTES
  ) {
    return { refused: "too-large" };
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.startsWith("multipart/form-data")) return { refused: "malformed" };
  try {
    return {
      parser: busboy({
        headers: { "content-type": contentType },
        limits: {
          // busboy signals the limit when a file reaches fileSize; exactly maxFileBytes is allowed.
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          fieldSize: limits.maxFieldBytes,
          fields: limits.maxFields,
        },
      }),
    };
  } catch {
    return { refused: "malformed" };
  }
}

export async function parseMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const opened = openMultipart(request, limits);
  if ("refused" in opened) return { ok: false, reason: opened.refused, fields: {} };
  const { parser } = opened;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let tooLarge = false;
  let nul = false;

  return new Promise<MultipartResult>((resolve) => {
    parser.on("field", (name, value) => {
      // PostgreSQL text cannot hold a NUL character: such a form is malformed, not a failed insert.
      if (value.includes("\u0000")) nul = true;
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
      resolve(
        tooLarge
          ? { ok: false, reason: "too-large", fields }
          : nul
            ? { ok: false, reason: "malformed", fields: {} }
            : { ok: true, fields, files },
      ),
    );
    Readable.fromWeb(request.body as WebReadableStream)
      // Cut off by the server's body cap after the file already passed its limit: still "too large".
      .on("error", () => resolve({ ok: false, reason: tooLarge ? "too-large" : "malformed", fields }))
      .pipe(parser);
  });
}

/** A streamed file went past its limit (thrown into the consumer's reading). */
export class UploadTooLargeError extends Error {
  constructor() {
    super("The upload is larger than its limit");
    this.name = "UploadTooLargeError";
  }
}

export type StreamedUpload<T> =
  | { ok: true; fields: Record<string, string>; result: T | null }
  | { ok: false; reason: "too-large" | "malformed"; fields: Record<string, string> };

/**
 * Multipart/form-data whose one file is too big to hold (a 50 MB list): `consume` reads the file's
 * bytes as they arrive, with backpressure, and its result comes back (null when no file was sent).
 * Past `maxFileBytes` the reading throws `UploadTooLargeError` (answered as "too-large"); anything
 * else `consume` throws is thrown from here, after the rest of the body has been drained.
 */
export async function streamMultipartFile<T>(
  request: Request,
  limits: { fieldName: string; maxFileBytes: number; maxFieldBytes: number; maxFields: number },
  consume: (file: AsyncIterable<Buffer>, info: { fileName: string; browserType: string }) => Promise<T>,
): Promise<StreamedUpload<T>> {
  const opened = openMultipart(request, { ...limits, maxFiles: 1 });
  if ("refused" in opened) return { ok: false, reason: opened.refused, fields: {} };
  const { parser } = opened;
  const fields: Record<string, string> = {};
  let work: Promise<T> | undefined;
  let file: Readable | undefined;
  let over = false;
  let nul = false;
  const parsed = new Promise<"done" | "malformed">((resolve) => {
    parser.on("field", (name, value) => {
      if (value.includes("\u0000")) nul = true;
      fields[name] = value;
    });
    parser.on("file", (fieldName, stream, info) => {
      if (fieldName !== limits.fieldName || work) {
        stream.resume();
        return;
      }
      file = stream;
      stream.on("limit", () => (over = true));
      async function* bytes(): AsyncGenerator<Buffer> {
        // Not destroyed when the reader stops early (a file it refuses): busboy must see the part end,
        // so the rest is drained below instead.
        for await (const chunk of stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
          yield chunk;
        }
        if (over) throw new UploadTooLargeError();
      }
      work = consume(bytes(), { fileName: info.filename ?? "", browserType: info.mimeType });
      // Whatever `consume` did not read still has to flow, or the body (and busboy) would stall.
      work.catch(() => stream.resume());
    });
    parser.on("error", () => resolve("malformed"));
    parser.on("close", () => resolve("done"));
    Readable.fromWeb(request.body as WebReadableStream)
      .on("error", (error) => {
        // Cut off (the server's body cap, a dropped connection): the reader must not wait for more.
        file?.destroy(over ? new UploadTooLargeError() : error);
        resolve("malformed");
      })
      .pipe(parser);
  });
  const outcome = await parsed;
  let result: T | null = null;
  try {
    result = work ? await work : null;
  } catch (error) {
    if (error instanceof UploadTooLargeError) return { ok: false, reason: "too-large", fields };
    if (outcome === "malformed") return { ok: false, reason: "malformed", fields };
    throw error;
  }
  return outcome === "done" && !nul
    ? { ok: true, fields, result }
    : { ok: false, reason: "malformed", fields: nul ? {} : fields };
}
