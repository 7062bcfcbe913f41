/**
 * The return flow (issue 15) in Chromium: a client on a phone asks to return a lead; the admin's open
 * returns queue shows the request without a reload; the admin rejects it with a note; the client's open
 * lead page shows why, again without a reload. axe at phone and desktop widths on the pages of the flow.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = { email: "returns.admin@example.com", password: "Granite-Peak-2024!", role: "admin" };
const CLIENT: TestUser = {
  email: "returns.client@example.com",
  password: "Granite-Peak-2024!",
  role: "client",
  company: "Cedar Point Investors",
};

const app = appForFile({ name: "returns", users: [ADMIN, CLIENT] });

async function axeAtBothWidths(
  page: Page,
  label: string,
  back: { width: number; height: number } = viewports.desktop,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    failures.push(...(await axeViolations(page, `${label} ${name}`)));
  }
  await page.setViewportSize(back);
  return failures;
}

describe("returns", () => {
  it(
    "a client asks to return a lead, the admin's queue shows it live, the rejection reaches the client live",
    { timeout: 180_000 },
    async () => {
      await app.keepSessions([ADMIN, CLIENT]);
      const failures: string[] = [];
      const admin = await app.openAs(ADMIN, "/admin/clients");

      // The agreement lets this client return every lead (one lead this month: one return).
      await admin.getByRole("link", { name: "Cedar Point Investors" }).click();
      await admin.getByLabel("Leads per month").fill("40");
      await admin.getByLabel("Start date").fill("2026-11-01");
      await admin.getByLabel("Price per lead").fill("35");
      await admin.getByLabel("Monthly return cap").fill("100");
      await admin.getByRole("button", { name: "Save Agreement" }).click();
      await toast(admin, "Agreement saved").waitFor();

      await admin.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
      const form = admin.getByRole("form", { name: "New lead" });
      await form.getByLabel("First name").fill("Walter");
      await form.getByLabel("Last name").fill("Brennan");
      await form.getByLabel("Phone").fill("+13035550177");
      await form.getByLabel("Address").fill("88 Juniper Court");
      await form.getByLabel("City").fill("Boulder");
      await form.getByLabel("State").fill("CO");
      await form.getByLabel("ZIP code").fill("80302");
      await form.getByLabel("Assign to client").selectOption({ label: "Cedar Point Investors" });
      await admin.getByRole("button", { name: "Create Lead" }).click();
      await admin.waitForURL(app.url + "/admin/leads");

      await admin.goto(app.url + "/admin/returns", { waitUntil: "networkidle" });
      await admin.getByText("No returns here.").waitFor();
      failures.push(...(await axeAtBothWidths(admin, "/admin/returns (empty)")));

      const client = await app.openAs(CLIENT, "/client/leads", viewports.phone);
      await client
        .getByRole("link", { name: /Walter Brennan/ })
        .first()
        .click();
      await client.getByRole("heading", { name: "Walter Brennan", level: 1 }).waitFor();
      const card = client.getByRole("region", { name: "Return this lead" });
      await card.getByText(/You can return it until/).waitFor();
      await card.getByRole("button", { name: "Request Return" }).click();
      await card.getByText("Choose why you are returning this lead").waitFor();
      await card.getByLabel("Reason").selectOption("wrong_number");
      await card.getByLabel("Note").fill("The number rings a pharmacy in Denver.");
      failures.push(...(await axeAtBothWidths(client, "/client/leads/:id (form)", viewports.phone)));
      await card.getByRole("button", { name: "Request Return" }).click();
      await toast(client, "Return requested").waitFor();
      await card.getByText("Waiting for review").waitFor();

      // The admin's queue, open all along, shows the request without a reload.
      const request = admin.getByRole("article", {
        name: "Return of Walter Brennan by Cedar Point Investors",
      });
      await request.waitFor({ timeout: 10_000 });
      await expect(request.textContent()).resolves.toContain("The number rings a pharmacy in Denver.");
      failures.push(...(await axeAtBothWidths(admin, "/admin/returns")));
      await request.getByLabel("Note to the client").fill("We called it twice: it reaches the seller.");
      await request.getByRole("button", { name: /^Reject/ }).click();
      await toast(admin, "Return rejected").waitFor();
      await admin.getByText("No returns here.").waitFor();

      // The client's page, open all along, shows the answer.
      await card.getByText("Rejected").waitFor({ timeout: 10_000 });
      await card.getByText("We called it twice: it reaches the seller.").waitFor();
      failures.push(...(await axeAtBothWidths(client, "/client/leads/:id (answered)", viewports.phone)));

      // The client's dashboard shows how the guarantee stands: this month, one delivered, none returned.
      await client.goto(app.url + "/client", { waitUntil: "networkidle" });
      await client.getByRole("heading", { name: "Your guarantee" }).waitFor();
      const thisMonth = client.getByRole("region", { name: "Ledger by month" }).getByRole("row").nth(1);
      expect((await thisMonth.getByRole("cell").allTextContents()).slice(0, 3)).toEqual(["40", "1", "0"]);
      failures.push(...(await axeAtBothWidths(client, "/client (guarantee)", viewports.phone)));
      const clients = await app.openAs(ADMIN, "/admin/clients");
      failures.push(...(await axeAtBothWidths(clients, "/admin/clients (standing)")));

      await admin.goto(app.url + "/admin/returns?state=rejected", { waitUntil: "networkidle" });
      await admin
        .getByRole("article", { name: "Return of Walter Brennan by Cedar Point Investors" })
        .waitFor();
      expect(failures).toEqual([]);
    },
  );
});
