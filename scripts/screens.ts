/**
 * npm run screens: a screenshot of every screen of the signed-in areas (admin and client portal) at
 * 1280x800 and 390x844, on the demo data, so anyone can look at what changed (issue 25).
 *
 * Seeds the demo data into a fresh temporary DATA_DIR (or into DATA_DIR when given: the seed leaves an
 * already seeded one alone), builds when the build is missing or older than the sources, starts the built
 * server on a free port, signs in as the demo admin and as a demo client, and writes full-page PNGs into
 * screens/ (git-ignored; SCREENS_DIR to change it), printing each path. Pages with an id (a lead, a
 * client) take the first one their list links to. Usage: npm run screens [-- path-filter]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, demoClients } from "../cli/seed-demo/fixtures/accounts";
import { drawEveryChart, launchBrowser, sendSignInForm, viewports } from "../tests/support/browser";
import { startServerProcess } from "../tests/support/server-process";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.resolve(root, process.env.SCREENS_DIR ?? "screens");
const only = process.argv[2];

/** A screen: its name in the file name, and its path or how to find it from a list's first link. */
interface Screen {
  name: string;
  path: string;
  /** The first link on `path` matching this opens the screen (a lead, a client). */
  firstLink?: RegExp;
}

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The admin area's screens (app/routes.ts), then the account page. */
const adminScreens: Screen[] = [
  { name: "home", path: "/admin" },
  { name: "leads", path: "/admin/leads" },
  { name: "lead", path: "/admin/leads", firstLink: new RegExp(`^/admin/leads/${uuid}$`) },
  { name: "lead-edit", path: "/admin/leads", firstLink: new RegExp(`^/admin/leads/${uuid}$`) },
  { name: "lead-new", path: "/admin/leads/new" },
  { name: "import", path: "/admin/leads/import" },
  {
    name: "import-detail",
    path: "/admin/leads/import",
    firstLink: new RegExp(`^/admin/leads/import/${uuid}$`),
  },
  { name: "clients", path: "/admin/clients" },
  { name: "client", path: "/admin/clients", firstLink: /^\/admin\/clients\/[\w-]+$/ },
  { name: "returns", path: "/admin/returns" },
  { name: "routing", path: "/admin/routing" },
  { name: "sources", path: "/admin/sources" },
  { name: "insights", path: "/admin/insights" },
  { name: "mail", path: "/admin/mail" },
  { name: "webhooks", path: "/admin/webhooks" },
  { name: "webhooks-client", path: "/admin/webhooks", firstLink: /^\/admin\/webhooks\/[\w-]+$/ },
  { name: "users", path: "/admin/users" },
  { name: "api-keys", path: "/admin/api-keys" },
  { name: "account", path: "/account" },
];

/** The client portal's screens (app/routes.ts), then the account page. */
const clientScreens: Screen[] = [
  { name: "home", path: "/client" },
  { name: "leads", path: "/client/leads" },
  { name: "lead", path: "/client/leads", firstLink: new RegExp(`^/client/leads/${uuid}$`) },
  { name: "agreement", path: "/client/agreement" },
  { name: "insights", path: "/client/insights" },
  { name: "settings", path: "/client/settings" },
  { name: "team", path: "/client/team" },
  { name: "account", path: "/account" },
];

/** Runs a command to its end; `quiet` drops its output but its errors. */
function run(command: string, args: string[], env: Record<string, string> = {}, quiet = false) {
  execFileSync(command, args, {
    cwd: root,
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    env: { ...process.env, ...env },
  });
}

/** The newest modification time under `dir` (files only). */
function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds unless the server build is there and newer than every source it is made of. */
function buildIfNeeded() {
  const built = path.join(root, "build/server/index.js");
  const sources = Math.max(newestIn(path.join(root, "app")), newestIn(path.join(root, "public")));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > sources) return;
  console.log("Building (the build is missing or older than app/): about a minute...");
  run("npm", ["run", "build"], {}, true);
}

/** A browser context signed in through the real sign-in form. */
async function signedIn(browser: Browser, baseUrl: string, email: string) {
  const context = await browser.newContext({ viewport: viewports.desktop });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth`, { waitUntil: "networkidle" });
  await sendSignInForm(page, { email, password: DEMO_PASSWORD });
  await page.waitForURL(`${baseUrl}/`);
  return { context, page };
}

/** Opens `url` and waits for it to settle (live updates keep a stream open, so not forever). */
async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
}

/** Where a screen is: its path, or its list's first matching link (null when the list has none). */
async function locate(page: Page, baseUrl: string, screen: Screen): Promise<string | null> {
  if (!screen.firstLink) return screen.path;
  await open(page, baseUrl + screen.path);
  const hrefs = await page.$$eval("a[href]", (links) => links.map((a) => a.getAttribute("href") ?? ""));
  const found = hrefs.find((href) => screen.firstLink!.test(href));
  if (!found) return null;
  return screen.name.endsWith("-edit") ? `${found}/edit` : found;
}

async function shoot(page: Page, baseUrl: string, area: string, screens: Screen[]) {
  for (const screen of screens) {
    if (only && !`${area}-${screen.name}`.includes(only)) continue;
    const where = await locate(page, baseUrl, screen);
    if (!where) {
      console.log(`(no ${area} ${screen.name}: ${screen.path} links to none)`);
      continue;
    }
    for (const [width, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await open(page, baseUrl + where);
      await drawEveryChart(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const file = path.join(outDir, `${area}-${screen.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(process.cwd(), file));
    }
  }
}

const given = process.env.DATA_DIR;
const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), "leadworks-screens-"));
fs.mkdirSync(outDir, { recursive: true });
console.log(`Demo data in ${dataDir}${given ? "" : " (temporary)"}`);
run("npx", ["tsx", "cli/seed-demo.ts"], { DATA_DIR: dataDir });
buildIfNeeded();
const server = await startServerProcess({ DATA_DIR: dataDir });
let browser: Browser | undefined;
try {
  browser = await launchBrowser();
  const admin = await signedIn(browser, server.url, DEMO_ADMIN_EMAIL);
  await shoot(admin.page, server.url, "admin", adminScreens);
  await admin.context.close();
  const client = await signedIn(browser, server.url, demoClients[0]!.email);
  await shoot(client.page, server.url, "client", clientScreens);
  await client.context.close();
} finally {
  await browser?.close();
  await server.stop();
  if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Screenshots in ${path.relative(process.cwd(), outDir) || "."}/`);
