/**
 * The client portal's offline worker (served at /client/sw.js, scope /client) and the offline page it
 * keeps. The worker stores one thing, the offline page, fetched without cookies at install; it answers
 * the portal's page navigations from the network and, only when the network cannot be reached, with that
 * page. Everything else (data requests, event streams, downloads as fetches, form posts, other origins)
 * never reaches its handler's respondWith: the browser handles it as if there were no worker. So no
 * lead, no API answer and nothing personal is ever kept on the device.
 *
 * The build version names the cache and changes the script's bytes, so each build installs a new worker
 * that drops the previous one's cache. Sign-out clears it all (Clear-Site-Data: "storage").
 */
import { offlineWords } from "./offline";
import { portalApp } from "./portal-app";
import { site } from "./site";

export const PORTAL_CACHE_PREFIX = "portal-offline-";

const worker = (version: string) => `const CACHE = ${JSON.stringify(PORTAL_CACHE_PREFIX + version)};
const OFFLINE = ${JSON.stringify(portalApp.offlinePage)};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE, { credentials: "omit", cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([
      // Only this worker's older caches: the public site's worker keeps its own.
      caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys
              .filter((key) => key.startsWith(${JSON.stringify(PORTAL_CACHE_PREFIX)}) && key !== CACHE)
              .map((key) => caches.delete(key)),
          ),
        ),
      // The page request starts while the worker wakes up, so the worker costs a navigation no time.
      self.registration.navigationPreload && self.registration.navigationPreload.enable(),
    ]).then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(request));
      } catch (error) {
        // The network could not be reached (an HTTP error is an answer and is shown as it is).
        const offline = await caches.match(OFFLINE, { cacheName: CACHE, ignoreVary: true });
        if (offline) return offline;
        throw error;
      }
    })(),
  );
});
`;

declare const __BUILD_VERSION__: string;

/** The portal worker's source for this build. */
export function renderPortalWorker(version: string = __BUILD_VERSION__): string {
  return worker(version);
}

/** The mark of public/favicon.svg, drawn inline: the offline page needs no other file. */
const mark =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="48" height="48" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#1e40af"/><path d="M6 15.5 16 7l10 8.5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/><path d="M10.5 24v-4.5M16 24v-7.5M21.5 24v-10" stroke="#f59e0b" stroke-width="3" stroke-linecap="round"/></svg>';

/** Reloads the address the visitor asked for: the worker showed this page in its place. */
export const OFFLINE_RETRY_SCRIPT =
  'document.getElementById("retry").addEventListener("click",function(){location.reload()});';

/**
 * The offline page: one self-contained document (styles, mark and script inline), the same for everyone,
 * with nothing of any visitor in it. Colours are the product's tokens (app.css).
 */
export function renderOfflinePage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="${site.themeColor}">
<title>${offlineWords.title} | ${site.name}</title>
<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(mark)}">
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;background:#f1f5f9;color:#0f172a;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;line-height:1.5;-webkit-font-smoothing:antialiased}
main{width:100%;max-width:26rem;padding:2rem 1.5rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff;text-align:center}
h1{margin:1rem 0 .5rem;font-size:1.5rem;font-weight:800;letter-spacing:-.01em}
p{margin:0 0 .75rem;color:#475569}
button{margin-top:.75rem;min-height:2.75rem;padding:.5rem 1.5rem;border:0;border-radius:.375rem;background:#1e40af;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1e3a8a}
button:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
</style>
</head>
<body>
<main>
${mark}
<h1>${offlineWords.title}</h1>
${offlineWords.paragraphs.map((text) => `<p>${text}</p>`).join("\n")}
<button type="button" id="retry">${offlineWords.retry}</button>
</main>
<script>${OFFLINE_RETRY_SCRIPT}</script>
</body>
</html>
`;
}
