/**
 * The shared fixture of the browser and HTTP tests: a built server (one of the file's own on a fresh
 * DATA_DIR with accounts made by the CLI, or the one the global setup started), a Chromium, the pages a
 * test opened (each fails its test on a console error), and signing in.
 *
 * `appForFile()` registers the hooks of a test file: start before all, check and close the pages after each
 * test, stop after all. The app's fields can be read once the tests run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { launchBrowser, openPage, PageSet, sendSignInForm, viewports, type Cookie } from "./browser";
import { startServerProcess, type ServerProcess } from "./server-process";
import { userCli } from "./user-cli";

/** An account made with the CLI before the server starts; without a role it is a plain user. */
export interface TestUser {
  email: string;
  password: string;
  role?: "admin" | "client";
  firstName?: string;
  lastName?: string;
  company?: string;
}

type Viewport = { width: number; height: number };

export interface AppOptions {
  /**
   * Accounts to create with the CLI. With some, the file gets a server of its own on a fresh DATA_DIR
   * named after `name`; with none, its tests share the server of the global setup.
   */
  users?: TestUser[];
  name?: string;
  /** False for files that only speak HTTP: no Chromium is launched. */
  browser?: boolean;
  /** More environment for a server of the file's own (with `users`). */
  env?: Record<string, string>;
}

export class App {
  private server: ServerProcess | undefined;
  private sharedUrl: string | undefined;
  private chromium: Browser | undefined;
  private readonly cookies = new Map<TestUser, Cookie[]>();
  /** What the CLI printed for each account it created. */
  readonly created = new Map<TestUser, string>();
  readonly pages = new PageSet(
    () => this.browser,
    () => this.url,
  );

  get url(): string {
    const url = this.server?.url ?? this.sharedUrl;
    if (!url) throw new Error("The app has not started: call it from a test or hook.");
    return url;
  }

  /** The server process of this file (not available on the shared server). */
  get process(): ServerProcess {
    if (!this.server) throw new Error("This file runs on the shared server: it has no process of its own.");
    return this.server;
  }

  get dataDir(): string {
    return this.process.dataDir;
  }

  get browser(): Browser {
    if (!this.chromium) throw new Error("The browser has not started: call it from a test or hook.");
    return this.chromium;
  }

  async start(options: AppOptions = {}) {
    if (options.users?.length) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lw-e2e-${options.name ?? "app"}-`));
      for (const user of options.users ?? []) this.created.set(user, createUser(dataDir, user));
      this.server = await startServerProcess({ ...options.env, DATA_DIR: dataDir });
    } else {
      this.sharedUrl = inject("baseUrl");
    }
    if (options.browser !== false) this.chromium = await launchBrowser();
  }

  async stop() {
    await this.chromium?.close();
    if (this.server) {
      await this.server.stop();
      fs.rmSync(this.server.dataDir, { recursive: true, force: true });
    }
  }

  /** A request to the server that does not follow redirects, so a test sees them. */
  http(urlPath: string, init: RequestInit = {}): Promise<Response> {
    return fetch(this.url + urlPath, { redirect: "manual", ...init });
  }

  /** Opens `urlPath` in a fresh watched context, anonymous, once the page is idle. */
  open(urlPath: string, viewport?: Viewport): Promise<Page> {
    return this.pages.open(urlPath, viewport);
  }

  /** Opens `urlPath` in a fresh watched context signed in as `user` (see `keepSessions`). */
  openAs(user: TestUser | null, urlPath: string, viewport?: Viewport): Promise<Page> {
    const cookies = user ? this.sessionOf(user) : undefined;
    return this.pages.open(urlPath, viewport, { cookies });
  }

  /** Fills and sends the Sign In form of the /auth page `page` shows. */
  signIn(page: Page, user: { email: string; password: string }) {
    return sendSignInForm(page, user);
  }

  /**
   * Signs each user in once through /auth and keeps their cookies, so that `openAs` opens their pages
   * without a sign-in each (sign-in is limited per account).
   */
  async keepSessions(users: TestUser[]) {
    for (const user of users) {
      const { page, context, problems } = await openPage(this.browser, viewports.desktop);
      await page.goto(this.url + "/auth", { waitUntil: "networkidle" });
      await this.signIn(page, user);
      await page.waitForURL(this.url + "/");
      this.cookies.set(user, await context.cookies());
      await context.close();
      expect(problems).toEqual([]);
    }
  }

  /** The cookies `keepSessions` kept for `user`. */
  sessionOf(user: TestUser): Cookie[] {
    const cookies = this.cookies.get(user);
    if (!cookies) throw new Error(`${user.email} has no kept session: call keepSessions first.`);
    return cookies;
  }
}

/** Creates `user` with the CLI in `dataDir` (before a server holds it); returns what the CLI printed. */
function createUser(dataDir: string, user: TestUser): string {
  const args = ["add", "--email", user.email, "--password", user.password];
  if (user.role) args.push("--role", user.role);
  if (user.firstName) args.push("--first-name", user.firstName);
  if (user.lastName) args.push("--last-name", user.lastName);
  if (user.company) args.push("--company", user.company);
  const created = userCli(dataDir, ...args);
  expect(created, created.output).toMatchObject({ status: 0 });
  return created.output;
}

/** The app of a test file, with its hooks registered: see the module comment. */
export function appForFile(options: AppOptions = {}): App {
  const app = new App();
  beforeAll(() => app.start(options));
  afterAll(() => app.stop());
  afterEach(async () => {
    expect(await app.pages.closeAll()).toEqual([]);
  });
  return app;
}

/**
 * The toasts of `page` that contain `text` (their title, or their text): the app's (sonner) or, on a page
 * without React, the page script's (lib/enhance/toast).
 */
export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-toast]").filter({ hasText: text });

/** axe's findings on the page as it is now, one line each (empty when there are none). */
export async function axeViolations(page: Page, label = ""): Promise<string[]> {
  // Toasts come and go (and fade in); the page itself is what is checked.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  const { pathname, search } = new URL(page.url());
  return results.violations.map(
    (v) =>
      `${label ? `${label} ` : ""}${pathname}${search}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

/**
 * axe's findings on the page at the phone's width, then at the desktop's, each labelled with the width;
 * the page is left at `back`.
 */
export async function axeAtBothWidths(page: Page, label: string, back: Viewport): Promise<string[]> {
  const failures: string[] = [];
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    failures.push(...(await axeViolations(page, `${label} ${name}`)));
  }
  await page.setViewportSize(back);
  return failures;
}
