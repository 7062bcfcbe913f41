/**
 * The offline worker's source, run in a sandbox that stands in for the browser's service-worker global
 * (event listeners, Cache Storage, fetch): what it stores and what it leaves alone.
 */
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { renderServiceWorker } from "./service-worker.server";

const ORIGIN = "https://leadworks.test";

interface FakeRequest {
  method: string;
  url: string;
  mode: string;
}

type Listener = (event: Record<string, unknown>) => void;

/** A same-origin response as fetch gives it to a worker ("basic"), optionally the end of a redirect. */
function served(body: string, cacheControl: string | null, options: { redirected?: boolean } = {}): Response {
  const headers = new Headers({ "Content-Type": "text/html" });
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  const response = new Response(body, { headers });
  Object.defineProperty(response, "type", { value: "basic" });
  Object.defineProperty(response, "redirected", { value: options.redirected ?? false });
  return response;
}

function startWorker(network: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: string | FakeRequest) =>
    new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  const fetches: { url: string; init?: RequestInit }[] = [];
  const caches = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async put(request: string | FakeRequest, response: Response) {
          store.set(keyOf(request), response);
        },
      };
    },
    async match(request: string | FakeRequest) {
      for (const store of stores.values()) {
        const hit = store.get(keyOf(request));
        if (hit) return hit.clone();
      }
      return undefined;
    },
    async keys() {
      return [...stores.keys()];
    },
    async delete(name: string) {
      return stores.delete(name);
    },
  };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const fetch = async (input: string | FakeRequest, init?: RequestInit) => {
    const url = keyOf(input);
    fetches.push({ url, init });
    return network(url, init);
  };
  vm.runInNewContext(renderServiceWorker("test"), { self, caches, fetch, URL, Promise });

  return {
    fetches,
    /** The URLs stored in the worker's caches. */
    stored: () => [...stores.values()].flatMap((store) => [...store.keys()]),
    /** The names of the origin's caches; `seed` adds empty ones, as other workers or builds left them. */
    cacheNames: (...seed: string[]) => {
      for (const name of seed) stores.set(name, new Map());
      return [...stores.keys()];
    },
    async install() {
      let done: unknown;
      listeners.get("install")!({ waitUntil: (promise: unknown) => (done = promise) });
      await done;
    },
    async activate() {
      let done: unknown;
      listeners.get("activate")!({ waitUntil: (promise: unknown) => (done = promise) });
      await done;
    },
    /** Dispatches a fetch event; the worker's answer, or undefined when it let the browser handle it. */
    async request(path: string, mode = "navigate"): Promise<Response | undefined> {
      let answer: Promise<Response> | undefined;
      const request: FakeRequest = { method: "GET", url: ORIGIN + path, mode };
      listeners.get("fetch")!({ request, respondWith: (promise: Promise<Response>) => (answer = promise) });
      const response = await answer;
      // Storing happens after the answer, as in the browser.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return response;
    },
  };
}

const PUBLIC_PAGE = "public, max-age=0, must-revalidate";
const HASHED_ASSET = "public, max-age=31536000, immutable";
const PERSONAL = "private, no-store";

describe("the offline worker", () => {
  it("caches the public home page at install, fetched without cookies", async () => {
    const worker = startWorker(() => served("<h1>Home</h1>", PUBLIC_PAGE));
    await worker.install();
    expect(worker.fetches).toEqual([{ url: `${ORIGIN}/`, init: { credentials: "omit" } }]);
    expect(worker.stored()).toEqual([`${ORIGIN}/`]);
  });

  it("on activation drops its older caches and leaves the client portal's worker its own", async () => {
    const worker = startWorker(() => served("<h1>Home</h1>", PUBLIC_PAGE));
    await worker.install();
    worker.cacheNames("leadworks-old", "portal-offline-old");
    await worker.activate();
    expect(worker.cacheNames().sort()).toEqual(["leadworks-test", "portal-offline-old"]);
  });

  it("keeps public pages and hashed assets", async () => {
    const worker = startWorker((url) =>
      url.includes("/assets/") ? served("js", HASHED_ASSET) : served("<h1>About</h1>", PUBLIC_PAGE),
    );
    await worker.request("/about/real-estate-lead-generation-company");
    await worker.request("/assets/app-1a2b3c.js", "no-cors");
    expect(worker.stored().sort()).toEqual([
      `${ORIGIN}/about/real-estate-lead-generation-company`,
      `${ORIGIN}/assets/app-1a2b3c.js`,
    ]);
  });

  it.each([
    ["rendered for a signed-in visitor (private, no-store)", served("<p>ada@example.com</p>", PERSONAL)],
    ["marked no-store", served("<p>once</p>", "no-store")],
    ["marked private", served("<p>mine</p>", "private, max-age=60")],
    ["without any Cache-Control", served("<p>?</p>", null)],
    ["at the end of a redirect", served("<p>moved</p>", PUBLIC_PAGE, { redirected: true })],
  ])("does not store a page %s, but still shows it", async (_label, response) => {
    const worker = startWorker(() => response);
    const answer = await worker.request("/");
    expect(answer?.status).toBe(200);
    expect(worker.stored()).toEqual([]);
  });

  it("does not store a personal answer to an asset request either", async () => {
    const worker = startWorker(() => served("secret", PERSONAL));
    await worker.request("/assets/report.js", "no-cors");
    expect(worker.stored()).toEqual([]);
  });

  it("leaves account, admin and client pages and data requests to the browser", async () => {
    const worker = startWorker(() => served("<p>x</p>", PUBLIC_PAGE));
    for (const path of ["/account", "/admin/leads", "/client", "/auth", "/api/v1/leads", "/blog.data"]) {
      expect(await worker.request(path), path).toBeUndefined();
    }
    expect(worker.fetches).toEqual([]);
  });

  it("answers from the cache when offline: the page itself, else the shell", async () => {
    let online = true;
    const worker = startWorker((url) => {
      if (!online) throw new TypeError("Failed to fetch");
      return served(`<h1>${new URL(url).pathname}</h1>`, PUBLIC_PAGE);
    });
    await worker.install();
    await worker.request("/services/real-estate-lead-generation-solutions");
    online = false;
    const cached = await worker.request("/services/real-estate-lead-generation-solutions");
    expect(await cached!.text()).toBe("<h1>/services/real-estate-lead-generation-solutions</h1>");
    const shell = await worker.request("/blog/real-estate-lead-generation-insights");
    expect(await shell!.text()).toBe("<h1>/</h1>");
  });
});
