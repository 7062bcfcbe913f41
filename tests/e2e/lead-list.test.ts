/**
 * The admin lead list built for volume (issue 25) in Chromium, on 60 leads imported from a provider's CSV:
 * at least 15 leads above the fold at 1280x800; sortable headers; the keyboard (j/k, Enter, x); page
 * sizes; the column chooser, remembered for the person; the selection bar in view after scrolling, and a
 * bulk assignment's lasting result with "View these N"; saved views (the built-in ones and the person's
 * own: saved by keyboard, opened from the row, renamed, deleted); on a 390 px phone, compact cards and
 * the first screen showing leads. axe at both widths on each state; screenshots under /tmp/lead-list/.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";
import { leadTable, leadTableNames } from "../support/lead-table";

const ADMIN: TestUser = {
  email: "list.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Lena",
  lastName: "Lister",
};
const CLIENT: TestUser = {
  email: "redoak.client@example.com",
  password: "Harbor-Light-4242",
  role: "client",
  company: "Red Oak Property Group",
};
const SHOTS = "/tmp/lead-list";
const LEADS = 60;

const app = appForFile({ name: "lead-list", users: [ADMIN, CLIENT] });

/** A provider's list in its own words: phones in several formats, sources as they name them. */
function providerList(): string {
  const first = ["Maria", "James", "Tasha", "Wei", "Olu", "Dolores", "Kevin", "Priya", "Hank", "Rosa"];
  const last = ["Nguyen", "Okafor", "Schmidt", "Alvarez", "Brooks", "Kowalski", "Haddad", "Reyes"];
  const streets = ["Mesquite Ln", "N. Cactus Rd", "W Camelback Road", "E Indian School Rd #12"];
  const sources = ["cold call", "Direct Mail", "ONLINE", "Bandit Signs", ""];
  const rows = Array.from({ length: LEADS }, (_, i) => {
    const n = String(1000 + i);
    const phone = [`(602) 555-${n}`, `602.555.${n}`, `+1 602 555 ${n}`, `602555${n}`][i % 4];
    return [
      first[i % first.length],
      `${last[i % last.length]}${i >= last.length ? `-${String.fromCharCode(65 + (i % 26))}` : ""}`,
      phone,
      `${100 + i * 7} ${streets[i % streets.length]}`,
      "Phoenix",
      "AZ",
      `850${String(i % 90).padStart(2, "0")}`,
      sources[i % sources.length],
      i % 3 === 0 ? '"$185,000"' : "",
    ].join(",");
  });
  return [
    "Owner First Name,Owner Last Name,Phone 1,Property Address,City,State,Zip,Source,Estimated Value",
    ...rows,
  ].join("\n");
}

async function importLeads(page: Page) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-lead-list-"));
  const file = path.join(dir, "phoenix-absentee-owners.csv");
  fs.writeFileSync(file, providerList());
  await page.goto(app.url + "/admin/leads/import", { waitUntil: "networkidle" });
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and map columns" }).click();
  await page.waitForURL(/\/admin\/leads\/import\/[0-9a-f-]{36}$/);
  const start = page.getByRole("button", { name: /^Import 60 leads$/ });
  await expect.poll(() => start.isVisible(), { timeout: 15_000 }).toBe(true);
  await start.click();
  await expect
    .poll(() => page.getByRole("heading", { name: "Import finished" }).isVisible(), { timeout: 60_000 })
    .toBe(true);
}

/** The table's rows wholly inside the window and above the selection bar (when it shows). */
const rowsAboveTheFold = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('form[aria-label="Bulk actions"]');
    const barBox = bar && bar.offsetParent ? bar.getBoundingClientRect() : null;
    const bottom = Math.min(window.innerHeight, barBox ? barBox.top : Infinity);
    return [...document.querySelectorAll("table tbody tr")].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= bottom;
    }).length;
  });

const focusedRowName = (page: Page) =>
  page.evaluate(
    () => (document.activeElement as HTMLElement | null)?.closest("tr")?.querySelector("a")?.textContent,
  );

/**
 * A page signed in as the admin with the app's script held back until `release`: React has not taken
 * over, the page is the server's HTML. (A context that has loaded nothing yet: an offline worker would
 * serve the script from its cache past the route.)
 */
async function pageWithAppScriptHeld(): Promise<{ page: Page; release: () => Promise<void> }> {
  const watched = await app.pages.blank({ viewport: viewports.desktop });
  await watched.context.addCookies(app.sessionOf(ADMIN));
  const entry = /\/assets\/entry\.client-[^/]+\.js$/;
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await watched.page.route(entry, async (route) => {
    await held;
    // (A request of a page that has since gone is gone with its document.)
    await route.continue().catch(() => undefined);
  });
  const release = async () => {
    letThrough();
    await watched.page.unroute(entry);
  };
  return { page: watched.page, release };
}

describe("the lead list at volume", () => {
  beforeAll(() => app.keepSessions([ADMIN]));

  it("imports a provider's list of 60 leads", { timeout: 120_000 }, async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const page = await app.openAs(ADMIN, "/admin/leads");
    await importLeads(page);
  });

  it("does not move the rows when the page hydrates: a click just after load lands on what was under it", async () => {
    const { page, release } = await pageWithAppScriptHeld();
    await page.goto(app.url + "/admin/leads?q=Nguyen", { waitUntil: "domcontentloaded" });
    const firstRow = page.locator("table tbody tr").first();
    const before = await firstRow.boundingBox();
    await release();
    // Only the hydrated page offers to tick the whole page.
    await page.getByRole("checkbox", { name: "Tick every lead on this page" }).waitFor();
    const after = await firstRow.boundingBox();
    // (Half a pixel is the header's tick box, which only the hydrated page has.)
    expect(Math.abs(after!.y - before!.y), "how far the first row moved").toBeLessThan(2);
  });

  it("opens a lead from a click on its row before the page has hydrated, as a page load", async () => {
    const { page, release } = await pageWithAppScriptHeld();
    await page.goto(app.url + "/admin/leads?q=Nguyen", { waitUntil: "domcontentloaded" });
    expect(await page.locator("html[data-hydrated]").count(), "not hydrated yet").toBe(0);
    const row = leadTable(page).getByRole("row").nth(1);
    const name = (await row.locator("a[data-row-link]").textContent())!.trim();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // The row's address is no link: only the page's early script opens the row from there.
    await row.getByRole("cell").nth(3).click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window), "opened as a new document").toBe(false);
    await release();
    // Let through, the app hydrates the lead's page and marks it so (from then on the early script steps
    // aside: the next test's opens stay inside the app).
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  });

  it("shows at least 15 leads above the fold at 1280x800, sorts by its headers and pages by 25/50/100", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads", viewports.desktop);
    expect(await leadTableNames(page)).toHaveLength(50);
    const above = await rowsAboveTheFold(page);
    expect(above, "rows above the fold at 1280x800").toBeGreaterThanOrEqual(15);
    await page.screenshot({ path: `${SHOTS}/desktop.png` });
    // The filters are one line: the search, status, motivation, client and "More filters".
    const filters = await page.getByRole("search", { name: "Search and filter leads" }).boundingBox();
    expect(filters!.height, "filter bar height").toBeLessThanOrEqual(48);

    // Name: A-Z, then Z-A; aria-sort says which.
    const nameHeader = leadTable(page).getByRole("columnheader", { name: "Name" });
    await nameHeader.getByRole("link").click();
    await page.waitForURL(/sort=name$/);
    await expect.poll(() => nameHeader.getAttribute("aria-sort")).toBe("ascending");
    const byLastName = (names: string[]) =>
      names.map((n) => n.split(" ").slice(1).join(" ")).every((v, i, all) => i === 0 || all[i - 1]! <= v);
    expect(byLastName(await leadTableNames(page))).toBe(true);
    await nameHeader.getByRole("link").click();
    await page.waitForURL(/sort=name_desc$/);
    await expect.poll(() => nameHeader.getAttribute("aria-sort")).toBe("descending");
    expect(byLastName((await leadTableNames(page)).reverse())).toBe(true);
    await page.getByText("60 leads, name (z-a).").waitFor();
    // Created: the default is newest first; its header offers oldest first.
    const created = leadTable(page).getByRole("columnheader", { name: "Created" });
    expect(await created.getAttribute("aria-sort")).toBeNull();

    // Page sizes: 25, then 100 (all 60), kept with the sort.
    const sizes = page.getByRole("navigation", { name: "Rows per page" });
    await sizes.getByRole("link", { name: "25 rows per page" }).click();
    await page.waitForURL(/sort=name_desc&size=25$/);
    await expect.poll(() => leadTableNames(page).then((n) => n.length)).toBe(25);
    await page.getByRole("navigation", { name: "Pages" }).getByText("1–25 of 60 leads").waitFor();
    await sizes.getByRole("link", { name: "100 rows per page" }).click();
    await expect.poll(() => leadTableNames(page).then((n) => n.length)).toBe(60);
    // An unknown size is the default.
    await page.goto(app.url + "/admin/leads?size=7", { waitUntil: "networkidle" });
    expect(await leadTableNames(page)).toHaveLength(50);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `list ${name}`)).toEqual([]);
    }
  });

  it("opens a lead by keyboard (j/k, Enter) and by a click anywhere on its row", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads", viewports.desktop);
    const names = await leadTableNames(page);
    await page.keyboard.press("j");
    await expect.poll(() => focusedRowName(page)).toBe(names[0]);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    await expect.poll(() => focusedRowName(page)).toBe(names[1]);
    // x ticks the focused row: the selection bar says so.
    await page.keyboard.press("x");
    await page.getByRole("form", { name: "Bulk actions" }).getByText("1 selected").waitFor();
    await page.keyboard.press("x");
    // The rows' links are plain anchors the table opens inside the app: no new document is loaded (a
    // mark left on this one is still there after).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: names[1], level: 1 }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window), "opened inside the app").toBe(true);

    // Back, and a click on the row's address (not a link) opens that lead too.
    await page.goBack();
    await leadTable(page).waitFor();
    await leadTable(page).getByRole("row").filter({ hasText: names[3]! }).getByRole("cell").nth(3).click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: names[3], level: 1 }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window), "opened inside the app").toBe(true);

    // Resting the pointer on a lead's View link fetches its page's data ahead, as a Link's intent would;
    // the click opens it inside the app.
    await page.goBack();
    const view = leadTable(page).getByRole("link", { name: `View ${names[4]}`, exact: true });
    const leadPath = new URL((await view.getAttribute("href"))!, app.url).pathname;
    await view.hover();
    await expect
      .poll(() => page.locator(`link[rel="prefetch"][href^="${leadPath}.data"]`).count(), {
        message: "the lead's data prefetched",
      })
      .toBe(1);
    await view.click();
    await page.getByRole("heading", { name: names[4], level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(leadPath);
    expect(await page.evaluate(() => "sameDocument" in window), "opened inside the app").toBe(true);
  });

  it("keeps the chosen columns for the person, and sorts by last activity", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads", viewports.desktop);
    const headers = () => leadTable(page).getByRole("columnheader").allTextContents();
    // By default: the spec's columns, all of them in the window (no sideways scroll).
    expect((await headers()).slice(1)).toEqual([
      "Name",
      "Phone",
      "Address",
      "Motivation",
      "Status",
      "Client",
      "Created",
      "Actions",
    ]);
    const fits = (p: Page) =>
      leadTable(p).evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth);
    expect(await fits(page)).toBe(true);
    await page.locator("summary", { hasText: "Columns" }).click();
    const chooser = page.getByRole("group", { name: "Columns shown" });
    // One choice at a time, each saved before the next, as a person clicks (two saves in flight at once
    // may reach the server out of order: noted in issue 25).
    for (const [label, on] of [
      ["ZIP", true],
      ["Value", true],
      ["Source", true],
      ["Source", false],
    ] as const) {
      await chooser.getByLabel(label).setChecked(on);
      await page.waitForLoadState("networkidle");
    }
    await expect.poll(headers).toContain("ZIP");
    await expect.poll(headers).not.toContain("Source");
    // Saved on the server: a fresh page (another browser) draws them from the first byte.
    await page.waitForLoadState("networkidle");
    const again = await app.openAs(ADMIN, "/admin/leads", viewports.desktop);
    const shown = await leadTable(again).getByRole("columnheader").allTextContents();
    expect(shown).toEqual(expect.arrayContaining(["ZIP", "Value"]));
    expect(shown).not.toContain("Source");
    // 50 of the 60 shown, every third lead has a value: 20 in all, at least 10 on this page (the import
    // writes them in one instant, so which 50 come first is the ids' order).
    expect(await leadTable(again).getByRole("cell", { name: "$185,000" }).count()).toBeGreaterThanOrEqual(10);
    // Last activity on too: its header sorts, most recent first.
    await again.locator("summary", { hasText: "Columns" }).click();
    await again.getByRole("group", { name: "Columns shown" }).getByLabel("Last activity").check();
    const activity = leadTable(again).getByRole("columnheader", { name: "Last activity" });
    await activity.getByRole("link").click();
    await again.waitForURL(/sort=updated$/);
    await expect.poll(() => activity.getAttribute("aria-sort")).toBe("descending");
    await again.screenshot({ path: `${SHOTS}/desktop-columns.png` });
    expect(await axeViolations(again, "columns")).toEqual([]);
  });

  it("keeps the selection bar in view after scrolling, and a bulk assignment's result lasts with View these N", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads?sort=name", viewports.desktop);
    const bulk = page.getByRole("form", { name: "Bulk actions" });
    // Drawn by the server (it works without JavaScript), hidden once the page runs until a lead is ticked.
    await expect.poll(() => bulk.isVisible()).toBe(false);
    const names = await leadTableNames(page);
    const chosen = [names[30]!, names[44]!];
    for (const name of chosen) {
      const box = page.getByRole("checkbox", { name: `Tick ${name}`, exact: true });
      await box.scrollIntoViewIfNeeded();
      await box.check();
    }
    await bulk.getByText("2 selected").waitFor();
    // Scrolled far down the table, the bar is still wholly in the window.
    const inView = () =>
      bulk.evaluate((form) => {
        const box = form.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    expect(await inView()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 600));
    expect(await inView()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/desktop-selection.png` });
    expect(await axeViolations(page, "selection bar")).toEqual([]);

    await bulk.getByLabel("Action", { exact: true }).selectOption("assign");
    await bulk.getByLabel("Client", { exact: true }).selectOption({ label: "Red Oak Property Group" });
    await bulk.getByRole("button", { name: "Apply" }).click();
    await toast(page, "2 leads assigned").waitFor();
    const result = page.getByRole("status").filter({ hasText: "2 leads assigned to Red Oak Property Group" });
    await result.waitFor();
    // Not a toast: still there after the toasts are gone.
    await page.waitForTimeout(8_000);
    expect(await result.isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/desktop-result.png` });
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `result ${name}`)).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);
    await result.getByRole("link", { name: "View these 2" }).click();
    await page.waitForURL(/\?selection=[0-9a-f-]{36}$/);
    await expect.poll(() => leadTableNames(page).then((n) => [...n].sort())).toEqual([...chosen].sort());
    await page
      .getByRole("list", { name: "Active filters" })
      .getByRole("link", { name: /Leads: 2 leads assigned to Red Oak Property Group/ })
      .waitFor();
  });

  it("saves a view by keyboard, opens it from the row of views, renames and deletes it, and lists the built-in views", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads?sort=name&size=25", viewports.desktop);
    const views = page.getByRole("navigation", { name: "Views" });
    const current = views.locator('[aria-current="page"]');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    // Nothing saved yet: the built-in views, none of them this list.
    expect(await views.getByRole("link").allTextContents()).toEqual([
      "All leads",
      "Unassigned",
      "Hot, not yet assigned",
      "Waiting for client feedback",
    ]);
    expect(await current.count()).toBe(0);

    // Save this list by keyboard: the menu's button, its name field, Enter.
    await page.locator("summary", { hasText: "Save view" }).focus();
    await page.keyboard.press("Enter");
    const saveForm = page.getByRole("form", { name: "Save this view" });
    await saveForm.getByLabel("Name of this view").waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await page.keyboard.type("Phoenix A-Z");
    await page.keyboard.press("Enter");
    await toast(page, 'View "Phoenix A-Z" saved').waitFor();
    // The new view is the list's, marked, and focus is on it.
    await expect.poll(() => current.textContent()).toBe("Phoenix A-Z");
    await expect.poll(focusedText).toBe("Phoenix A-Z");
    expect(new URL(page.url()).search).toBe("?sort=name&size=25");

    // A name already used (whatever its case) is refused at the field, the form still open.
    await page.locator("summary", { hasText: "Save view" }).click();
    await saveForm.getByLabel("Name of this view").fill("phoenix a-z");
    await saveForm.getByRole("button", { name: "Save view" }).click();
    await saveForm.getByText('You already have a view named "Phoenix A-Z": choose another name').waitFor();
    app.pages.expectRefusal(page, 400);
    // Too long: the message says the limit; the field keeps every character typed.
    await saveForm.getByLabel("Name of this view").fill("x".repeat(45));
    await saveForm.getByRole("button", { name: "Save view" }).click();
    await saveForm.getByText("Name must be at most 40 characters").waitFor();
    expect(await saveForm.getByLabel("Name of this view").inputValue()).toHaveLength(45);
    await page.screenshot({ path: `${SHOTS}/desktop-view-refused.png` });
    expect(await axeViolations(page, "save view refused")).toEqual([]);
    await page.keyboard.press("Escape");

    // The built-in views: each the list's URL, its leads as the filters say.
    await views.getByRole("link", { name: "Unassigned" }).click();
    await page.waitForURL(/\/admin\/leads\?client=unassigned$/);
    await expect.poll(() => current.textContent()).toBe("Unassigned");
    // 58 of the 60 (two were assigned above): a page of 50, every one without a client.
    await page.getByText("58 leads, newest first.").waitFor();
    const clientCells = () =>
      leadTable(page)
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[6]?.textContent));
    expect(new Set(await clientCells())).toEqual(new Set(["Unassigned"]));
    await views.getByRole("link", { name: "Waiting for client feedback" }).click();
    await page.waitForURL(/\?feedback=not_reviewed$/);
    await expect.poll(() => leadTableNames(page).then((n) => n.length)).toBe(2);
    expect(new Set(await clientCells())).toEqual(new Set(["Red Oak Property Group"]));
    await page
      .getByRole("list", { name: "Active filters" })
      .getByRole("link", { name: /Client feedback: Not Reviewed/ })
      .waitFor();
    await views.getByRole("link", { name: "Hot, not yet assigned" }).click();
    await page.waitForURL(/\?motivation=hot&client=unassigned$/);
    await expect.poll(() => leadTableNames(page)).toEqual(["No leads found"]);
    await page.screenshot({ path: `${SHOTS}/desktop-view-builtin.png` });

    // The saved view from the row: its list, sorted by name, 25 a page.
    await views.getByRole("link", { name: "Phoenix A-Z" }).click();
    await page.waitForURL(/\?sort=name&size=25$/);
    await expect.poll(() => leadTableNames(page).then((n) => n.length)).toBe(25);
    const names = await leadTableNames(page);
    const lastNames = names.map((n) => n.split(" ").slice(1).join(" "));
    expect(lastNames).toEqual([...lastNames].sort());
    // Its link is the list: opened afresh (as another admin would from a shared link), the same list.
    const shared = await app.openAs(ADMIN, "/admin/leads?sort=name&size=25", viewports.desktop);
    expect(await leadTableNames(shared)).toEqual(names);
    expect(
      await shared.getByRole("navigation", { name: "Views" }).locator('[aria-current="page"]').textContent(),
    ).toBe("Phoenix A-Z");
    // The unfiltered list keeps 15 leads above the fold with the row of views.
    await shared.goto(app.url + "/admin/leads", { waitUntil: "networkidle" });
    expect(await rowsAboveTheFold(shared), "rows above the fold with the views").toBeGreaterThanOrEqual(15);

    // Rename, then delete a second one: the person's own views only, from Edit views.
    await page.locator("summary", { hasText: "Edit views" }).click();
    const own = page.getByRole("list", { name: "Your views" });
    await own.getByLabel('Name of the view "Phoenix A-Z"').fill("Phoenix by name");
    await own.getByRole("button", { name: "Rename Phoenix A-Z" }).click();
    await toast(page, 'View renamed to "Phoenix by name"').waitFor();
    await expect.poll(() => current.textContent()).toBe("Phoenix by name");
    await page.screenshot({ path: `${SHOTS}/desktop-views-edit.png` });
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `edit views ${name}`)).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);
    await page.goto(app.url + "/admin/leads?status=new", { waitUntil: "networkidle" });
    await page.locator("summary", { hasText: "Save view" }).click();
    await saveForm.getByLabel("Name of this view").fill("New ones");
    await saveForm.getByRole("button", { name: "Save view" }).click();
    await expect.poll(() => current.textContent()).toBe("New ones");
    await page.locator("summary", { hasText: "Edit views" }).click();
    await own.getByRole("button", { name: "Delete New ones" }).click();
    await toast(page, 'View "New ones" deleted').waitFor();
    await expect.poll(() => views.getByRole("link").allTextContents()).not.toContain("New ones");
    // Focus stays in the menu, on the name of the view that is left.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe("Phoenix by name");
  });

  it("on a 390 px phone, shows compact cards on the first screen and the filters behind a button", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads", viewports.phone);
    const rows = leadTable(page).locator("tbody tr");
    const heights = await rows.evaluateAll((all) =>
      all.slice(0, 10).map((r) => r.getBoundingClientRect().height),
    );
    for (const height of heights) expect(height, "card height").toBeLessThanOrEqual(110);
    const visible = await rowsAboveTheFold(page);
    expect(visible, "cards on the first screen").toBeGreaterThanOrEqual(4);
    // The card says name, address, status, client and age; no sideways scrolling.
    const card = await rows.first().innerText();
    expect(card).toMatch(/Phoenix, AZ/);
    expect(card).toMatch(/New/);
    expect(card).toMatch(/ago|just now/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The status filter is behind "Filters".
    const status = page.locator("summary", { hasText: "Status:" });
    expect(await status.isVisible()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/phone.png` });
    expect(await axeViolations(page, "phone list")).toEqual([]);
    await page.getByText("Filters", { exact: true }).click();
    await expect.poll(() => status.isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/phone-filters.png` });
    expect(await axeViolations(page, "phone filters")).toEqual([]);

    // Ticking a card shows the selection bar at the bottom of the screen.
    await page.getByText("Filters", { exact: true }).click();
    // A card further down whose name is on no other card (the provider's list has duplicates).
    const shownNames = await leadTableNames(page);
    const name = shownNames.slice(6).find((n) => shownNames.indexOf(n) === shownNames.lastIndexOf(n))!;
    await page.getByRole("checkbox", { name: `Tick ${name}`, exact: true }).check();
    const bulk = page.getByRole("form", { name: "Bulk actions" });
    await bulk.getByText("1 selected").waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    expect(
      await bulk.evaluate((form) => {
        const box = form.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/phone-selection.png` });
    expect(await axeViolations(page, "phone selection")).toEqual([]);
    // A tap on a card (not its checkbox) opens the lead.
    await rows.first().locator("td").nth(3).click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  });
});
