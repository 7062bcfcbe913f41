/**
 * /admin/api-keys in Chromium (issue 14): an admin creates a key with the keyboard, copies its secret
 * (shown once), the key sends a lead, the page shows its use, the lead shows how it arrived and the list
 * filters by it, and revoking refuses the key at once. axe finds nothing at 390 and 1280 px, on the
 * keys page and on the API reference.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = {
  email: "keys.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Kim",
  lastName: "Keys",
};

const app = appForFile({ name: "api-keys", users: [ADMIN] });
beforeAll(() => app.keepSessions([ADMIN]));

const sendLead = (secret: string) =>
  fetch(`${app.url}/api/v1/leads`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Keyed",
      lastName: "Seller",
      phone: "+14155550199",
      address: "12 Harbor View Road",
      city: "Oakland",
      state: "CA",
      zipCode: "94607",
      leadSource: "online",
    }),
  });

describe("API keys", () => {
  let secret = "";
  let leadUrl = "";

  it("creates a key with the keyboard and shows its secret once, with a copy button", async () => {
    const page = await app.openAs(ADMIN, "/admin/api-keys", viewports.desktop);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    await page.getByText("No API keys yet").waitFor();

    // Submit empty: the schema's message, then a name and a second scope, all from the keyboard.
    await page.getByLabel("Name").focus();
    await page.keyboard.press("Enter");
    await page.getByText("Name is required").waitFor();
    await page.getByLabel("Name").focus();
    await page.keyboard.type("Landing page vendor");
    await page.keyboard.press("Tab"); // leads:write, ticked by default
    await page.keyboard.press("Tab"); // leads:read
    await page.keyboard.press("Space");
    expect(await page.getByRole("checkbox", { name: /leads:read/ }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Create Key");
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { name: "Copy the key “Landing page vendor” now" }).waitFor();
    await toast(page, 'API key "Landing page vendor" created').waitFor();
    secret = await page.getByLabel("The new API key").inputValue();
    expect(secret).toMatch(/^lw_[\w-]{43}$/);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = page.getByRole("row", { name: /Landing page vendor/ });
    await row.getByText("leads:write, leads:read").waitFor();
    await row.getByText("Never").waitFor();
    expect(await axeViolations(page, "desktop")).toEqual([]);

    // Once only: the page shows the key again without its secret.
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("row", { name: /Landing page vendor/ }).waitFor();
    expect(await page.getByLabel("The new API key").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
  });

  it("sends a lead with the key; the page counts it, the lead says how it arrived, the list filters by it", async () => {
    const answer = await sendLead(secret);
    expect(answer.status).toBe(201);
    const lead = (await answer.json()) as { adminUrl: string };
    leadUrl = new URL(lead.adminUrl).pathname;

    const page = await app.openAs(ADMIN, "/admin/api-keys", viewports.phone);
    const row = page.getByRole("row", { name: /Landing page vendor/ });
    await row.getByRole("cell", { name: "1", exact: true }).waitFor();
    expect(await row.getByText("Never").count()).toBe(0);
    expect(await axeViolations(page, "phone")).toEqual([]);

    await page.goto(app.url + leadUrl, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "API key Landing page vendor" }).click();
    await page.waitForURL(/\/admin\/leads\?arrival=api%3A|\/admin\/leads\?arrival=api:/);
    await page.getByRole("link", { name: /Arrived by: API key: Landing page vendor/ }).waitFor();
    await page
      .getByRole("cell", { name: /Keyed Seller/ })
      .first()
      .waitFor();
  });

  it("revokes the key: the API refuses it at once", async () => {
    const page = await app.openAs(ADMIN, "/admin/api-keys", viewports.desktop);
    await page.getByRole("button", { name: "Revoke Landing page vendor" }).focus();
    await page.keyboard.press("Enter");
    await toast(page, "API key revoked").waitFor();
    await page
      .getByRole("row", { name: /Landing page vendor/ })
      .getByText("Revoked")
      .waitFor();
    await page.getByText(/Revoked Landing page vendor by keys\.admin@example\.com/).waitFor();
    expect((await sendLead(secret)).status).toBe(401);
  });

  it("shows the API reference to admins, rendered here, with no violations", async () => {
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const page = await app.openAs(ADMIN, "/api/docs", viewport);
      await page.getByRole("heading", { name: "Leadworks API reference" }).waitFor();
      await page.getByRole("heading", { name: /post \/api\/v1\/leads/i }).waitFor();
      await page.locator("#schema-LeadInput").getByText("leadSource").waitFor();
      expect(await axeViolations(page, `${viewport.width}px`)).toEqual([]);
    }
    const anonymous = await app.http("/api/docs");
    expect(anonymous.status).toBe(302);
  });
});
