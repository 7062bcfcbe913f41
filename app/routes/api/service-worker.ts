import { renderServiceWorker } from "~/lib/service-worker.server";

/** /sw.js: served from the site root so its scope is the whole site; never cached by HTTP. */
export function loader() {
  return new Response(renderServiceWorker(), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
    },
  });
}
