/** What a failed statement says about itself, through drizzle's wrapping (the driver's error is its cause). */

/** PostgreSQL's SQLSTATE of a statement cancelled by statement_timeout (or a cancel request). */
const QUERY_CANCELED = "57014";

/** True when `error`, or an error it wraps, is a statement cancelled for running past its time. */
export function isStatementTimeout(error: unknown): boolean {
  for (let at = error, depth = 0; at && depth < 5; depth++) {
    if ((at as { code?: unknown }).code === QUERY_CANCELED) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}
