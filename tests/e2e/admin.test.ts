/**
 * The submissions dashboard in Chromium, on a fresh database: access rules, empty states, a contact
 * message from another browser appearing live, and the resume download.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { launchBrowser, PageSet, viewports } from "../support/browser";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { userCli } from "../support/user-cli";

const ADMIN = { email: "dash.admin@example.com", password: "Granite-Peak-2024!" };
const PLAIN = { email: "plain.user@example.com", password: "Granite-Peak-2024!" };
const RESUME = Buffer.from("%PDF-1.4\n% Ann Lee resume\n%%EOF\n");

let server: ServerProcess;
let browser: Browser;
const pages = new PageSet(
  () => browser,
  () => server.url,
);

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-admin-"));
  for (const [account, role] of [
    [ADMIN, "admin"],
    [PLAIN, "none"],
  ] as const) {
    const created = userCli(
      dataDir,
      "add",
      "--email",
      account.email,
      "--password",
      account.password,
      ...(role === "admin" ? ["--role", "admin"] : []),
    );
    expect(created, created.output).toMatchObject({ status: 0 });
  }
  server = await startServerProcess({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});

afterEach(async () => {
  expect(await pages.closeAll()).toEqual([]);
});

const open = (urlPath: string, viewport?: { width: number; height: number }) => pages.open(urlPath, viewport);

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function signIn(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

describe("access", () => {
  it("sends an anonymous visitor to sign in and back to /admin afterwards", async () => {
    const page = await open("/admin");
    await page.waitForURL(server.url + "/auth?redirectTo=%2Fadmin");
    await signIn(page, ADMIN);
    await page.waitForURL(server.url + "/admin");
    await page.getByRole("heading", { name: "Submissions dashboard" }).waitFor();
  });

  it("turns away a signed-in user without the admin role with 'Access Denied'", async () => {
    const page = await open("/auth");
    await signIn(page, PLAIN);
    await page.waitForURL(server.url + "/");
    await page.goto(server.url + "/admin", { waitUntil: "networkidle" });
    await page.waitForURL(server.url + "/");
    await toast(page, "Access Denied").filter({ hasText: "You don't have admin privileges" }).waitFor();
  });

  it("answers 404 for the admin resources without an admin session", async () => {
    for (const resource of [
      "/admin/events",
      "/admin/submissions/export.csv?tab=contact",
      "/admin/applications/00000000-0000-4000-8000-000000000000/resume",
    ]) {
      const response = await fetch(server.url + resource);
      expect(response.status, resource).toBe(404);
    }
  });
});

describe("dashboard", () => {
  it(
    "shows the empty states, then a contact message sent elsewhere appears live, then the resume downloads",
    { timeout: 120_000 },
    async () => {
      const admin = await open("/auth?redirectTo=%2Fadmin");
      await signIn(admin, ADMIN);
      await admin.waitForURL(server.url + "/admin");
      await admin.getByText("No contact submissions yet").waitFor();
      await admin.getByText("Live: new submissions appear automatically").waitFor();
      await admin.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

      // A visitor in another browser sends a message.
      const visitor = await open(paths.contact, viewports.phone);
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
      await visitor.goto(server.url + paths.careers, { waitUntil: "networkidle" });
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
