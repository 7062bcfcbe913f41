/**
 * The signed-in areas' own frame in Chromium, at 1280 and 390 px: no marketing header or footer; the
 * area's sections as a sidebar (wide) or one scrollable row (phone), the current one marked; badges
 * counted on the server (returns waiting for a decision; a company's leads waiting for its feedback);
 * the account menu by keyboard; signing in from a protected page returns to it; the public header leads
 * a signed-in person to their area in one click. axe on every page of both areas at both widths.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";

const PASSWORD = "Granite-Peak-2024!";
const ADMIN: TestUser = {
  email: "shell.admin@example.com",
  password: PASSWORD,
  role: "admin",
  firstName: "Ada",
  lastName: "Admin",
};
const CLIENT: TestUser = {
  email: "shell.client@example.com",
  password: PASSWORD,
  role: "client",
  company: "Birch Lane Capital",
};
const OTHER_CLIENT: TestUser = {
  email: "shell.other@example.com",
  password: PASSWORD,
  role: "client",
  company: "Elm Street Holdings",
};

const app = appForFile({ name: "app-shell", users: [ADMIN, CLIENT, OTHER_CLIENT] });

type Viewport = { width: number; height: number };

/** Each area's sections: path, the navigation's label for it. */
const areas = {
  admin: {
    nav: "Admin",
    sections: [
      ["/admin", "Dashboard"],
      ["/admin/leads", "Leads"],
      ["/admin/returns", "Returns"],
      ["/admin/clients", "Clients"],
      ["/admin/insights", "Insights"],
      ["/admin/routing", "Routing"],
      ["/admin/sources", "Sources"],
      ["/admin/webhooks", "Webhooks"],
      ["/admin/api-keys", "API keys"],
      ["/admin/users", "Users"],
      ["/admin/mail", "E-mails"],
    ],
  },
  client: {
    nav: "Client portal",
    sections: [
      ["/client", "Dashboard"],
      ["/client/leads", "My Leads"],
      ["/client/insights", "Insights"],
      ["/client/agreement", "Agreement"],
      ["/client/team", "Team"],
      ["/client/settings", "Settings"],
    ],
  },
} as const;

const accountMenu = (page: Page) =>
  page.getByRole("banner").locator("details").filter({ hasText: "account menu" });

const isOpen = (page: Page) => accountMenu(page).evaluate((details) => (details as HTMLDetailsElement).open);

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      tag: element.tagName,
      text: (element.textContent ?? "").trim(),
      current: element.getAttribute("aria-current"),
      nav: element.closest("nav")?.getAttribute("aria-label") ?? null,
      outlined: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
      onScreen: box.left >= 0 && box.right <= window.innerWidth && box.top >= 0,
    };
  });

/** The frame's figures on the page as it is now. */
const measure = (page: Page, navLabel: string) =>
  page.evaluate((label) => {
    const nav = document.querySelector(`nav[aria-label="${label}"]`)!.getBoundingClientRect();
    const linkTops = [...document.querySelectorAll(`nav[aria-label="${label}"] a`)].map(
      (a) => a.getBoundingClientRect().top,
    );
    return {
      nav: { left: nav.left, top: nav.top, width: nav.width, height: nav.height },
      rows: new Set(linkTops).size,
      mainTop: document.querySelector("main")!.getBoundingClientRect().top,
      h1Top: document.querySelector("h1")?.getBoundingClientRect().top ?? null,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  }, navLabel);

/** What the frame of an area's page must be at `viewport`; returns what is wrong (empty when right). */
async function frameProblems(page: Page, area: keyof typeof areas, label: string, viewport: Viewport) {
  const { nav } = areas[area];
  const where = `${new URL(page.url()).pathname} at ${viewport.width}px`;
  const problems: string[] = [];
  const expectCount = async (what: string, count: Promise<number>, wanted: number) => {
    const found = await count;
    if (found !== wanted) problems.push(`${where}: ${found} ${what}, wanted ${wanted}`);
  };
  // No marketing header or footer.
  await expectCount(
    "consultation links",
    page.getByRole("link", { name: "Book a Free Consultation" }).count(),
    0,
  );
  await expectCount("footers", page.locator("footer").count(), 0);
  await expectCount("site navigations", page.getByRole("navigation", { name: "Main" }).count(), 0);
  await expectCount("site menus", page.getByLabel("Menu", { exact: true }).count(), 0);
  // One navigation of the area, its current section marked, the account menu in the top bar.
  const sections = page.getByRole("navigation", { name: nav });
  await expectCount("area navigations", sections.count(), 1);
  const current = sections.locator('[aria-current="page"]');
  await expectCount("current sections", current.count(), 1);
  const currentText = (await current.first().textContent()) ?? "";
  if (!currentText.startsWith(label)) problems.push(`${where}: current section is "${currentText}"`);
  await expectCount("account menus", accountMenu(page).count(), 1);

  const figures = await measure(page, nav);
  if (figures.overflow > 0) problems.push(`${where}: the page scrolls sideways by ${figures.overflow}px`);
  if (viewport.width < 1024) {
    // One row of sections under the top bar, and the page right after it.
    if (figures.rows !== 1) problems.push(`${where}: sections in ${figures.rows} rows`);
    if (figures.nav.height > 48) problems.push(`${where}: navigation ${figures.nav.height}px tall`);
    if (figures.mainTop > 96) problems.push(`${where}: the page starts at ${figures.mainTop}px`);
  } else {
    // A sidebar at the left, under the top bar, the page beside it.
    if (figures.nav.left !== 0 || figures.nav.width > 240 || figures.nav.height < 400) {
      problems.push(`${where}: no sidebar (${JSON.stringify(figures.nav)})`);
    }
    if (figures.mainTop > 60) problems.push(`${where}: the page starts at ${figures.mainTop}px`);
  }
  return problems;
}

const badgeOf = (page: Page, navLabel: string, linkLabel: string) =>
  page
    .getByRole("navigation", { name: navLabel })
    .getByRole("link", { name: linkLabel })
    .locator('[aria-hidden="true"]');

/** The badge's visible count on a section's link, or null without a badge. */
async function badgeCount(page: Page, navLabel: string, linkLabel: string): Promise<string | null> {
  const badge = badgeOf(page, navLabel, linkLabel);
  return (await badge.count()) ? await badge.textContent() : null;
}

function firstOfThisMonth(): string {
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

async function createLead(admin: Page, first: string, last: string, phone: string, company: string) {
  await admin.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
  const form = admin.getByRole("form", { name: "New lead" });
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill(last);
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Address").fill(`${phone.slice(-3)} Juniper Court`);
  await form.getByLabel("City").fill("Boulder");
  await form.getByLabel("State").fill("CO");
  await form.getByLabel("ZIP code").fill("80302");
  await form.getByLabel("Assign to client").selectOption({ label: company });
  await admin.getByRole("button", { name: "Create Lead" }).click();
  await admin.waitForURL(app.url + "/admin/leads");
}

describe("signing in from a protected page", () => {
  it("returns to the page asked for, and the frame's Sign Out returns to /", async () => {
    const { page } = await app.pages.blank({ viewport: viewports.phone });
    await page.goto(app.url + "/client/leads?feedback=not_reviewed", { waitUntil: "networkidle" });
    await page.waitForURL(app.url + "/auth?redirectTo=%2Fclient%2Fleads%3Ffeedback%3Dnot_reviewed");
    await app.signIn(page, CLIENT);
    await page.waitForURL(app.url + "/client/leads?feedback=not_reviewed");
    await page.getByRole("heading", { name: /^My Leads/, level: 1 }).waitFor();
    await toast(page, "Successfully signed in!").waitFor();

    await accountMenu(page).locator("summary").click();
    await accountMenu(page).getByRole("button", { name: "Sign Out", exact: true }).click();
    await page.waitForURL(app.url + "/");
    await toast(page, "Signed out").waitFor();
    // The site's header again, signed out (on a phone its Sign in link is in the menu).
    const banner = page.getByRole("banner");
    await banner
      .getByRole("link", { name: "Sign in", includeHidden: true })
      .first()
      .waitFor({ state: "attached" });
    await expect(banner.getByRole("link", { name: "Your portal" }).count()).resolves.toBe(0);

    const admin = await app.open("/admin/returns");
    await admin.waitForURL(app.url + "/auth?redirectTo=%2Fadmin%2Freturns");
    await app.signIn(admin, ADMIN);
    await admin.waitForURL(app.url + "/admin/returns");
    await admin.getByRole("heading", { name: "Returns", level: 1 }).waitFor();
  });
});

describe("the frame of the signed-in areas", () => {
  beforeAll(() => app.keepSessions([ADMIN, CLIENT, OTHER_CLIENT]));

  it(
    "frames every section at both widths without the site's header or footer, and passes axe",
    { timeout: 180_000 },
    async () => {
      const problems: string[] = [];
      for (const [area, user] of [
        ["admin", ADMIN],
        ["client", CLIENT],
      ] as const) {
        for (const [name, viewport] of Object.entries(viewports)) {
          const page = await app.openAs(user, areas[area].sections[0][0], viewport);
          for (const [path, label] of areas[area].sections) {
            await page.goto(app.url + path, { waitUntil: "networkidle" });
            await page.locator("h1").first().waitFor();
            problems.push(...(await frameProblems(page, area, label, viewport)));
            problems.push(...(await axeViolations(page, name)));
          }
          // The account menu open: its contents pass axe too.
          await accountMenu(page).locator("summary").click();
          await accountMenu(page).getByRole("link", { name: "Account" }).waitFor();
          problems.push(...(await axeViolations(page, `${name} (account menu open)`)));
          problems.push(...(await app.pages.closeAll()));
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it("keeps the phone's frame to one row of sections and brings the current one into view", async () => {
    const page = await app.openAs(ADMIN, "/admin/users", viewports.phone);
    const figures = await measure(page, "Admin");
    expect(figures.rows).toBe(1);
    expect(figures.nav.height).toBeLessThanOrEqual(48);
    // The top bar and the row of sections: everything above the page.
    expect(figures.mainTop).toBeLessThanOrEqual(96);
    // The last section, past the right edge of a 390 px row, was scrolled into view.
    const users = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" });
    await expect(users.getAttribute("aria-current")).resolves.toBe("page");
    const box = (await users.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
  });

  it("reaches everything by keyboard with a visible focus, and the account menu opens and closes", async () => {
    for (const viewport of Object.values(viewports)) {
      const page = await app.openAs(CLIENT, "/client/leads", viewport);
      const reached: Awaited<ReturnType<typeof focused>>[] = [];
      const end = 3 + areas.client.sections.length;
      for (let i = 0; i < end + 1; i++) {
        await page.keyboard.press("Tab");
        reached.push(await focused(page));
      }
      // Skip link, product name, account menu, then every section in order, each outlined and on screen.
      expect(reached[0]!.text).toBe("Skip to content");
      expect(reached[1]!.text).toContain("Leadworks");
      expect(reached[2]!.tag).toBe("SUMMARY");
      expect(reached.slice(3, end).map((f) => f.text.split(" (")[0]!.replace(/\d+$/, ""))).toEqual(
        areas.client.sections.map(([, label]) => label),
      );
      expect(reached.slice(3, end).every((f) => f.nav === "Client portal")).toBe(true);
      expect(reached.slice(0, end).filter((f) => !f.outlined || !f.onScreen)).toEqual([]);
      expect(reached[4]!.current).toBe("page");

      const summary = accountMenu(page).locator("summary");
      const account = accountMenu(page).getByRole("link", { name: "Account" });
      await summary.focus();
      await page.keyboard.press("Enter");
      await account.waitFor();
      await expect(accountMenu(page).textContent()).resolves.toContain(CLIENT.email);
      await expect(accountMenu(page).textContent()).resolves.toContain("Birch Lane Capital");
      await page.keyboard.press("Escape");
      await expect.poll(() => isOpen(page)).toBe(false);
      await expect(focused(page)).resolves.toMatchObject({ tag: "SUMMARY" });

      await page.keyboard.press(" ");
      await account.waitFor();
      await page.keyboard.press("Tab");
      await expect(focused(page)).resolves.toMatchObject({ text: "Account", outlined: true });
      await page.keyboard.press("Escape");
      await expect.poll(() => isOpen(page)).toBe(false);
      await expect(focused(page)).resolves.toMatchObject({ tag: "SUMMARY" });
      await expect(account.isVisible()).resolves.toBe(false);

      // Enter on a menu link goes there.
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.waitForURL(app.url + "/account");
      expect(await app.pages.closeAll()).toEqual([]);
    }
  });

  it(
    "counts returns waiting for a decision and each company's leads waiting for its feedback",
    { timeout: 180_000 },
    async () => {
      const admin = await app.openAs(ADMIN, "/admin/returns");
      expect(await badgeCount(admin, "Admin", "Returns")).toBeNull();
      // The agreement lets this client return leads, so the badge has something to count.
      await admin.goto(app.url + "/admin/clients", { waitUntil: "networkidle" });
      await admin.getByRole("link", { name: "Birch Lane Capital" }).click();
      await admin.getByLabel("Leads per month").fill("40");
      await admin.getByLabel("Start date").fill(firstOfThisMonth());
      await admin.getByLabel("Price per lead").fill("35");
      await admin.getByLabel("Monthly return cap").fill("100");
      await admin.getByRole("button", { name: "Save Agreement" }).click();
      await toast(admin, "Agreement saved").waitFor();
      await createLead(admin, "Hazel", "Quinn", "+13035550141", "Birch Lane Capital");
      await createLead(admin, "Omar", "Reyes", "+13035550142", "Birch Lane Capital");
      await createLead(admin, "Ivy", "Sutton", "+13035550143", "Elm Street Holdings");

      // Each company counts its own leads only.
      const other = await app.openAs(OTHER_CLIENT, "/client", viewports.phone);
      await expect(badgeCount(other, "Client portal", "My Leads")).resolves.toBe("1");
      const client = await app.openAs(CLIENT, "/client", viewports.phone);
      await expect(badgeCount(client, "Client portal", "My Leads")).resolves.toBe("2");
      const myLeads = client.getByRole("navigation", { name: "Client portal" }).getByRole("link", {
        name: "My Leads",
      });
      await expect(myLeads.getAttribute("aria-current")).resolves.toBeNull();
      await expect(myLeads.textContent()).resolves.toContain("(2 waiting for your feedback)");

      // Feedback on one lead: one left to look at.
      await client.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await client.getByRole("link", { name: "View Hazel Quinn" }).click();
      const feedback = client.getByRole("region", { name: "Your Feedback" });
      await feedback.getByRole("button", { name: "Interested", exact: true }).click();
      await toast(client, "Your feedback has been submitted").waitFor();
      await expect.poll(() => badgeCount(client, "Client portal", "My Leads")).toBe("1");

      // The admin's open returns queue counts the client's request as it arrives.
      await admin.goto(app.url + "/admin/returns", { waitUntil: "networkidle" });
      await client.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await client.getByRole("link", { name: "View Omar Reyes" }).click();
      const card = client.getByRole("region", { name: "Return this lead" });
      await card.getByRole("button", { name: "Request Return" }).click();
      await card.getByLabel("Reason").selectOption("wrong_number");
      await card.getByRole("button", { name: "Request Return" }).click();
      await toast(client, "Return requested").waitFor();
      await expect.poll(() => badgeCount(admin, "Admin", "Returns"), { timeout: 10_000 }).toBe("1");
      const returns = admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Returns" });
      await expect(returns.textContent()).resolves.toContain("(1 waiting for a decision)");
      await expect(badgeCount(other, "Client portal", "My Leads")).resolves.toBe("1");

      // Decided: nothing waits.
      const request = admin.getByRole("row", { name: "Return of Omar Reyes by Birch Lane Capital" });
      await request.getByRole("checkbox", { name: "Tick the return of Omar Reyes" }).check();
      await admin
        .getByRole("form", { name: "Decide the ticked returns" })
        .getByRole("button", { name: "Approve" })
        .click();
      await toast(admin, "Return approved").waitFor();
      await expect.poll(() => badgeCount(admin, "Admin", "Returns")).toBeNull();
    },
  );
});

describe("the public header of a signed-in person", () => {
  beforeAll(() => app.keepSessions([ADMIN, CLIENT]));

  it("leads to their area in one click, at both widths", async () => {
    for (const viewport of Object.values(viewports)) {
      const client = await app.openAs(CLIENT, "/about/real-estate-lead-generation-company", viewport);
      const banner = client.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Admin", exact: true }).count()).resolves.toBe(0);
      await banner.getByRole("link", { name: "Your portal" }).click();
      await client.waitForURL(app.url + "/client");
      await client.getByRole("navigation", { name: "Client portal" }).waitFor();

      const admin = await app.openAs(ADMIN, "/", viewport);
      await expect(
        admin.getByRole("banner").getByRole("link", { name: "Your portal" }).count(),
      ).resolves.toBe(0);
      await admin.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).click();
      await admin.waitForURL(app.url + "/admin");
      await admin.getByRole("navigation", { name: "Admin" }).waitFor();
      expect(await axeViolations(client)).toEqual([]);
      expect(await app.pages.closeAll()).toEqual([]);
    }
  });
});
