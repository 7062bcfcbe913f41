/**
 * The portal's offline worker, run in a sandbox that stands in for the browser's service-worker global
 * (event listeners, Cache Storage, fetch, navigation preload): it keeps the offline page and nothing
 * else, and shows it only when a page cannot be reached. And the offline page itself.
 */
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { PORTAL_CACHE_PREFIX, renderOfflinePage, renderPortalWorker } from "./portal-worker.server";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers";

const ORIGIN = "https://leadworks.test";

interface FakeRequest {
  method: string;
  url: string;
  mode: string;
  credentials?: string;
  cache?: string;
}

type Listener = (event: Record<string, unknown>) => void;

const page = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });

/** Cache Storage of one origin: the site worker's cache is there too. */
const originCaches = () => new Map<string, Map<string, Response>>([["leadworks-v1", new Map()]]);

function startWorker(
  network: (request: FakeRequest) => Response | Promise<Response>,
  version = "v2",
  stores = originCaches(),
) {
  const listeners = new Map<string, Listener>();
  const fetches: FakeRequest[] = [];
  const keyOf = (request: string | FakeRequest) =>
    new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  const fetch = async (request: FakeRequest) => {
    fetches.push(request);
    return network(request);
  };
  let preloadEnabled = false;
  const caches = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async add(request: FakeRequest) {
          const response = await fetch(request);
          if (!response.ok) throw new TypeError(`Cache.add: ${response.status}`);
          store.set(keyOf(request), response);
        },
      };
    },
    async match(request: string | FakeRequest, options: { cacheName?: string } = {}) {
      const store = options.cacheName ? stores.get(options.cacheName) : undefined;
      return store?.get(keyOf(request))?.clone();
    },
    async keys() {
      return [...stores.keys()];
    },
    async delete(name: string) {
      return stores.delete(name);
    },
  };
  class Request {
    url: string;
    method = "GET";
    mode = "cors";
    credentials?: string;
    cache?: string;
    constructor(url: string, init: { credentials?: string; cache?: string } = {}) {
      this.url = keyOf(url);
      Object.assign(this, init);
    }
  }
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    registration: { navigationPreload: { enable: async () => void (preloadEnabled = true) } },
  };
  vm.runInNewContext(renderPortalWorker(version), { self, caches, fetch, Request, Promise });

  const lifecycle = async (type: "install" | "activate") => {
    let done: unknown;
    listeners.get(type)!({ waitUntil: (promise: unknown) => (done = promise) });
    await done;
  };
  return {
    fetches,
    caches: () => [...stores.keys()],
    stored: () =>
      [...stores.entries()].flatMap(([name, store]) => [...store.keys()].map((k) => `${name} ${k}`)),
    preloadEnabled: () => preloadEnabled,
    install: () => lifecycle("install"),
    activate: () => lifecycle("activate"),
    /** Dispatches a fetch event; the worker's answer, or undefined when it let the browser handle it. */
    async request(
      path: string,
      options: { mode?: string; method?: string; preload?: Promise<Response | undefined> } = {},
    ): Promise<Response | undefined> {
      let answer: Promise<Response> | undefined;
      const request: FakeRequest = {
        method: options.method ?? "GET",
        url: ORIGIN + path,
        mode: options.mode ?? "navigate",
      };
      listeners.get("fetch")!({
        request,
        preloadResponse: options.preload ?? Promise.resolve(undefined),
        respondWith: (promise: Promise<Response>) => (answer = promise),
      });
      return answer;
    },
  };
}

const offlineNetwork = () => {
  throw new TypeError("Failed to fetch");
};

describe("the portal's offline worker", () => {
  it("keeps only the offline page, fetched without cookies and past the HTTP cache", async () => {
    const worker = startWorker(() => page("<h1>You are offline</h1>"));
    await worker.install();
    expect(worker.fetches).toEqual([
      expect.objectContaining({ url: `${ORIGIN}/client/offline`, credentials: "omit", cache: "reload" }),
    ]);
    expect(worker.stored()).toEqual([`${PORTAL_CACHE_PREFIX}v2 ${ORIGIN}/client/offline`]);
  });

  it("does not install when the offline page cannot be fetched", async () => {
    const worker = startWorker(() => page("gone", 404));
    await expect(worker.install()).rejects.toThrow(TypeError);
  });

  it("on activation drops its older caches, leaves the site worker's, and turns on navigation preload", async () => {
    const stores = originCaches();
    await startWorker(() => page("old"), "v1", stores).install();
    const worker = startWorker(() => page("new"), "v2", stores);
    await worker.install();
    expect(worker.caches().sort()).toEqual([
      "leadworks-v1",
      `${PORTAL_CACHE_PREFIX}v1`,
      `${PORTAL_CACHE_PREFIX}v2`,
    ]);
    await worker.activate();
    expect(worker.caches().sort()).toEqual(["leadworks-v1", `${PORTAL_CACHE_PREFIX}v2`]);
    expect(worker.preloadEnabled()).toBe(true);
  });

  it("answers portal pages from the network, and stores none of them", async () => {
    const worker = startWorker((request) =>
      page(`<p>${new URL(request.url).pathname} of ada@example.com</p>`),
    );
    await worker.install();
    const answer = await worker.request("/client/leads/42");
    expect(await answer!.text()).toBe("<p>/client/leads/42 of ada@example.com</p>");
    expect(worker.stored()).toEqual([`${PORTAL_CACHE_PREFIX}v2 ${ORIGIN}/client/offline`]);
  });

  it("uses the preloaded page when the browser started one", async () => {
    const worker = startWorker(() => page("from fetch"));
    const answer = await worker.request("/client", { preload: Promise.resolve(page("preloaded")) });
    expect(await answer!.text()).toBe("preloaded");
  });

  it("shows an HTTP error as it is: only an unreachable network means offline", async () => {
    const worker = startWorker(() => page("<h1>Service unavailable</h1>", 503));
    await worker.install().catch(() => undefined);
    const answer = await worker.request("/client/leads");
    expect(answer!.status).toBe(503);
  });

  it("answers a page it cannot reach with the offline page", async () => {
    let online = true;
    const worker = startWorker((request) => {
      if (!online) throw new TypeError("Failed to fetch");
      return page(request.url.endsWith("/client/offline") ? "<h1>You are offline</h1>" : "<p>leads</p>");
    });
    await worker.install();
    online = false;
    for (const path of ["/client", "/client/leads?q=oak"]) {
      expect(await (await worker.request(path))!.text(), path).toBe("<h1>You are offline</h1>");
    }
    const preloadFailed = await worker.request("/client/team", {
      preload: Promise.reject(new TypeError("x")),
    });
    expect(await preloadFailed!.text()).toBe("<h1>You are offline</h1>");
  });

  it("fails as the network did when its offline page is gone (storage cleared)", async () => {
    const worker = startWorker(offlineNetwork);
    await expect(worker.request("/client")).rejects.toThrow("Failed to fetch");
  });

  it("leaves everything but page navigations to the browser: data, event streams, downloads, posts", async () => {
    const worker = startWorker(() => page("x"));
    const untouched: [string, { mode?: string; method?: string }][] = [
      ["/client/leads.data", { mode: "cors" }],
      ["/client/events", { mode: "cors" }],
      ["/client/insights/export.csv?section=delivered", { mode: "cors" }],
      ["/api/v1/leads", { mode: "cors" }],
      ["/assets/app-1a2b3c.js", { mode: "no-cors" }],
      ["/client/leads/42", { method: "POST" }],
      ["/auth/sign-out", { method: "POST" }],
    ];
    for (const [path, options] of untouched) {
      expect(await worker.request(path, options), path).toBeUndefined();
    }
    expect(worker.fetches).toEqual([]);
  });
});

describe("the offline page", () => {
  const html = renderOfflinePage();

  it("says the portal is offline, why nothing shows, and offers to try again", () => {
    expect(html).toContain("<title>You are offline | Leadworks</title>");
    expect(html).toContain("<h1>You are offline</h1>");
    expect(html).toContain("Your leads are not stored on this device.");
    expect(html).toContain('<button type="button" id="retry">Try again</button>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("needs no other file: no external script, stylesheet or image", () => {
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"|<img\b/);
    expect(html).not.toMatch(/(href|src)="\/(?!\/)/);
  });

  it("runs its one script under a CSP that allows it by hash", async () => {
    const hashes = await inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    expect(contentSecurityPolicy({ scriptHashes: hashes })).toContain(`script-src 'self' '${hashes[0]}'`);
  });
});
