/**
 * Joins the chunks a response's body yields within one turn of the event loop into one chunk.
 *
 * React writes a rendered page as many small chunks (a few KB each), all in the same turn. Each chunk
 * that reaches the compressor is flushed on its own (so streamed HTML reaches the browser as it is
 * written) and each flush is a socket write: a 200 KB lead list cost ~80 flushes and writes. Joined per
 * turn, a page rendered at once is one flush and one write, and a page that streams (a deferred part
 * arriving later) still goes out as soon as each part is written.
 */
import { Transform, type TransformCallback } from "node:stream";

/** A burst larger than this goes on at once rather than waiting for the turn to end. */
export const COALESCE_MAX_BYTES = 256 * 1024;

export class TickCoalescer extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private scheduled = false;

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    this.pending.push(buffer);
    this.pendingBytes += buffer.length;
    if (this.pendingBytes >= COALESCE_MAX_BYTES) this.release();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.release();
      });
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.release();
    callback();
  }

  private release(): void {
    if (this.pendingBytes === 0) return;
    const joined = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.push(joined);
  }
}
