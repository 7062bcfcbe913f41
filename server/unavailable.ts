/**
 * A request that failed while the database does not answer is not a bug of ours: it is answered 503 with
 * `Retry-After` (a plain page, problem+json under /api), so clients and load balancers wait and try
 * again, while the app keeps running and reconnects on its own once the database is back.
 */
import { PROBLEM_TYPE } from "~/lib/problem";
import { RETRY_AFTER_SECONDS } from "./ops";
import { withTimeout } from "./timeout";

/** How long the check after a failed request waits for the database. */
const PING_TIMEOUT_MS = 1_000;

/** True when the database answers a trivial query within a second. */
export async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  try {
    await withTimeout(ping(), PING_TIMEOUT_MS, "timed out");
    return true;
  } catch {
    return false;
  }
}

export interface UnavailableAnswer {
  status: 503;
  headers: Record<string, string>;
  body: string;
}

/** The 503 for `pathname`: problem details for the API, a short plain text for everyone else. */
export function unavailableAnswer(pathname: string): UnavailableAnswer {
  const headers = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    return {
      status: 503,
      headers: { ...headers, "Content-Type": PROBLEM_TYPE },
      body: JSON.stringify({
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: `The database is not answering. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
      }),
    };
  }
  return {
    status: 503,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    body: `The service is briefly unavailable. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
  };
}
