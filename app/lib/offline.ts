/**
 * Being offline, in one place (ADR 044, ADR 050): the words the portal's offline page and the error
 * boundaries show when the network cannot be reached, and how a boundary tells a network failure from
 * a page that failed on the server.
 */
import { isRouteErrorResponse } from "react-router";
import { site } from "./site";

/** The offline page's words (lib/portal-worker.server.ts renders them; OfflineNotice shows them). */
export const offlineWords = {
  title: "You are offline",
  paragraphs: [
    `This device cannot reach ${site.name} right now, so the page cannot be shown.`,
    "Your leads are not stored on this device. Check your connection, then try again.",
  ],
  retry: "Try again",
} as const;

/**
 * What browsers reject `fetch` with when no answer came (Chromium, Firefox, Safari): the request never
 * reached the server, or its answer never arrived.
 */
const NETWORK_MESSAGES = /failed to fetch|networkerror|load failed|network connection was lost/i;

/**
 * Whether a route's error is the network's, not the page's: an in-app navigation whose data or route
 * manifest could not be fetched (a TypeError from fetch), or any non-HTTP error while the browser says
 * it is offline. An HTTP answer (a 500 included) is never one: the server was reached.
 */
export function isNetworkFailure(error: unknown, online: boolean | undefined): boolean {
  if (isRouteErrorResponse(error)) return false;
  if (online === false) return true;
  return error instanceof TypeError && NETWORK_MESSAGES.test(error.message);
}

/** The browser's own word on the connection; undefined on the server, which has none. */
export const browserOnline = (): boolean | undefined =>
  typeof navigator === "undefined" ? undefined : navigator.onLine;
