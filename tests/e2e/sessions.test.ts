/**
 * Sessions against a server of its own: the headers of sign-out (Clear-Site-Data) and of pages rendered
 * for a signed-in visitor (private, no-store), the session list on /account with "Sign out other
 * sessions" in two browsers signed in as the same user (with and without JavaScript), axe on /account,
 * and the offline worker, which keeps public pages but nothing rendered for a signed-in visitor.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, type TestUser } from "../support/e2e-app";

/**
 * One account per group of tests: sign-in is limited to 10 attempts per account in 15 minutes (the
 * spec's per-account limits apply even with IP_RATE_LIMITS=off).
 */
const PASSWORD = "Harbor-Light-4242";
const account = (email: string, firstName: string, lastName: string): TestUser => ({
  email,
  password: PASSWORD,
  firstName,
  lastName,
});
const HTTP_USER = account("nia.stone@example.com", "Nia", "Stone");
const BROWSER_USER = account("omar.reyes@example.com", "Omar", "Reyes");
const WORKER_USER = account("lena.park@example.com", "Lena", "Park");

const app = appForFile({ name: "sessions", users: [HTTP_USER, BROWSER_USER, WORKER_USER] });

// ---------------------------------------------------------------- HTTP

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** Signs in over HTTP; returns the Cookie header for the new session. */
async function cookieOfNewSession(): Promise<string> {
  const { email, password } = HTTP_USER;
  const response = await app.http("/auth", form({ intent: "sign-in", email, password }));
  expect(response.status).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith("leadworks.session_token="))
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toMatch(/^leadworks\.session_token=./);
  return cookie;
}

describe("headers", () => {
  it("marks every page rendered for a signed-in visitor private, no-store; public pages stay public", async () => {
    const cookie = await cookieOfNewSession();
    for (const urlPath of ["/", paths.about, paths.blog, "/account"]) {
      const response = await app.http(urlPath, { headers: { Cookie: cookie } });
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get("cache-control"), urlPath).toBe("private, no-store");
      expect(await response.text(), urlPath).toContain(HTTP_USER.email);
    }
    const anonymous = await app.http("/");
    expect(anonymous.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(await anonymous.text()).not.toContain(HTTP_USER.email);
  });

  it('answers sign-out with Clear-Site-Data: "cache", "storage", and still sets the flash', async () => {
    for (const urlPath of ["/auth/sign-out", "/auth/sign-out.data"]) {
      const cookie = await cookieOfNewSession();
      const response = await app.http(urlPath, {
        ...form({}),
        headers: { ...form({}).headers, Cookie: cookie },
      });
      expect([302, 202, 204], urlPath).toContain(response.status);
      expect(response.headers.get("clear-site-data"), urlPath).toBe('"cache", "storage"');
      const setCookies = response.headers.getSetCookie();
      expect(setCookies.some((c) => c.startsWith("leadworks_flash="))).toBe(true);
      expect(setCookies.some((c) => c.startsWith("leadworks.session_token=;"))).toBe(true);
      expect((await app.http("/account", { headers: { Cookie: cookie } })).status).toBe(302);
    }
  });

  it("refuses a cross-site 'Sign out other sessions' and ends nothing", async () => {
    const attacker = await cookieOfNewSession();
    const victim = await cookieOfNewSession();
    const response = await app.http("/account", {
      ...form({ intent: "sign-out-others" }),
      headers: { ...form({}).headers, Cookie: attacker, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await app.http("/account", { headers: { Cookie: victim } })).status).toBe(200);
  });
});

// ---------------------------------------------------------------- browsers

async function newBrowserSession(javaScriptEnabled = true) {
  const watched = await app.pages.blank({ javaScriptEnabled });
  // Fail a step with its own message rather than the whole test by its timeout.
  watched.context.setDefaultTimeout(15_000);
  return watched;
}

async function signInThrough(page: Page, redirectTo: string, user: TestUser) {
  await page.goto(`${app.url}/auth?redirectTo=${encodeURIComponent(redirectTo)}`, {
    waitUntil: "networkidle",
  });
  await app.signIn(page, user);
  await page.waitForURL(app.url + redirectTo);
}

const sessionItems = (page: Page) => page.getByRole("list", { name: "Your sessions" }).getByRole("listitem");

/** The session list shows `count` sessions (waiting for the page to render them). */
const expectSessions = (page: Page, count: number) =>
  expect.poll(() => sessionItems(page).count(), { timeout: 10_000 }).toBe(count);

describe("signing out other sessions", () => {
  it(
    "two browsers as one user: each signs the other out, with and without JavaScript",
    { timeout: 120_000 },
    async () => {
      const first = await newBrowserSession();
      await signInThrough(first.page, "/account", BROWSER_USER);
      await expectSessions(first.page, 1);

      const noScript = await newBrowserSession(false);
      await signInThrough(noScript.page, "/account", BROWSER_USER);
      await first.page.reload({ waitUntil: "networkidle" });

      // Both sessions are listed, each browser seeing itself as "This device".
      for (const { page } of [first, noScript]) {
        await expectSessions(page, 2);
        const current = sessionItems(page).filter({ hasText: "This device" });
        await expect(current.count()).resolves.toBe(1);
        await expect(current.textContent()).resolves.toMatch(/Chrome on Linux.*IP address127\.0\.0\.1/);
        await expect(current.textContent()).resolves.toMatch(/Signed in.+Last active.+/);
      }
      expect(await axeViolations(first.page)).toEqual([]);

      // Without JavaScript: a plain POST, answered with the page and an inline status.
      await noScript.page.getByRole("button", { name: "Sign out other sessions" }).click();
      await noScript.page.getByRole("status").filter({ hasText: "Signed out of 1 other session." }).waitFor();
      await expectSessions(noScript.page, 1);
      await noScript.page.getByText("You're not signed in anywhere else.").waitFor();

      // The other browser is signed out on its next navigation (a client-side one, then a full load).
      await first.page.getByRole("banner").getByRole("link", { name: "Blog" }).first().click();
      await first.page.waitForURL(app.url + paths.blog);
      await first.page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
      await first.page.goto(app.url + "/account", { waitUntil: "networkidle" });
      await first.page.waitForURL(app.url + "/auth?redirectTo=%2Faccount");

      // With JavaScript: the toast, and the list updates in place.
      await signInThrough(first.page, "/account", BROWSER_USER);
      await expectSessions(first.page, 2);
      await first.page.getByRole("button", { name: "Sign out other sessions" }).click();
      await first.page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Other sessions signed out" })
        .filter({ hasText: "Signed out of 1 other session." })
        .waitFor();
      await first.page.getByText("You're not signed in anywhere else.").waitFor();
      await expectSessions(first.page, 1);
      expect(await axeViolations(first.page)).toEqual([]);

      await noScript.page.goto(app.url + "/account");
      await noScript.page.waitForURL(app.url + "/auth?redirectTo=%2Faccount");
    },
  );

  it("has no axe violations on /account at phone width", async () => {
    const { page } = await newBrowserSession();
    await page.setViewportSize(viewports.phone);
    await signInThrough(page, "/account", BROWSER_USER);
    await sessionItems(page).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

// ---------------------------------------------------------------- offline worker

/** Every entry of the worker's caches: its path and body. */
function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { path: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ path: new URL(request.url).pathname, body: (await response?.text()) ?? "" });
      }
    }
    return entries;
  });
}

/** Waits until the offline worker controls the page (it claims open pages when it activates). */
async function underWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

describe("the offline worker", () => {
  it("keeps public pages for anonymous visitors", { timeout: 60_000 }, async () => {
    const { page } = await newBrowserSession();
    await page.goto(app.url + "/", { waitUntil: "load" });
    await underWorker(page);
    await page.goto(app.url + paths.about, { waitUntil: "load" });
    await expect
      .poll(async () => (await cachedEntries(page)).map((entry) => entry.path), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["/", paths.about]));
  });

  it(
    "keeps no page rendered for a signed-in visitor, and sign-out still shows its toast",
    { timeout: 60_000 },
    async () => {
      const { page } = await newBrowserSession();
      await signInThrough(page, "/", WORKER_USER);
      await underWorker(page);
      for (const urlPath of [paths.about, paths.blog, "/"]) {
        await page.goto(app.url + urlPath, { waitUntil: "networkidle" });
        await page.getByRole("banner").getByText(WORKER_USER.email).waitFor({ state: "attached" });
      }
      // A hashed asset went through the worker and was kept: the worker was storing while we browsed.
      await expect
        .poll(async () => (await cachedEntries(page)).some((entry) => entry.path.startsWith("/assets/")), {
          timeout: 10_000,
        })
        .toBe(true);
      const entries = await cachedEntries(page);
      const pages = entries.filter((entry) => !entry.path.startsWith("/assets/"));
      // Only the shell, fetched without cookies at install: the anonymous home page.
      expect(pages.map((entry) => entry.path)).toEqual(["/"]);
      expect(pages[0]!.body).not.toContain(WORKER_USER.email);
      expect(entries.every((entry) => !entry.body.includes(WORKER_USER.email))).toBe(true);

      // Clear-Site-Data on sign-out leaves the flash cookie alone: the toast still shows.
      const menu = page.locator("header details").filter({ hasText: "account menu" });
      await menu.locator("summary").click();
      await menu.getByRole("button", { name: "Sign out" }).click();
      await page.locator("[data-sonner-toast]").filter({ hasText: "Signed out" }).waitFor();
      await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    },
  );
});
