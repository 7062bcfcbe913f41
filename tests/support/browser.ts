/**
 * Debian's Chromium driven by playwright-core. Every page fails its test on a console error or an
 * uncaught exception.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

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
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
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

  /** Opens `path` and waits for network idle: the page has hydrated and its handlers are attached. */
  async open(path: string, viewport: { width: number; height: number } = viewports.desktop): Promise<Page> {
    const watched = await openPage(this.browser(), viewport);
    this.pages.push(watched);
    await watched.page.goto(this.baseUrl() + path, { waitUntil: "networkidle" });
    return watched.page;
  }

  /** The watched entry of a page, e.g. to drop a console line a test expects. */
  watched(page: Page): WatchedPage | undefined {
    return this.pages.find((candidate) => candidate.page === page);
  }

  async closeAll(): Promise<string[]> {
    const problems = this.pages.flatMap((watched) => watched.problems);
    for (const watched of this.pages) await watched.context.close();
    this.pages = [];
    return problems;
  }
}
