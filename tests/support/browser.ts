/**
 * Debian's Chromium driven by playwright-core. Every page fails its test on a console error or an
 * uncaught exception.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** A cookie as a browser context reports it, to sign another context in. */
export type Cookie = Awaited<ReturnType<BrowserContext["cookies"]>>[number];

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/**
 * Scrolls to each chart of the page in turn and waits for its drawing: charts are drawn once they come
 * into view (ADR 054), so whatever looks at a whole page (axe, a full-page screenshot) brings them there.
 */
export async function drawEveryChart(page: Page): Promise<void> {
  const drawings = page.locator('figure [role="img"]');
  for (let i = 0; i < (await drawings.count()); i++) {
    await drawings.nth(i).scrollIntoViewIfNeeded();
    await drawings.nth(i).locator("svg.recharts-surface").first().waitFor();
  }
}

/** Fills and sends the Sign In form of the /auth page `page` shows. */
export async function sendSignInForm(page: Page, user: { email: string; password: string }) {
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password").fill(user.password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far. */
  problems: string[];
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { javaScriptEnabled?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { page, context, problems };
}

/**
 * The pages a test opened: each is watched for console errors, and `closeAll` closes them and returns
 * what they reported, so a test's afterEach can assert that nothing went wrong.
 */
export class PageSet {
  private pages: WatchedPage[] = [];

  constructor(
    private readonly browser: () => Browser,
    private readonly baseUrl: () => string,
  ) {}

  /**
   * Opens `path` and waits for network idle by default: the page has hydrated and its handlers are
   * attached. `cookies` sign the fresh context in before the first request.
   */
  async open(
    path: string,
    viewport: { width: number; height: number } = viewports.desktop,
    options: { waitUntil?: "load" | "networkidle"; cookies?: Cookie[] } = {},
  ): Promise<Page> {
    const watched = await this.blank({ viewport });
    if (options.cookies) await watched.context.addCookies(options.cookies);
    await watched.page.goto(this.baseUrl() + path, { waitUntil: options.waitUntil ?? "networkidle" });
    return watched.page;
  }

  /** A watched page that has not navigated yet, e.g. one without JavaScript. */
  async blank(
    options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
  ): Promise<WatchedPage> {
    const { viewport = viewports.desktop, ...rest } = options;
    const watched = await openPage(this.browser(), viewport, rest);
    this.pages.push(watched);
    return watched;
  }

  /** Drops the console lines of `page` that `expected` accepts: errors the test provokes on purpose. */
  drop(page: Page, expected: (problem: string) => boolean) {
    const watched = this.pages.find((candidate) => candidate.page === page)!;
    watched.problems.splice(0, watched.problems.length, ...watched.problems.filter((p) => !expected(p)));
  }

  /**
   * The server refuses some requests on purpose (401, 403, 404, 429, a refused upload): Chromium reports
   * the status of that request on the console. Those expected lines are dropped; any other still fails.
   */
  expectRefusal(page: Page, status: number) {
    this.drop(
      page,
      (problem) =>
        problem.startsWith("console.error: Failed to load resource") &&
        problem.includes(`status of ${status}`),
    );
  }

  async closeAll(): Promise<string[]> {
    const problems = this.pages.flatMap((watched) => watched.problems);
    for (const watched of this.pages) await watched.context.close();
    this.pages = [];
    return problems;
  }
}
