/**
 * Request bodies read under a byte limit counted as the bytes arrive (Content-Length is only a claim, and a
 * chunked body has none), so no body larger than its route allows is ever held in memory.
 */
import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** Reads the whole body of an ordinary form; rejects with BodyTooLargeError past `limit` bytes. */
export function readBodyCapped(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        chunks.length = 0;
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error?: unknown) => {
      cleanup();
      reject(error instanceof Error ? error : new Error("request aborted"));
    };
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
    req.once("aborted", onError);
  });
}

/** An upload's body as the action reads it, and how many bytes of it have arrived so far. */
export interface CappedBody {
  stream: Transform;
  received(): number;
}

/**
 * The body of an upload route as a stream that errors with BodyTooLargeError once more than `limit` bytes
 * have arrived; `onOverflow` lets the server answer 413 whatever the action made of the error.
 */
export function cappedBodyStream(req: IncomingMessage, limit: number, onOverflow: () => void): CappedBody {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) {
        req.unpipe(counter);
        req.pause();
        onOverflow();
        callback(new BodyTooLargeError(limit));
        return;
      }
      callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  req.pipe(counter);
  return { stream: counter, received: () => size };
}
