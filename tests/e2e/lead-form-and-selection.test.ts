/**
 * Issue 25's leftovers in Chromium: the new-lead form finds a possible duplicate as the phone is typed
 * and offers "Open the existing lead" before creating anyway (announced through the live region, axe 0
 * at both widths); the selection bar's Export downloads exactly the ticked leads; in the admin area the
 * toasts keep clear of the row of saved views and of the selection bar. Screenshots under
 * /tmp/lead-form-and-selection/.
 */
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeAtBothWidths, toast, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = {
  email: "dupes.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Dana",
  lastName: "Dupes",
};
const SHOTS = "/tmp/lead-form-and-selection";

const app = appForFile({ name: "lead-form-and-selection", users: [ADMIN] });

async function fillSeller(page: Page, first: string, phone: string, street: string) {
  const form = page.getByRole("form", { name: "New lead" });
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill("Marsh");
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Address").fill(street);
  await form.getByLabel("City").fill("Boulder");
  await form.getByLabel("State").fill("CO");
  await form.getByLabel("ZIP code").fill("80302");
}

/** Whether two boxes overlap. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the lead form's duplicate check and the selection bar", () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await app.keepSessions([ADMIN]);
  });

  it("creates three leads; the toast sits at the bottom right, clear of the row of views", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new", viewports.desktop);
    for (const [i, first] of ["Ada", "Ben", "Cleo"].entries()) {
      if (i > 0) await page.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
      await fillSeller(page, first, `+1720555010${i}`, `${10 + i} Juniper Court`);
      await page.getByRole("button", { name: "Create Lead" }).click();
      await page.waitForURL(app.url + "/admin/leads");
    }
    const shown = toast(page, "Lead created successfully").first();
    await shown.waitFor();
    const box = (await shown.boundingBox())!;
    const views = (await page.getByRole("navigation", { name: "Views" }).boundingBox())!;
    expect(overlap(box, views)).toBe(false);
    expect(box.x + box.width).toBeGreaterThan(1280 - 60);
    expect(box.y + box.height).toBeGreaterThan(800 - 60);
    await page.screenshot({ path: `${SHOTS}/desktop-toast.png` });
  });

  it("shows the lead with the phone being typed, with Open the existing lead as the first choice", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new", viewports.desktop);
    const form = page.getByRole("form", { name: "New lead" });
    const panel = form.getByRole("region", { name: "Possible duplicate" });
    // Typed as people write it: the check reads it as the form does (+17205550101).
    await form.getByLabel("Phone").pressSequentially("(720) 555-0101");
    await panel.waitFor();
    expect(await panel.textContent()).toContain("Ben Marsh");
    expect(await panel.textContent()).toContain("same phone");
    // The choices in order: open the existing lead first (the primary button), create anyway second.
    const choices = panel.locator("a, button");
    expect(await choices.allTextContents()).toEqual(["Open the existing lead", "Create anyway"]);
    const open = panel.getByRole("link", { name: "Open the existing lead" });
    expect(await open.getAttribute("class")).toContain("bg-primary");
    expect(await panel.getByRole("button", { name: "Create anyway" }).getAttribute("class")).toContain(
      "border",
    );
    // Under the phone, before the property's fields.
    const phoneBox = (await form.getByLabel("Phone").boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    const addressBox = (await form.getByLabel("Address").boundingBox())!;
    expect(panelBox.y).toBeGreaterThan(phoneBox.y);
    expect(panelBox.y).toBeLessThan(addressBox.y);
    // Read to screen readers through the page's one live region.
    await expect
      .poll(() => page.locator("#announcer").textContent())
      .toBe("Possible duplicate: Ben Marsh has this phone or address");
    await page.screenshot({ path: `${SHOTS}/desktop-duplicate.png` });
    expect(await axeAtBothWidths(page, "duplicate while typing", viewports.desktop)).toEqual([]);
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: `${SHOTS}/phone-duplicate.png`, fullPage: true });
    await page.setViewportSize(viewports.desktop);

    // A different number: nothing to show.
    await form.getByLabel("Phone").fill("+17205550199");
    await expect.poll(() => panel.count()).toBe(0);
    // The same address and ZIP code as Cleo's: shown under the address.
    await form.getByLabel("Address").fill("12 juniper ct");
    await form.getByLabel("ZIP code").fill("80302");
    await panel.waitFor();
    expect(await panel.textContent()).toContain("Cleo Marsh");
    expect(await panel.textContent()).toContain("same address");
    await open.click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: /Cleo Marsh/ }).waitFor();
  });

  it("stops the submit for a duplicate all the same, and creates it when asked to from the warning", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new", viewports.desktop);
    await fillSeller(page, "Dora", "+17205550100", "99 Aspen Way");
    const panel = page.getByRole("region", { name: "Possible duplicate" });
    await page.getByRole("button", { name: "Create Lead" }).click();
    await toast(page, "A lead with this phone or address already exists").waitFor();
    expect(await panel.textContent()).toContain("Ada Marsh");
    expect(page.url()).toBe(app.url + "/admin/leads/new");
    await panel.getByRole("button", { name: "Create anyway" }).click();
    await page.waitForURL(app.url + "/admin/leads");
    await toast(page, "Lead created successfully").waitFor();
  });

  it("exports exactly the ticked leads from the selection bar", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads?sort=name", viewports.desktop);
    const bulk = page.getByRole("form", { name: "Bulk actions" });
    for (const name of ["Ada Marsh", "Cleo Marsh"]) {
      await page.getByRole("checkbox", { name: `Tick ${name}`, exact: true }).check();
    }
    await bulk.getByText("2 selected").waitFor();
    await page.screenshot({ path: `${SHOTS}/desktop-selection.png` });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      bulk.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(fs.readFileSync((await download.path())!), { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    // Exactly those two of the four, in the list's order.
    expect(rows.map((r) => r.first_name)).toEqual(["Ada", "Cleo"]);
    // The page stayed, the ticks too.
    expect(page.url()).toBe(app.url + "/admin/leads?sort=name");
    await bulk.getByText("2 selected").waitFor();
    expect(await axeAtBothWidths(page, "selection bar", viewports.desktop)).toEqual([]);
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: `${SHOTS}/phone-selection.png` });
    await page.setViewportSize(viewports.desktop);

    // A toast while the bar is open (Apply with no action chosen) keeps clear of it: under it while the
    // short list leaves it high up, above it in a window so low that the bar is stuck at its bottom.
    const refusals = page.locator("[data-sonner-toast]");
    const clearOfTheBar = async () => {
      await bulk.getByRole("button", { name: "Apply" }).click();
      const refusal = refusals.first();
      await refusal.waitFor();
      await expect
        .poll(async () => overlap((await refusal.boundingBox())!, (await bulk.boundingBox())!))
        .toBe(false);
      return { toast: (await refusal.boundingBox())!, bar: (await bulk.boundingBox())! };
    };
    const high = await clearOfTheBar();
    expect(high.toast.y).toBeGreaterThan(high.bar.y + high.bar.height);
    await page.screenshot({ path: `${SHOTS}/desktop-toast-under-bar.png` });
    await page.getByRole("button", { name: "Close toast" }).first().click();
    await expect.poll(() => refusals.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 520 });
    const stuck = await clearOfTheBar();
    expect(stuck.bar.y + stuck.bar.height).toBeGreaterThan(520 - 20);
    expect(stuck.toast.y + stuck.toast.height).toBeLessThan(stuck.bar.y);
    await page.screenshot({ path: `${SHOTS}/desktop-toast-above-bar.png` });
  });

  it("warns, without refusing, of a typed ZIP code outside the typed state", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new", viewports.desktop);
    const form = page.getByRole("form", { name: "New lead" });
    const warning = "ZIP 85001 is not in CO: check the ZIP code and the state";
    await fillSeller(page, "Zed", "+17205550199", "99 Mesa Lane");
    await expect.poll(() => form.getByText(/is not in/).count()).toBe(0);
    await form.getByLabel("ZIP code").fill("85001");
    await expect.poll(() => form.getByText(warning).isVisible()).toBe(true);
    await expect.poll(() => page.locator("#announcer").textContent()).toContain(warning);
    // The hint belongs to the field: read with it.
    const described = await form.getByLabel("ZIP code").getAttribute("aria-describedby");
    expect(await page.locator(`#${described!.split(" ")[0]}`).innerText()).toBe(warning);
    await form.getByLabel("State").fill("AZ");
    await expect.poll(() => form.getByText(/is not in/).count()).toBe(0);
    // Still the seller's call: the lead is created with a ZIP the table places elsewhere.
    await form.getByLabel("State").fill("CO");
    await expect.poll(() => form.getByText(warning).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Create Lead" }).click();
    await page.waitForURL(app.url + "/admin/leads");
  });
});
