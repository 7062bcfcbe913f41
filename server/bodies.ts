/**
 * Request bodies at the edge: an ordinary form read whole under its limit (a multipart one must parse, and
 * no field may hold a NUL), and what a refused or answered request still sends read and dropped, within
 * bounds, so the client gets to read its answer instead of a reset connection.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { PROBLEM_TYPE, problemBody } from "~/lib/problem";
import { BodyTooLargeError, readBodyCapped } from "./request-body";
import { tooLarge, type Refusal } from "./request-guard";
import type { RequestRecord } from "./request-log";

/** A refused request's unread body is drained up to this much before the answer, so it is not lost to a reset. */
const DRAIN_LIMIT_BYTES = 256 * 1024;

/**
 * How long a small unread body may take to arrive. A client on a busy machine can take seconds to send a
 * few hundred kilobytes; answering before it has and then closing resets the connection, and the reset
 * discards the answer the client has not read yet.
 */
const DRAIN_WAIT_MS = 5000;

/** Reads and drops what is left of a body, up to DRAIN_LIMIT_BYTES or DRAIN_WAIT_MS. */
export function drainBody(req: IncomingMessage): Promise<void> {
  if (req.complete || req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let drained = 0;
    const finish = (all: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onEnd);
      if (!all) req.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const timer = setTimeout(() => finish(false), DRAIN_WAIT_MS);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onEnd);
    req.resume();
  });
}

/**
 * Closes the connection of a request whose body is still arriving, after a moment: long enough for the
 * client to read our answer (closing at once would reset the connection under a client still writing,
 * and a reset discards the answer), short enough that nobody streams gigabytes at us. Meanwhile Node
 * reads and drops the rest of the body, so memory stays flat.
 */
export function closeAfterLinger(req: IncomingMessage, millis = 1000): void {
  if (req.complete || droppingBodies.has(req)) return;
  const timer = setTimeout(() => req.socket.destroy(), millis);
  const done = () => clearTimeout(timer);
  req.once("end", done);
  req.socket.once("close", done);
}

/** Requests whose unread body is read and dropped after the answer (dropRestOfBody): no linger for them. */
const droppingBodies = new WeakSet<IncomingMessage>();

/** How long an upload whose rest is being dropped may send nothing before its connection is closed. */
const DROP_IDLE_MS = 5000;

/**
 * After an upload is answered before its body ended (a list refused on its first line, a visitor sent to
 * sign in): the rest is read and dropped, up to `limit` more bytes, so that a client still sending gets
 * to read the answer. Node does not do it for a body the action began to read, and closing over unread
 * bytes would reset the connection, which can discard the answer. Past `limit`, or after DROP_IDLE_MS
 * without a byte, the connection is closed; once the body ends, the connection serves the next request.
 */
export function dropRestOfBody(req: IncomingMessage, limit: number): void {
  if (req.complete) return;
  droppingBodies.add(req);
  let dropped = 0;
  const close = () => {
    stop();
    req.socket.destroy();
  };
  const timer = setTimeout(close, DROP_IDLE_MS);
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) close();
    else timer.refresh();
  };
  const stop = () => {
    clearTimeout(timer);
    req.off("data", onData);
    req.off("end", stop);
    req.socket.off("close", stop);
  };
  req.unpipe();
  req.on("data", onData);
  req.once("end", stop);
  req.socket.once("close", stop);
  req.resume();
}

/** How long an unparseable request's connection stays open, read and dropped, after Node's answer. */
export const CLIENT_ERROR_LINGER_MS = 1000;

/**
 * Answers a refused request with a short plain-text body; the reason goes on the request's one log line
 * (no stack: it is not our error).
 */
export async function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: Refusal,
  record: RequestRecord,
): Promise<void> {
  record.refusal = refusal.reason;
  if (refusal.route) record.route = refusal.route;
  // A small unread body is read first; an over-limit one is not read further (the caller closes the
  // connection after a linger).
  if (refusal.status !== 413) await drainBody(req);
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.writeHead(refusal.status, {
    "Content-Type": refusal.problem ? PROBLEM_TYPE : "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...refusal.headers,
  });
  res.end(refusal.problem ? problemBody(refusal.problem, refusal.message) : refusal.message);
}

/** Reads an ordinary form's body under its limit; a multipart body must also parse. */
export async function readFormBody(
  req: IncomingMessage,
  limit: number,
  api = false,
): Promise<Buffer | Refusal> {
  let body: Buffer;
  try {
    body = await readBodyCapped(req, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLarge(limit, api);
    throw error;
  }
  if (api) return body;
  const type = req.headers["content-type"] ?? "";
  const unreadable = (reason: string): Refusal => ({
    status: 400,
    message: "Bad request: the form could not be read.",
    reason,
  });
  let values: Iterable<FormDataEntryValue>;
  if (/^multipart\//i.test(type)) {
    try {
      values = (
        await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData()
      ).values();
    } catch {
      return unreadable("malformed multipart");
    }
  } else {
    values = new URLSearchParams(body.toString("utf8")).values();
  }
  // PostgreSQL text cannot hold a NUL character: a field with one would fail its insert with a 500.
  for (const value of values) {
    if (typeof value === "string" && value.includes("\u0000")) return unreadable("NUL in a field");
  }
  return body;
}
