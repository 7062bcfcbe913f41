/**
 * Insights (issue 15) in Chromium: a lead delivered to a client shows on the admin's and the client's
 * insights pages as a drawn chart (an svg), with its table alternative and a CSV download of the same
 * figures; a client is refused the agency's page. axe at phone and desktop widths on both pages.
 */
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { drawEveryChart, viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = {
  email: "charts.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Rosa",
  lastName: "Field",
};
const CLIENT: TestUser = {
  email: "charts.client@example.com",
  password: "Granite-Peak-2024!",
  role: "client",
  firstName: "Nora",
  lastName: "Blake",
  company: "Bluebird Property Partners",
};

const app = appForFile({ name: "insights", users: [ADMIN, CLIENT] });

/** At each width, once every chart has been drawn for it: axe's findings. */
async function checkAtBothWidths(page: Page, label: string): Promise<string[]> {
  const failures: string[] = [];
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await drawEveryChart(page);
    failures.push(...(await axeViolations(page, `${label} ${name}`)));
  }
  return failures;
}

async function downloadCsv(page: Page, title: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: `Download CSV: ${title}` }).click(),
  ]);
  return fs.readFileSync((await download.path())!, "utf8");
}

describe("insights", () => {
  it(
    "draws the delivered lead on the admin's and the client's pages, with tables and CSV downloads",
    { timeout: 180_000 },
    async () => {
      await app.keepSessions([ADMIN, CLIENT]);
      const failures: string[] = [];
      const admin = await app.openAs(ADMIN, "/admin/clients");
      await admin.getByRole("link", { name: "Bluebird Property Partners" }).click();
      await admin.getByLabel("Leads per month").fill("40");
      await admin.getByLabel("Start date").fill("2026-11-01");
      await admin.getByLabel("Price per lead").fill("35");
      await admin.getByRole("button", { name: "Save Agreement" }).click();
      await toast(admin, "Agreement saved").waitFor();

      await admin.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
      const form = admin.getByRole("form", { name: "New lead" });
      await form.getByLabel("First name").fill("Iris");
      await form.getByLabel("Last name").fill("Moreau");
      await form.getByLabel("Phone").fill("+13035550188");
      await form.getByLabel("Address").fill("12 Aspen Lane");
      await form.getByLabel("City").fill("Boulder");
      await form.getByLabel("State").fill("CO");
      await form.getByLabel("ZIP code").fill("80302");
      await form.getByLabel("Assign to client").selectOption({ label: "Bluebird Property Partners" });
      await admin.getByRole("button", { name: "Create Lead" }).click();
      await admin.waitForURL(app.url + "/admin/leads");

      await admin.getByRole("link", { name: "Insights" }).click();
      await admin.getByRole("heading", { name: "Insights", level: 1 }).waitFor();
      failures.push(...(await checkAtBothWidths(admin, "/admin/insights")));
      const chart = admin.getByRole("figure", { name: "Leads delivered per week, by source" });
      await chart.getByText("Show table").click();
      await chart.getByRole("cell", { name: "1" }).first().waitFor();
      // The headline figures count the same lead; a preset range is a link that marks itself current.
      const headlines = admin.getByLabel("Headline figures");
      expect(await headlines.locator("dd").first().textContent()).toBe("1");
      await admin.getByRole("link", { name: "This month" }).click();
      await admin.waitForURL(/from=\d{4}-\d{2}-01&to=/);
      await admin.locator(`a[aria-current="true"]`, { hasText: "This month" }).waitFor();
      expect(await headlines.locator("dd").first().textContent()).toBe("1");
      const csv = await downloadCsv(admin, "Response time by client company");
      expect(csv).toMatch(
        /^\uFEFFClient company,Median hours,90th percentile hours,Leads answered,Leads delivered\r?\n/,
      );
      expect(csv).toMatch(/Bluebird Property Partners,,,0,1/);

      // On a phone, the charts in view (or 200 px from it) are drawn and the ones further down are not,
      // until they are scrolled to: drawing is a phone's heaviest work on these pages.
      const phone = await app.openAs(ADMIN, "/admin/insights", viewports.phone);
      const drawings = phone.locator('figure [role="img"]');
      const tops = await drawings.evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().top));
      const near = viewports.phone.height + 200;
      expect(tops.filter((top) => top < near).length, "charts in view").toBeGreaterThan(0);
      expect(tops.filter((top) => top > near + 100).length, "charts far below").toBeGreaterThan(0);
      for (const [i, top] of tops.entries()) {
        if (top < near) await drawings.nth(i).locator("svg.recharts-surface").first().waitFor();
      }
      for (const [i, top] of tops.entries()) {
        if (top > near + 100) expect(await drawings.nth(i).locator("svg").count(), `chart ${i}`).toBe(0);
      }
      await drawings.last().scrollIntoViewIfNeeded();
      await drawings.last().locator("svg.recharts-surface").first().waitFor();
      await phone.close();

      const client = await app.openAs(CLIENT, "/client/insights", viewports.phone);
      await client.getByRole("heading", { name: "Your Insights", level: 1 }).waitFor();
      await client.getByText("Leads kept").waitFor();
      // Spent, but no deal reported yet: no "0.0x", a sentence.
      expect(await client.getByTestId("ros-ratio").textContent()).toBe(
        "Not enough data: no deals reported in this range yet.",
      );
      // The team's response time: nobody answered yet, so nothing drawn; the table names the waiting lead.
      const team = client.getByRole("figure", { name: "Response time by team member" });
      await team.getByText("Nothing to draw in this range; the table has the figures.").waitFor();
      await team.getByText("Show table").click();
      await team.getByRole("rowheader", { name: "Not taken by anyone" }).waitFor();
      failures.push(...(await checkAtBothWidths(client, "/client/insights")));
      const own = await downloadCsv(client, "Leads delivered per week, by source");
      expect(own).toMatch(/^\uFEFFWeek of,Cold Call\r?\n/);
      expect(own).toMatch(/,1\r?\n/);

      // Once Nora answers, her row is drawn under her own name, not the company's.
      await client.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await client.getByRole("link", { name: "View Iris Moreau" }).click();
      const feedback = client.getByRole("region", { name: "Your Feedback" });
      await feedback.getByRole("button", { name: "Interested", exact: true }).click();
      await toast(client, "Your feedback has been submitted").waitFor();
      await client.goto(app.url + "/client/insights", { waitUntil: "networkidle" });
      await team.scrollIntoViewIfNeeded();
      await team.locator("svg.recharts-surface").first().waitFor();
      await team.getByText("Show table").click();
      await team.getByRole("rowheader", { name: "Nora Blake" }).waitFor();
      expect(await team.getByText("Bluebird Property Partners").count()).toBe(0);
      expect(await team.getByRole("rowheader", { name: "Not taken by anyone" }).count()).toBe(0);
      failures.push(...(await axeViolations(client, "/client/insights answered")));

      // The agency's page is not the client's: sent home with the area's refusal; its CSV is a 404.
      await client.goto(app.url + "/admin/insights", { waitUntil: "networkidle" });
      await toast(client, "Access Denied").waitFor();
      expect((await app.http("/admin/insights/export.csv?dataset=funnel")).status).toBe(404);

      expect(failures).toEqual([]);
    },
  );
});
