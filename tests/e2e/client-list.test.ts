/**
 * My Leads on a phone (issue 26 §3) in Chromium at 390 px: the search and the quick filters stand above
 * the first lead, each lead is a card of about 100 px, and nothing scrolls sideways; a phone number typed
 * with brackets finds its seller, Hot and Waiting for feedback narrow the list and live in the URL (the
 * Back button returns to the list before), an empty result says what was searched and offers to clear
 * it, a tap on a card opens the lead, and Mine shows the leads the person took. Another company's
 * lead on the same street is never listed. axe at 390 and 1280 px on the list, filtered and empty.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeAtBothWidths, toast, type TestUser } from "../support/e2e-app";

const PASSWORD = "Granite-Peak-2024!";
const ADMIN: TestUser = { email: "list.admin@example.com", password: PASSWORD, role: "admin" };
const CLIENT: TestUser = {
  email: "ana@cypresslane.example",
  password: PASSWORD,
  role: "client",
  firstName: "Ana",
  lastName: "Ruiz",
  company: "Cypress Lane Homes",
};
const OTHER: TestUser = {
  email: "ben@willowcreek.example",
  password: PASSWORD,
  role: "client",
  company: "Willow Creek Capital",
};

const app = appForFile({ name: "client-list", users: [ADMIN, CLIENT, OTHER] });

interface Seller {
  name: [string, string];
  phone: string;
  address: string;
  motivation: "hot" | "warm" | "cold";
  client: string;
}

const sellers: Seller[] = [
  {
    name: ["Maria", "Gonzalez"],
    phone: "+17135550142",
    address: "12 Cedar Ln",
    motivation: "hot",
    client: "Cypress Lane Homes",
  },
  {
    name: ["Peter", "Oakes"],
    phone: "+12145550199",
    address: "40 Elm St",
    motivation: "warm",
    client: "Cypress Lane Homes",
  },
  {
    name: ["Rosa", "Lind"],
    phone: "+17135550177",
    address: "9 Oak Street",
    motivation: "cold",
    client: "Cypress Lane Homes",
  },
  {
    name: ["Olive", "Oakley"],
    phone: "+17135550188",
    address: "5 Oak St",
    motivation: "hot",
    client: "Willow Creek Capital",
  },
];

async function createLead(admin: Page, seller: Seller) {
  await admin.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
  const form = admin.getByRole("form", { name: "New lead" });
  await form.getByLabel("First name").fill(seller.name[0]);
  await form.getByLabel("Last name").fill(seller.name[1]);
  await form.getByLabel("Phone").fill(seller.phone);
  await form.getByLabel("Address").fill(seller.address);
  await form.getByLabel("City").fill("Houston");
  await form.getByLabel("State").fill("TX");
  await form.getByLabel("ZIP code").fill("77002");
  await form.getByLabel("Motivation level").selectOption(seller.motivation);
  await form.getByLabel("Assign to client").selectOption({ label: seller.client });
  await admin.getByRole("button", { name: "Create Lead" }).click();
  await admin.waitForURL(app.url + "/admin/leads");
}

/** The names on the list's cards, in order ("" for the empty list). */
const names = (page: Page) => page.getByRole("table").locator("tbody tr td:first-child a").allTextContents();

/** The URL's search as an object: what the list is filtered by. */
const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe("My Leads on a phone", () => {
  it(
    "searches by a phone typed any way, narrows with quick filters, clears an empty result and opens a lead",
    { timeout: 180_000 },
    async () => {
      await app.keepSessions([ADMIN, CLIENT]);
      const failures: string[] = [];
      const admin = await app.openAs(ADMIN, "/admin/leads");
      for (const seller of sellers) await createLead(admin, seller);

      const page = await app.openAs(CLIENT, "/client/leads", viewports.phone);
      await page.getByRole("heading", { name: "My Leads (3)", level: 1 }).waitFor();
      await expect.poll(() => names(page)).toEqual(["Rosa Lind", "Peter Oakes", "Maria Gonzalez"]);

      // The first screen: the search and the quick filters, then the cards, about 100 px each.
      const search = page.getByRole("searchbox", { name: "Search" });
      const quick = page.getByRole("navigation", { name: "Quick filters" });
      const rows = page.getByRole("table").locator("tbody tr");
      const firstCard = (await rows.first().boundingBox())!;
      expect((await search.boundingBox())!.y).toBeLessThan(firstCard.y);
      expect((await quick.boundingBox())!.y + (await quick.boundingBox())!.height).toBeLessThanOrEqual(
        firstCard.y,
      );
      expect(firstCard.y + firstCard.height).toBeLessThan(viewports.phone.height);
      for (const box of await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height))) {
        expect(box).toBeGreaterThan(80);
        expect(box).toBeLessThanOrEqual(110);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports.phone.width,
      );
      failures.push(...(await axeAtBothWidths(page, "/client/leads", viewports.phone)));

      // A phone number as people write it finds the seller stored as +17135550142.
      await search.fill("(713) 555-0142");
      await search.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === "(713) 555-0142");
      await page.getByRole("heading", { name: "My Leads (1)", level: 1 }).waitFor();
      expect(await names(page)).toEqual(["Maria Gonzalez"]);

      // A quick filter adds to the search; it says it is on, and the URL carries both.
      const hot = quick.getByRole("link", { name: "Hot" });
      await hot.click();
      await expect.poll(() => searchOf(page)).toEqual({ q: "(713) 555-0142", motivation: "hot" });
      await expect.poll(() => hot.getAttribute("aria-current")).toBe("true");
      expect(await names(page)).toEqual(["Maria Gonzalez"]);

      // Another search keeps the quick filters: "oak" is a name and a street, and nothing hot of theirs.
      await quick.getByRole("link", { name: "Waiting for feedback" }).click();
      await expect.poll(() => searchOf(page).feedback).toBe("not_reviewed");
      await search.fill("oak");
      await search.press("Enter");
      await expect
        .poll(() => searchOf(page))
        .toEqual({ q: "oak", motivation: "hot", feedback: "not_reviewed" });
      await page.getByRole("heading", { name: "My Leads (0)", level: 1 }).waitFor();
      const empty = page.getByRole("cell").filter({ hasText: "No leads match" });
      await expect(empty.getByRole("paragraph").first().textContent()).resolves.toBe("No leads match “oak”");
      await empty.getByText("Filtered by: Waiting for feedback, Hot").waitFor();
      // Willow Creek's hot, unreviewed lead on Oak St is theirs, not this company's.
      expect(await page.getByText("Olive Oakley").count()).toBe(0);
      failures.push(...(await axeAtBothWidths(page, "/client/leads (empty)", viewports.phone)));

      await empty.getByRole("link", { name: "Clear filters" }).click();
      await expect.poll(() => searchOf(page)).toEqual({ q: "oak" });
      await page.getByRole("heading", { name: "My Leads (2)", level: 1 }).waitFor();
      expect(await names(page)).toEqual(["Rosa Lind", "Peter Oakes"]);
      await expect.poll(() => search.inputValue()).toBe("oak");
      await expect.poll(() => hot.getAttribute("aria-current")).toBeNull();

      // Back returns to the empty search, its quick filters on again.
      await page.goBack();
      await page.getByRole("heading", { name: "My Leads (0)", level: 1 }).waitFor();
      await expect.poll(() => hot.getAttribute("aria-current")).toBe("true");
      await page.goForward();
      await page.getByRole("heading", { name: "My Leads (2)", level: 1 }).waitFor();

      // A tap on the card, away from the name, opens the lead.
      const rosa = rows.filter({ hasText: "Rosa Lind" });
      // (At the address's place: Playwright would refuse to click the address, which the card covers.)
      const address = (await rosa.getByText("9 Oak Street").boundingBox())!;
      // Opened inside the app, not as a new document: a mark left on this one is still there after.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.mouse.click(address.x + address.width / 2, address.y + address.height / 2);
      await page.waitForURL(/\/client\/leads\/[0-9a-f-]{36}$/);
      await page.getByRole("heading", { name: "Rosa Lind", level: 1 }).waitFor();
      expect(await page.evaluate(() => "sameDocument" in window), "opened inside the app").toBe(true);
      await page.getByRole("button", { name: "Take this lead" }).click();
      await toast(page, "Lead taken").waitFor();

      // Mine: the lead Ana took, and no other.
      await page.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await quick.getByRole("link", { name: "Mine" }).click();
      await expect.poll(() => searchOf(page)).toEqual({ claim: "mine" });
      await page.getByRole("heading", { name: "My Leads (1)", level: 1 }).waitFor();
      expect(await names(page)).toEqual(["Rosa Lind"]);
      failures.push(...(await axeAtBothWidths(page, "/client/leads?claim=mine", viewports.phone)));

      expect(failures).toEqual([]);
    },
  );
});
