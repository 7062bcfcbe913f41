/**
 * The agency's lead sources in Chromium (ADR 057): an admin adds a source by keyboard and is told what is
 * wrong with a name under its field; an import proposes a common channel of the file as a new source and
 * matches the agency's own, the leads keep them and the list filters by them; a merge moves the leads
 * into another source. axe finds nothing on the sources page at phone and desktop widths.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = {
  email: "sources.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Sam",
  lastName: "Sources",
};

/** 12 sellers from Facebook ads (a channel the built-in sources fold into Online), 3 from probate lists. */
const LIST = [
  "Owner Name,Phone,Address,City,State,ZIP,Lead Source",
  ...Array.from(
    { length: 12 },
    (_, i) => `Fay Seller${i},(480) 555-${1400 + i},${500 + i} Mesa Drive,Mesa,AZ,85201,Facebook Ads`,
  ),
  ...Array.from(
    { length: 3 },
    (_, i) => `Pat Heir${i},(480) 555-${1500 + i},${600 + i} Mesa Drive,Mesa,AZ,85201,probate lists`,
  ),
].join("\n");

describe("lead sources in the browser", () => {
  const app = appForFile({ name: "lead-sources", users: [ADMIN] });
  beforeAll(() => app.keepSessions([ADMIN]));

  it("adds a source by keyboard, says why a name is refused, and passes axe at both widths", async () => {
    const page = await app.openAs(ADMIN, "/admin/sources");
    const name = page.getByLabel("New source");
    await name.focus();
    await page.keyboard.type("Probate List");
    await page.keyboard.press("Enter");
    await toast(page, 'Added the source "Probate List"').waitFor();
    await expect
      .poll(() => page.getByRole("heading", { name: "Probate List", level: 2 }).isVisible())
      .toBe(true);

    // The same name again (any case): the server's message under the field.
    await page.getByLabel("New source").fill("probate list");
    await page.getByRole("button", { name: "Add Source" }).click();
    await expect
      .poll(() => page.getByText('There is already a source named "probate list"').first().isVisible())
      .toBe(true);
    for (const [width, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `sources ${width}`)).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);
    app.pages.expectRefusal(page, 400);
  });

  it("imports a common channel as a new source and the agency's own by its name; a merge moves the leads", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/import");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-sources-"));
    const file = path.join(dir, "mesa-sellers.csv");
    fs.writeFileSync(file, LIST);
    await page.getByLabel("CSV file").setInputFiles(file);
    await page.getByRole("button", { name: "Upload and map columns" }).click();
    await page.waitForURL(/\/admin\/leads\/import\/[0-9a-f-]{36}$/);

    const facebook = page.getByLabel("Lead source “Facebook Ads” imports as");
    await expect.poll(() => facebook.inputValue()).toBe("+new");
    await expect
      .poll(() => page.getByText("Common in the file: added as a source of its own on start").isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByLabel("Lead source “probate lists” imports as").inputValue())
      .toBe("probate_list");
    await page.getByRole("button", { name: "Import 15 leads" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Import finished" }).isVisible(), { timeout: 30_000 })
      .toBe(true);

    // The list filters by the new source; each lead names it.
    await page.goto(`${app.url}/admin/leads?source=facebook_ads`);
    await expect.poll(() => page.getByRole("link", { name: /Source: Facebook Ads/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("12 leads, newest first.").isVisible()).toBe(true);
    const names = await page
      .getByRole("table")
      .getByText(/^Fay Seller\d+$/)
      .allInnerTexts();
    expect(new Set(names).size).toBe(12);

    // Merged into Online: the source goes, its twelve leads with it.
    await page.goto(`${app.url}/admin/sources`);
    const item = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Facebook Ads" }) });
    await expect.poll(() => item.innerText()).toMatch(/12 leads/);
    await item.getByText("Change").click();
    await item.getByLabel("Merge into").selectOption({ label: "Online" });
    await item.getByRole("button", { name: "Merge" }).click();
    await toast(page, 'Merged "Facebook Ads" into "Online": 12 leads moved').waitFor();
    await expect.poll(() => page.getByRole("heading", { name: "Facebook Ads" }).count()).toBe(0);
  });
});
