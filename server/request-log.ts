/**
 * One log line per request: its id (a sane incoming X-Request-Id, or a new one, sent back as a response
 * header), method, path without its query string, route pattern, status, duration and the user where known.
 * The line is written when the response finishes, or when the connection closes first (the client went
 * away: `aborted`). Writing it only listens to the response; it never touches the request or delays it.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log, type RequestLogScope } from "~/lib/log.server";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** What a proxy or client may send as a request id: short, no spaces, nothing to escape. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@+=-]{0,127}$/;

/** The request's id: the incoming X-Request-Id when it is sane, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** The request's facts, filled in as the server learns them (route) and as code below adds to them. */
export interface RequestRecord extends RequestLogScope {
  /** The route pattern (bounded: never the raw path), for the line and the metrics. */
  route: string;
  /** Probes and scrapes: not counted in the request metrics, and logged at debug level when they pass. */
  quiet?: boolean;
}

/** What the metrics take from a finished request. */
export interface FinishedRequest {
  method: string;
  route: string;
  /** The status sent, or "aborted" when the client left before an answer was complete. */
  status: string;
  seconds: number;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a metric label: the ones we know, everything else as OTHER (bounded cardinality). */
export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : "OTHER";
}

/**
 * Starts the record of a request: sets its X-Request-Id response header and writes its line once the
 * response is done. `onFinished` (the metrics) hears about every request that is not quiet.
 */
export function startRequestRecord(
  req: IncomingMessage,
  res: ServerResponse,
  onFinished?: (request: FinishedRequest) => void,
): RequestRecord {
  const started = performance.now();
  const record: RequestRecord = { id: requestIdFrom(req.headers["x-request-id"]), route: "unmatched" };
  res.setHeader(REQUEST_ID_HEADER, record.id);
  let written = false;
  const done = () => {
    if (written) return;
    written = true;
    res.off("finish", done);
    res.off("close", done);
    try {
      writeLine(req, res, record, performance.now() - started, onFinished);
    } catch {
      // A log line is never worth a request: nothing here may throw into the server.
    }
  };
  res.once("finish", done);
  res.once("close", done);
  return record;
}

function writeLine(
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
  millis: number,
  onFinished: ((request: FinishedRequest) => void) | undefined,
): void {
  const aborted = !res.writableFinished;
  const status = res.headersSent ? res.statusCode : undefined;
  const method = (req.method ?? "").slice(0, 20);
  // The path only: query values can be tokens (reset and confirmation links).
  const rawUrl = req.url ?? "/";
  const queryAt = rawUrl.indexOf("?");
  const path = (queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt)).slice(0, 300);
  const ms = Math.round(millis * 10) / 10;
  const fields: Record<string, unknown> = {
    reqId: record.id,
    method,
    path,
    route: record.route,
    status: status ?? null,
    ms,
    ...(record.userId ? { userId: record.userId } : {}),
    ...(record.refusal ? { refusal: record.refusal } : {}),
    ...(aborted ? { aborted: true } : {}),
  };
  const message = `[http] ${method} ${path} ${status ?? "-"}${aborted ? " (aborted)" : ""}`;
  if (status !== undefined && status >= 500) log.error(fields, message);
  else if (record.refusal) log.warn(fields, message);
  // A passing probe or scrape only at debug level; a failing one at the usual level.
  else if (record.quiet && (status ?? 0) < 400) log.debug(fields, message);
  else log.info(fields, message);

  // An event stream lasts as long as the page is open: its clients are a gauge, not a duration.
  const eventStream = String(res.getHeader("content-type") ?? "").startsWith("text/event-stream");
  if (onFinished && !record.quiet && !eventStream) {
    onFinished({
      method: methodLabel(req.method),
      route: record.route,
      status: aborted || status === undefined ? "aborted" : String(status),
      seconds: millis / 1000,
    });
  }
}
