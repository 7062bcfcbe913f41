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

const SECOND: TestUser = {
  email: "returns.second@example.com",
  password: "Granite-Peak-2024!",
  role: "client",
  company: "Harbor Lane Homes",
};

const app = appForFile({ name: "returns", users: [ADMIN, CLIENT, SECOND] });

/** A lead made on the admin's form and assigned to `client`. */
async function createLead(admin: Page, first: string, last: string, phone: string, client: string) {
  await admin.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
  const form = admin.getByRole("form", { name: "New lead" });
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill(last);
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Address").fill(`${phone.slice(-3)} Harbor Lane`);
  await form.getByLabel("City").fill("Tacoma");
  await form.getByLabel("State").fill("WA");
  await form.getByLabel("ZIP code").fill("98402");
  await form.getByLabel("Assign to client").selectOption({ label: client });
  await admin.getByRole("button", { name: "Create Lead" }).click();
  await admin.waitForURL(app.url + "/admin/leads");
}

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

      // The admin's queue, open all along, shows the request without a reload: a row with its evidence.
      const request = admin.getByRole("row", {
        name: "Return of Walter Brennan by Cedar Point Investors",
      });
      await request.waitFor({ timeout: 10_000 });
      await expect(request.textContent()).resolves.toContain("The number rings a pharmacy in Denver.");
      failures.push(...(await axeAtBothWidths(admin, "/admin/returns")));
      await request.getByRole("checkbox", { name: "Tick the return of Walter Brennan" }).check();
      const bar = admin.getByRole("form", { name: "Decide the ticked returns" });
      await bar.getByText("1 selected").waitFor();
      await bar.getByLabel("Note to the client").fill("We called it twice: it reaches the seller.");
      await bar.getByRole("button", { name: "Reject" }).click();
      await toast(admin, "Return rejected").waitFor();
      await admin
        .getByRole("status")
        .filter({ hasText: "Rejected 1 return." })
        .filter({ has: admin.getByRole("link", { name: "Dismiss" }) })
        .waitFor();
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
      const rejected = admin.getByRole("row", { name: "Return of Walter Brennan by Cedar Point Investors" });
      await rejected.getByTitle("Rejected").waitFor();
      expect(failures).toEqual([]);
    },
  );

  it(
    "the queue approves two ticked returns with one note, by keyboard, and says what it did",
    { timeout: 180_000 },
    async () => {
      await app.keepSessions([ADMIN, SECOND]);
      const failures: string[] = [];
      const admin = await app.openAs(ADMIN, "/admin/clients");
      await admin.getByRole("link", { name: "Harbor Lane Homes" }).click();
      await admin.getByLabel("Leads per month").fill("40");
      await admin.getByLabel("Start date").fill("2026-11-01");
      await admin.getByLabel("Price per lead").fill("35");
      await admin.getByLabel("Monthly return cap").fill("100");
      await admin.getByRole("button", { name: "Save Agreement" }).click();
      await toast(admin, "Agreement saved").waitFor();
      const sellers = [
        ["Ada", "Lindqvist", "+12535550101"],
        ["Bo", "Marsh", "+12535550102"],
        ["Cy", "Okafor", "+12535550103"],
      ] as const;
      for (const [first, last, phone] of sellers) {
        await createLead(admin, first, last, phone, "Harbor Lane Homes");
      }

      // The client asks to return all three (the request's own flow is the test above).
      const client = await app.openAs(SECOND, "/client/leads");
      for (const [first, last] of sellers) {
        const href = await client
          .getByRole("link", { name: new RegExp(`${first} ${last}`) })
          .first()
          .getAttribute("href");
        const asked = await client.request.post(app.url + href!, {
          form: { intent: "return", reason: "not_owner", note: `${first} is a tenant` },
          headers: { Origin: app.url },
          maxRedirects: 0,
        });
        expect(asked.status()).toBe(302);
      }

      await admin.goto(app.url + "/admin/returns?sort=newest", { waitUntil: "networkidle" });
      const rowOf = (first: string, last: string) =>
        admin.getByRole("row", { name: `Return of ${first} ${last} by Harbor Lane Homes` });
      await rowOf("Ada", "Lindqvist").waitFor();
      const requested = admin.getByRole("columnheader", { name: /Requested/ });
      await expect(requested.getAttribute("aria-sort")).resolves.toBe("descending");
      await expect(rowOf("Bo", "Marsh").textContent()).resolves.toContain("Bo is a tenant");
      failures.push(...(await axeAtBothWidths(admin, "/admin/returns (three waiting)")));

      // By keyboard: j to the first row (newest first: Cy), x ticks it; j, x the next (Bo).
      await admin.keyboard.press("j");
      await admin.keyboard.press("x");
      await admin.keyboard.press("j");
      await admin.keyboard.press("x");
      const bar = admin.getByRole("form", { name: "Decide the ticked returns" });
      await bar.getByText("2 selected").waitFor();
      failures.push(...(await axeViolations(admin, "/admin/returns (two ticked) desktop")));
      for (
        let i = 0;
        i < 15 && !(await bar.getByLabel("Note to the client").evaluate((e) => e === document.activeElement));
        i++
      ) {
        await admin.keyboard.press("Tab");
      }
      await admin.keyboard.type("Replacements go out this week.");
      await admin.keyboard.press("Tab");
      await admin.keyboard.press("Enter");
      await toast(admin, "Returns approved").waitFor();
      // The result on the page (not the toasts' live region): it has a Dismiss link.
      const result = admin
        .getByRole("status")
        .filter({ hasText: "Approved 2 returns." })
        .filter({ has: admin.getByRole("link", { name: "Dismiss" }) });
      await result.waitFor();
      await expect(result.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
      await rowOf("Cy", "Okafor").waitFor({ state: "detached" });
      await rowOf("Bo", "Marsh").waitFor({ state: "detached" });
      await rowOf("Ada", "Lindqvist").waitFor();
      failures.push(...(await axeAtBothWidths(admin, "/admin/returns (result)")));

      // The filters apply on change: the approved ones, with the note, in green.
      await admin.getByLabel("State").selectOption({ label: "Approved" });
      await admin.waitForURL(/state=approved/);
      await rowOf("Bo", "Marsh").getByTitle("Approved").waitFor();
      await expect(admin.getByRole("row", { name: /^Return of / }).count()).resolves.toBe(2);
      const evidence = rowOf("Cy", "Okafor").getByText("More");
      await evidence.click();
      await rowOf("Cy", "Okafor").getByText("Replacements go out this week.").waitFor();
      failures.push(...(await axeViolations(admin, "/admin/returns (approved, evidence open) desktop")));

      // The clients list sorts by its headers and says how each client stands, at both widths.
      await admin.goto(app.url + "/admin/clients", { waitUntil: "networkidle" });
      await admin
        .getByRole("columnheader", { name: /Returns/ })
        .getByRole("link")
        .click();
      await admin.waitForURL(/\/admin\/clients\?sort=returns/);
      // The address changes before React draws the new order: wait for the header to say it.
      await admin.locator('th[aria-sort="descending"]', { hasText: "Returns" }).waitFor();
      const harbor = admin.getByRole("row", { name: /Harbor Lane Homes/ });
      await expect(harbor.textContent()).resolves.toContain("1 waiting");
      await expect(harbor.textContent()).resolves.toContain("2 returned");
      failures.push(...(await axeAtBothWidths(admin, "/admin/clients (sorted)")));
      expect(failures).toEqual([]);
    },
  );
});
