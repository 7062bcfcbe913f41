/**
 * The webhook pages in Chromium (issue 14): a client sets their webhook on /client/settings with the
 * keyboard alone and sees the secret; an admin finds it at /admin/webhooks, assigns a lead to the client,
 * and the delivery to a receiver on 127.0.0.1 appears in the log live and can be resent. axe finds
 * nothing on either page at 390 and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const ADMIN: TestUser = { email: "hooks.admin@example.com", password: "Granite-Peak-2024!", role: "admin" };
const CLIENT: TestUser = {
  email: "hooks.client@example.com",
  password: "Granite-Peak-2024!",
  role: "client",
  firstName: "Carla",
  lastName: "Client",
  company: "Hook Street Buyers",
};

const app = appForFile({
  name: "webhooks",
  users: [ADMIN, CLIENT],
  env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" },
});
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  await app.keepSessions([ADMIN, CLIENT]);
});
afterAll(async () => {
  await receiver.stop();
});

describe("webhook settings", () => {
  it("lets a client set their webhook with the keyboard on a phone and shows the secret once", async () => {
    const page = await app.openAs(CLIENT, "/client/settings", viewports.phone);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByText("No deliveries yet").waitFor();
    expect(await axeViolations(page, "390")).toEqual([]);

    // Keyboard only: Tab to the URL field, type, Enter.
    const url = page.getByLabel("HTTPS URL");
    for (let i = 0; i < 40 && !(await url.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    expect(await url.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(receiver.url);
    await page.keyboard.press("Enter");
    await toast(page, "Webhook saved").waitFor();
    const secret = await page.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await axeViolations(page, "390 with secret")).toEqual([]);

    // Revealed again later, from the keyboard.
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByLabel("Signing secret", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Reveal secret" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Signing secret", { exact: true }).waitFor();
    expect(await page.getByLabel("Signing secret", { exact: true }).inputValue()).toBe(secret);

    await page.setViewportSize(viewports.desktop);
    expect(await axeViolations(page, "1280")).toEqual([]);
  });

  it(
    "shows the admin every client's webhook and a delivery appearing live, with Resend",
    { timeout: 120_000 },
    async () => {
      const list = await app.openAs(ADMIN, "/admin/webhooks");
      const row = list.getByRole("row").filter({ hasText: "Hook Street Buyers" });
      await row.getByText(receiver.url).waitFor();
      expect(await axeViolations(list, "1280")).toEqual([]);
      await row.getByRole("link", { name: "Hook Street Buyers" }).click();
      await list.getByRole("heading", { name: "Webhook: Hook Street Buyers" }).waitFor();
      await list.getByText("No deliveries yet").waitFor();
      await list.getByText("No deliveries yet").waitFor();

      // A lead assigned to the client, from another tab: the delivery shows up in the open log.
      const editor = await app.openAs(ADMIN, "/admin/leads/new");
      const form = editor.getByRole("form", { name: "New lead" });
      await form.getByLabel("First name").fill("Webby");
      await form.getByLabel("Last name").fill("Hooker");
      await form.getByLabel("Phone").fill("+1 (202) 555-0177");
      await form.getByLabel("Address").fill("1 Hook Lane");
      await form.getByLabel("City").fill("Springfield");
      await form.getByLabel("State").fill("IL");
      await form.getByLabel("ZIP code").fill("62704");
      await form.getByLabel("Assign to client").selectOption({ label: "Hook Street Buyers" });
      await editor.getByRole("button", { name: "Create Lead" }).click();
      await toast(editor, "Lead created successfully").first().waitFor();

      const log = list.getByRole("region", { name: "Delivery log" });
      await log
        .getByRole("row")
        .filter({ hasText: "Lead assigned" })
        .filter({ hasText: "Delivered" })
        .waitFor({ timeout: 10_000 });
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: "lead.assigned",
        data: { lead: { firstName: "Webby" } },
      });
      await log.getByRole("cell", { name: "200" }).waitFor();

      await log.getByRole("button", { name: /^Resend Lead assigned/ }).click();
      await toast(list, "The event will be sent again").waitFor();
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
      expect(receiver.received[1]!.headers["leadworks-event-id"]).toBe(
        receiver.received[0]!.headers["leadworks-event-id"],
      );
      expect(await axeViolations(list, "1280 with log")).toEqual([]);
      await list.setViewportSize(viewports.phone);
      expect(await axeViolations(list, "390 with log")).toEqual([]);

      // The client's own page shows the same log.
      const client = await app.openAs(CLIENT, "/client/settings");
      await client.getByRole("region", { name: "Delivery log" }).getByText("Lead assigned").waitFor();
    },
  );
});
