/**
 * Client agreements (issue 15) in Chromium: an admin finds a client on /admin/clients, sets the
 * agreement by keyboard (a mistake shown under its field first), changes it, and sees the history; the
 * client reads it in the portal. axe at phone and desktop widths on every page of the journey.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = {
  email: "terms.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Dana",
  lastName: "Reyes",
};
const CLIENT: TestUser = {
  email: "terms.client@example.com",
  password: "Granite-Peak-2024!",
  role: "client",
  company: "Lakeside Home Buyers",
};

const app = appForFile({ name: "agreements", users: [ADMIN, CLIENT] });

async function axeAtBothWidths(page: Page, label: string): Promise<string[]> {
  const failures: string[] = [];
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    failures.push(...(await axeViolations(page, `${label} ${name}`)));
  }
  return failures;
}

describe("client agreements", () => {
  it(
    "an admin sets and changes a client's agreement by keyboard; the client reads it in the portal",
    { timeout: 120_000 },
    async () => {
      await app.keepSessions([ADMIN, CLIENT]);
      const failures: string[] = [];

      const client = await app.openAs(CLIENT, "/client/agreement");
      await client.getByText("Your agreement has not been set up yet.").waitFor();

      const admin = await app.openAs(ADMIN, "/admin/clients");
      await admin.getByRole("heading", { name: "Clients", level: 1 }).waitFor();
      const row = admin.getByRole("row", { name: /Lakeside Home Buyers/ });
      await row.getByText("No agreement yet").waitFor();
      failures.push(...(await axeAtBothWidths(admin, "/admin/clients")));
      await admin.setViewportSize(viewports.desktop);
      await row.getByRole("link", { name: "Lakeside Home Buyers" }).click();
      await admin.getByRole("heading", { name: "Lakeside Home Buyers", level: 1 }).waitFor();
      await admin.getByText("No agreement has been saved yet.").waitFor();

      // By keyboard: type into each field in order, with one mistake that the server-shared schema names.
      await admin.getByLabel("Leads per month").focus();
      await admin.keyboard.type("0");
      await admin.keyboard.press("Tab");
      await admin.getByText("Leads per month must be at least 1").waitFor();
      failures.push(...(await axeAtBothWidths(admin, "/admin/clients/:id (error)")));
      await admin.setViewportSize(viewports.desktop);
      await admin.getByLabel("Leads per month").fill("120");
      await admin.getByLabel("Start date").fill("2026-12-01");
      await admin.getByLabel("Price per lead").fill("$42.50");
      await admin.getByLabel("Target markets").fill("Maricopa County, AZ");
      await admin.getByLabel("Buy box").fill("Single family, 3+ bedrooms, under $400,000");
      await admin.getByLabel("Buy box").focus();
      await admin.keyboard.press("Tab");
      await admin.keyboard.press("Enter");
      await toast(admin, "Agreement saved").waitFor();
      await admin.getByRole("heading", { name: "Agreement (version 1)" }).waitFor();
      expect(await admin.getByLabel("Leads per month").inputValue()).toBe("120");

      await admin.getByLabel("Return window").fill("10");
      await admin.getByRole("button", { name: "Save Agreement" }).click();
      await admin.getByRole("heading", { name: "Agreement (version 2)" }).waitFor();
      const history = admin.getByRole("listitem").filter({ hasText: "Version 2" });
      await expect(history.textContent()).resolves.toContain("Return window: 10 days");
      await expect(history.textContent()).resolves.toContain("by Dana Reyes");
      failures.push(...(await axeAtBothWidths(admin, "/admin/clients/:id")));

      await admin.goto(app.url + "/admin/clients", { waitUntil: "networkidle" });
      await admin
        .getByRole("row", { name: /Lakeside Home Buyers/ })
        .getByText("120 a month from Dec 1, 2026")
        .waitFor();

      await client.reload({ waitUntil: "networkidle" });
      const terms = await client.locator("dl").textContent();
      expect(terms).toContain("120");
      expect(terms).toContain("$42.50");
      expect(terms).toContain("10 days");
      expect(terms).toContain("Maricopa County, AZ");
      expect(await client.getByRole("button", { name: "Save Agreement" }).count()).toBe(0);
      await client.getByRole("link", { name: "Agreement" }).first().waitFor();
      failures.push(...(await axeAtBothWidths(client, "/client/agreement")));

      expect(failures).toEqual([]);
    },
  );
});
