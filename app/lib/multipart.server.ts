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
 * else `consume` throws is thrown from here at once: the rest of the body is left unread, for the
 * server to drop after the answer (server/app.ts), so that a file refused on its first line is
 * answered without waiting for the whole upload.
 */
export async function streamMultipartFile<T>(
  request: Request,
  limits: { fieldName: string; maxFileBytes: number; maxFieldBytes: number; maxFields: number },
  consume: (file: AsyncIterable<Buffer>, info: { fileName: string; browserType: string }) => Promise<T>,
): Promise<StreamedUpload<T>> {
  const opened = openMultipart(request, { ...limits, maxFiles: 1 });
  if ("refused" in opened) return { ok: false, reason: opened.refused, fields: {} };
  const { parser } = opened;
  const body = Readable.fromWeb(request.body as WebReadableStream);
  const fields: Record<string, string> = {};
  let consumed: Promise<T> | undefined;
  let file: Readable | undefined;
  let over = false;
  let cutOff = false;
  let nul = false;
  let consumerDone: () => void = () => undefined;
  const consumerSettled = new Promise<void>((resolve) => (consumerDone = resolve));
  const parsed = new Promise<"done" | "malformed">((resolve) => {
    parser.on("field", (name, value) => {
      if (value.includes("\u0000")) nul = true;
      fields[name] = value;
    });
    parser.on("file", (fieldName, stream, info) => {
      if (fieldName !== limits.fieldName || consumed) {
        stream.resume();
        return;
      }
      file = stream;
      stream.on("limit", () => (over = true));
      // Not destroyed when the reader stops early: busboy must see the part end (released below).
      const chunks = stream.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
      async function* bytes(): AsyncGenerator<Buffer> {
        for await (const chunk of chunks) yield chunk;
        if (over) throw new UploadTooLargeError();
      }
      consumed = consume(bytes(), { fileName: info.filename ?? "", browserType: info.mimeType });
      // A reader that stopped early can leave its reading suspended, which keeps the file stream (and
      // with it busboy and the body) paused: released, whatever `consume` did not read flows past.
      const release = () => {
        void chunks.return?.().then(
          () => stream.resume(),
          () => undefined,
        );
        consumerDone();
      };
      consumed.then(release, release);
    });
    parser.on("error", () => resolve("malformed"));
    parser.on("close", () => resolve("done"));
    body
      .on("error", (error) => {
        // Cut off (the server's body cap, a dropped connection): the reader must not wait for more.
        cutOff = true;
        file?.destroy(over ? new UploadTooLargeError() : error);
        resolve("malformed");
      })
      .pipe(parser);
  });
  // The body parsed to its end, or the file's reader done with it (perhaps refusing it on its first line).
  await Promise.race([parsed, consumerSettled]);
  let result: T | null = null;
  try {
    result = consumed ? await consumed : null;
  } catch (error) {
    // Busboy or a cut-off body broke the file stream: the body is at fault, not the file.
    const broken: unknown = file?.errored;
    body.unpipe(parser);
    body.destroy();
    file?.destroy();
    if (error instanceof UploadTooLargeError || broken instanceof UploadTooLargeError) {
      return { ok: false, reason: "too-large", fields };
    }
    if (broken || cutOff) return { ok: false, reason: "malformed", fields };
    throw error;
  }
  const outcome = await parsed;
  return outcome === "done" && !nul
    ? { ok: true, fields, result }
    : { ok: false, reason: "malformed", fields: nul ? {} : fields };
}
