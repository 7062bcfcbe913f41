import { portalApp } from "~/lib/portal-app";
import { renderPortalWorker } from "~/lib/portal-worker.server";

/**
 * /client/sw.js: the portal's offline worker. Its scope is /client (the portal's home included), one
 * step above its own folder, which the Service-Worker-Allowed header permits. Never cached by HTTP, so
 * a new build's worker is seen at the next visit.
 */
export function loader() {
  return new Response(renderPortalWorker(), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": portalApp.scope,
    },
  });
}
