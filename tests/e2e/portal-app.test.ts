/**
 * The client portal as an installed app (issue 26 §3) in Chromium, on a phone: its pages link the
 * portal's manifest (icons fetchable, PNGs of the sizes it names); its worker takes control, keeps only
 * the offline page and shows it when the network is down, with Try again back to the page asked for;
 * sign-out still works and takes the worker with it. The public site registers none of it and still
 * ships no script.
 */
import fs from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { portalManifest } from "~/lib/portal-app";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";
import { htmlErrors } from "../support/html-checker";

const CLIENT: TestUser = {
  email: "maya@cedarline.example",
  password: "Cedar-Line-Homes-88",
  role: "client",
  firstName: "Maya",
  lastName: "Okafor",
  company: "Cedarline Homes",
};

const app = appForFile({ name: "portal-app", users: [CLIENT] });

beforeAll(() => app.keepSessions([CLIENT]));

/** Width and height from a PNG's header (the IHDR chunk follows the 8-byte signature). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The scopes of the page's origin's worker registrations, as paths. */
const registrationScopes = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort(),
  );

/** Every entry of the origin's caches: its cache, path and body. */
const cachedEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: { cache: string; path: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name,
          path: new URL(request.url).pathname,
          body: (await response?.text()) ?? "",
        });
      }
    }
    return entries;
  });

/** Waits until the portal's worker (not the site's) controls the page: it claims pages as it activates. */
async function underPortalWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith("/client/sw.js"));
}

describe("the portal as an installed app", () => {
  it("links its own manifest, whose icons are PNGs of the sizes it names", async () => {
    const page = await app.openAs(CLIENT, "/client", viewports.phone);
    const head = page.locator("head");
    await expect(
      head.locator('link[rel="manifest"]').evaluateAll((links) => links.map((l) => l.getAttribute("href"))),
    ).resolves.toEqual(["/client/manifest.webmanifest"]);
    await expect(head.locator('link[rel="apple-touch-icon"]').getAttribute("href")).resolves.toBe(
      "/icons/apple-touch-icon.png",
    );
    await expect(head.locator('meta[name="theme-color"]').getAttribute("content")).resolves.toBe("#1e3a8a");

    const response = await app.http("/client/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/manifest+json");
    // The manifest the code builds (its content is checked in app/lib/portal-app.test.ts), as served.
    const manifest = portalManifest();
    expect(await response.json()).toEqual(manifest);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const icon of [
      ...manifest.icons,
      { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
    ]) {
      const file = await app.http(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get("content-type"), icon.src).toBe(icon.type);
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toBe(icon.sizes);
    }
  });

  it(
    "shows the offline page when the network is down, keeps nothing personal, and signs out as before",
    { timeout: 90_000 },
    async () => {
      // A session of its own: the one kept for the other tests is not signed out here.
      const { page } = await app.pages.blank({ viewport: viewports.phone });
      await page.goto(app.url + "/auth?redirectTo=%2Fclient", { waitUntil: "networkidle" });
      await app.signIn(page, CLIENT);
      await page.waitForURL(app.url + "/client");
      // A worker claims the pages that were loaded within its scope: the portal after a page load, not
      // the sign-in page the app navigated from.
      await page.goto(app.url + "/client", { waitUntil: "networkidle" });
      await underPortalWorker(page);
      // The site's worker (spec 01 §8) and the portal's, whose scope takes the portal's home in.
      expect(await registrationScopes(page)).toEqual(["/", "/client"]);

      // Browse a little: pages with the client's name and leads went through the worker.
      await page.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "My Leads" }).waitFor();
      const entries = await cachedEntries(page);
      expect(entries.filter((entry) => entry.cache.startsWith("portal-offline-")).map((e) => e.path)).toEqual(
        ["/client/offline"],
      );
      // No cached page of the portal; nothing anywhere that names the client.
      expect(
        entries.filter((entry) => entry.path.startsWith("/client") && entry.path !== "/client/offline"),
      ).toEqual([]);
      for (const entry of entries) {
        expect(entry.body, entry.path).not.toContain(CLIENT.email);
        expect(entry.body, entry.path).not.toContain(CLIENT.company);
      }

      // Under the worker a download still arrives as a file, from a link that says download and from
      // one that is simply followed (a navigation the worker passes on: the answer is an attachment).
      await page.goto(app.url + "/client/insights", { waitUntil: "networkidle" });
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
        /\/client\/sw\.js$/,
      );
      for (const attribute of [true, false]) {
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.evaluate((attribute) => {
            const link = document.createElement("a");
            link.href = "/client/insights/export.csv?dataset=delivered";
            if (attribute) link.download = "";
            document.body.append(link);
            link.click();
            link.remove();
          }, attribute),
        ]);
        expect(download.suggestedFilename()).toMatch(/^my-insights-delivered-.*\.csv$/);
        expect(fs.readFileSync((await download.path())!, "utf8")).toContain("Week of");
      }
      expect(page.url()).toBe(app.url + "/client/insights");
      // The portal's event stream (text/event-stream) still opens under the worker.
      const streamOpens = page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const stream = new EventSource("/client/events");
            stream.onopen = () => (stream.close(), resolve(true));
            stream.onerror = () => (stream.close(), resolve(false));
          }),
      );
      await expect(streamOpens).resolves.toBe(true);

      await page.context().setOffline(true);
      await page.goto(app.url + "/client/leads?q=oak");
      await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
      expect(await page.title()).toBe("You are offline | Leadworks");
      expect(page.url()).toBe(app.url + "/client/leads?q=oak");
      await expect(page.getByText("Your leads are not stored on this device.").isVisible()).resolves.toBe(
        true,
      );
      expect(await page.content()).not.toContain(CLIENT.email);
      const failures = await axeViolations(page, "offline phone");
      await page.setViewportSize(viewports.desktop);
      failures.push(...(await axeViolations(page, "offline desktop")));
      await page.setViewportSize(viewports.phone);
      expect(failures).toEqual([]);

      // Back online, Try again loads the page that was asked for.
      await page.context().setOffline(false);
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { name: "My Leads" }).waitFor();
      expect(page.url()).toBe(app.url + "/client/leads?q=oak");

      // Sign-out (a form post) is not the worker's: it signs out, and Clear-Site-Data takes the workers.
      await page.waitForLoadState("networkidle");
      const menu = page.getByRole("banner").locator("details").filter({ hasText: "account menu" });
      await menu.locator("summary").click();
      await menu.getByRole("button", { name: "Sign out" }).click();
      await toast(page, "Signed out").waitFor();
      await expect.poll(() => registrationScopes(page), { timeout: 10_000 }).not.toContain("/client");
    },
  );

  it(
    "serves the worker and the offline page with sane headers and nothing personal",
    { timeout: 60_000 },
    async () => {
      const worker = await app.http("/client/sw.js");
      expect(worker.headers.get("content-type")).toContain("text/javascript");
      expect(worker.headers.get("cache-control")).toBe("no-cache");
      expect(worker.headers.get("service-worker-allowed")).toBe("/client");

      const anonymous = await app.http("/client/offline");
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-[^']+'/);
      const cookie = app
        .sessionOf(CLIENT)
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
      const signedIn = await app.http("/client/offline", { headers: { Cookie: cookie } });
      const html = await anonymous.text();
      expect(await signedIn.text()).toBe(html);
      expect(await htmlErrors([{ label: "/client/offline", html }])).toEqual([]);
    },
  );
});

describe("the portal when the network drops inside the app", () => {
  it(
    "says it is offline, not 500, when an in-app link cannot reach the server; Try again reloads",
    { timeout: 60_000 },
    async () => {
      // Both pages' code is loaded first: only the next page's data cannot come (ADR 050).
      const page = await app.openAs(CLIENT, "/client/insights", viewports.phone);
      await page.getByRole("heading", { level: 1, name: "Your Insights" }).waitFor();
      await page.goto(app.url + "/client", { waitUntil: "networkidle" });
      await page.context().setOffline(true);
      await page
        .getByRole("navigation", { name: "Client portal" })
        .getByRole("link", { name: "Insights" })
        .click();
      await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
      // The app's own boundary, inside the running app (not the worker's offline document).
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
      await expect(
        page
          .getByText("Your leads are not stored on this device. Check your connection, then try again.")
          .isVisible(),
      ).resolves.toBe(true);
      expect(await page.getByText("Something went wrong").count()).toBe(0);
      expect(await page.getByText("500", { exact: true }).count()).toBe(0);
      // Not the public site's frame, which would offer a signed-in person to sign in.
      expect(await page.getByRole("link", { name: /sign in/i }).count()).toBe(0);
      expect(await page.getByRole("contentinfo").count()).toBe(0);
      expect(await page.title()).toBe("You are offline | Leadworks");
      const failures = await axeViolations(page, "offline boundary phone");
      await page.setViewportSize(viewports.desktop);
      failures.push(...(await axeViolations(page, "offline boundary desktop")));
      expect(failures).toEqual([]);
      // The requests that could not go out, and React Router's note of the route lookup that failed.
      app.pages.drop(
        page,
        (problem) =>
          problem.includes("ERR_INTERNET_DISCONNECTED") || problem.includes("TypeError: Failed to fetch"),
      );

      // Back online, Try again reloads the page the link asked for.
      await page.context().setOffline(false);
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { level: 1, name: "Your Insights" }).waitFor();
      expect(page.url()).toBe(app.url + "/client/insights");
    },
  );

  it("still shows the error page when the server answers 500", { timeout: 60_000 }, async () => {
    const page = await app.openAs(CLIENT, "/client/insights", viewports.phone);
    await page.route(/\/client\/leads\.data/, (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Unexpected Server Error" }),
    );
    await page
      .getByRole("navigation", { name: "Client portal" })
      .getByRole("link", { name: /^My Leads/ })
      .click();
    await page.getByRole("heading", { level: 1, name: "Something went wrong" }).waitFor();
    expect(await page.getByText("You are offline").count()).toBe(0);
    app.pages.expectRefusal(page, 500);
  });
});

describe("the public site", () => {
  it("registers no portal worker, links no portal manifest and loads no script", async () => {
    const { page } = await app.pages.blank({ viewport: viewports.phone });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(app.url + "/", { waitUntil: "load" });
    // Only the site's own worker (spec 01 §8), registered by the page's one inline line.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await registrationScopes(page)).toEqual(["/"]);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await page.locator("script[src], script[type=module], link[rel=modulepreload]").count()).toBe(0);
    await expect(page.locator('link[rel="manifest"]').getAttribute("href")).resolves.toBe(
      "/manifest.webmanifest",
    );
    expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(0);
  });

  it("registers no portal worker for a signed-in client either", async () => {
    const page = await app.openAs(CLIENT, "/", viewports.phone);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await registrationScopes(page)).toEqual(["/"]);
  });
});
