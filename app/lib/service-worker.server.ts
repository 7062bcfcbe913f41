/**
 * The offline worker. It caches the public home page (the shell) at install, keeps hashed assets it has
 * seen (cache first: their names change with their content), and answers navigations from the network,
 * falling back to the cached copy of the page or the shell when offline. Only GET on our own origin is
 * touched; account pages (/auth, /account, /admin, /client) and API calls always go to the network. The
 * client portal's pages have a worker of their own (portal-worker.server.ts, scope /client).
 *
 * It stores only what the server marks as shareable: `Cache-Control` with `public` and without `private`
 * or `no-store`. Prerendered public pages and hashed assets say so; every response rendered for a
 * visitor with a session (or a one-time flash) says `private, no-store` (server/app.ts), so no page of a
 * signed-in user is ever kept on the device. The shell is fetched without cookies for the same reason.
 */
const worker = (version: string) => `const CACHE = "leadworks-${version}";
const SHELL = "/";
const NETWORK_ONLY = [/^\\/admin/, /^\\/client/, /^\\/auth/, /^\\/account/, /^\\/unsubscribe/, /^\\/api\\//, /\\.data$/];

function storable(response) {
  if (!response || !response.ok || response.type !== "basic" || response.redirected) return false;
  const cacheControl = (response.headers.get("Cache-Control") || "").toLowerCase();
  return /\\bpublic\\b/.test(cacheControl) && !/\\b(private|no-store)\\b/.test(cacheControl);
}

function store(request, response) {
  if (!storable(response)) return;
  const copy = response.clone();
  caches.open(CACHE).then((cache) => cache.put(request, copy));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    fetch(SHELL, { credentials: "omit" })
      .then((response) =>
        storable(response) ? caches.open(CACHE).then((cache) => cache.put(SHELL, response)) : undefined,
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      // Only this worker's older caches: the client portal's worker keeps its own (portal-offline-*).
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("leadworks-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.some((re) => re.test(url.pathname))) return;

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            store(request, response);
            return response;
          }),
      ),
    );
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          store(request, response);
          return response;
        })
        .catch(() => caches.match(request).then((hit) => hit || caches.match(SHELL))),
    );
  }
});
`;

declare const __BUILD_VERSION__: string;

/** The worker's source; the build version names its cache so a new build drops old entries. */
export function renderServiceWorker(version: string = __BUILD_VERSION__): string {
  return worker(version);
}
