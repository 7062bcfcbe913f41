/**
 * The submissions dashboard in Chromium, on a fresh database: access rules, empty states, a contact
 * message from another browser appearing live, and the resume download.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { viewports } from "../support/browser";
import { toast, appForFile, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = { email: "dash.admin@example.com", password: "Granite-Peak-2024!", role: "admin" };
const PLAIN: TestUser = { email: "plain.user@example.com", password: "Granite-Peak-2024!" };
const RESUME = Buffer.from("%PDF-1.4\n% Ann Lee resume\n%%EOF\n");

const app = appForFile({ name: "admin", users: [ADMIN, PLAIN] });
describe("access", () => {
  it("sends an anonymous visitor to sign in and back to /admin afterwards", async () => {
    const page = await app.open("/admin");
    await page.waitForURL(app.url + "/auth?redirectTo=%2Fadmin");
    await app.signIn(page, ADMIN);
    await page.waitForURL(app.url + "/admin");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  });

  it("turns away a signed-in user without the admin role with 'Access Denied'", async () => {
    const page = await app.open("/auth");
    await app.signIn(page, PLAIN);
    await page.waitForURL(app.url + "/");
    await page.goto(app.url + "/admin", { waitUntil: "networkidle" });
    await page.waitForURL(app.url + "/");
    await toast(page, "Access Denied").filter({ hasText: "You don't have admin privileges" }).waitFor();
  });

  it("answers 404 for the admin resources without an admin session", async () => {
    for (const resource of [
      "/admin/events",
      "/admin/submissions/export.csv?tab=contact",
      "/admin/applications/00000000-0000-4000-8000-000000000000/resume",
    ]) {
      const response = await fetch(app.url + resource);
      expect(response.status, resource).toBe(404);
    }
  });
});

describe("dashboard", () => {
  it(
    "shows the empty states, then a contact message sent elsewhere appears live, then the resume downloads",
    { timeout: 120_000 },
    async () => {
      const admin = await app.open("/auth?redirectTo=%2Fadmin");
      await app.signIn(admin, ADMIN);
      await admin.waitForURL(app.url + "/admin");
      await admin.getByText("No contact submissions yet").waitFor();
      await admin.getByText("Live: new submissions appear automatically").waitFor();
      await admin.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

      // A visitor in another browser sends a message.
      const visitor = await app.open(paths.contact, viewports.phone);
      await visitor.getByLabel("Name").fill("Live Visitor");
      await visitor.getByLabel("Email").fill("live.visitor@example.com");
      await visitor.getByLabel("Subject").fill("Live update check");
      await visitor
        .getByLabel("Message", { exact: true })
        .fill("Does the dashboard show this without a reload?");
      const sentAt = Date.now();
      await visitor.getByRole("button", { name: "Send Message" }).click();
      await toast(visitor, "Message Sent!").waitFor();

      await admin.getByRole("heading", { name: "Live update check" }).waitFor({ timeout: 5000 });
      expect(Date.now() - sentAt).toBeLessThan(5000);
      expect(await admin.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      await expect(
        admin.getByRole("article", { name: "Message from Live Visitor" }).textContent(),
      ).resolves.toContain("live.visitor@example.com");

      // The careers tab is empty until an application with a resume arrives.
      await admin.getByRole("link", { name: /Career Applications/ }).click();
      await admin.getByText("No career applications yet").waitFor();
      await visitor.goto(app.url + paths.careers, { waitUntil: "networkidle" });
      await visitor.getByLabel("First name").fill("Ann");
      await visitor.getByLabel("Last name").fill("Lee");
      await visitor.getByLabel("Email").fill("ann.lee@example.com");
      await visitor.getByLabel("Position of interest").selectOption("market-research");
      await visitor.getByLabel("Experience level").selectOption("2-3");
      await visitor
        .getByLabel("Cover letter")
        .fill("I build county-level market reports and would love to do it for your clients.");
      await visitor
        .getByLabel("Resume (optional)")
        .setInputFiles({ name: "ann-lee.pdf", mimeType: "application/pdf", buffer: RESUME });
      await visitor.getByRole("button", { name: "Submit Application" }).click();
      await toast(visitor, "Application Submitted!").waitFor();

      const card = admin.getByRole("article", { name: "Application from Ann Lee" });
      await card.waitFor({ timeout: 5000 });
      await expect(card.textContent()).resolves.toContain("Market Research Analyst");
      const [download] = await Promise.all([
        admin.waitForEvent("download"),
        card.getByRole("link", { name: "View Resume" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("ann-lee.pdf");
      expect(fs.readFileSync((await download.path())!).equals(RESUME)).toBe(true);
    },
  );
});
