/**
 * The three main flows with the keyboard alone (issue 25 §6): an admin assigns a lead, the client gives
 * feedback and asks to return it, the admin approves the return. After each action focus must be on the
 * action's control or on its result, never dropped to the page's top; tabbing past an untouched field
 * must not mark it invalid; the delete dialog gives focus back to its opener.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, toast, type TestUser } from "../support/e2e-app";

const ADMIN: TestUser = { email: "keys.admin@example.com", password: "Granite-Peak-2024!", role: "admin" };
const CLIENT: TestUser = {
  email: "keys.client@example.com",
  password: "Granite-Peak-2024!",
  role: "client",
  company: "Juniper Keys Capital",
};

const app = appForFile({ name: "keyboard", users: [ADMIN, CLIENT] });

/** What has focus: its role-ish tag and its accessible text, e.g. "BUTTON Save assignment". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "BODY";
    const text = (element.getAttribute("aria-label") ?? element.textContent ?? "")
      .trim()
      .replace(/\s+/g, " ");
    return `${element.tagName} ${text}`;
  });

describe("keyboard flows", () => {
  it(
    "assign, feedback, return and approve keep focus on the control or its result",
    { timeout: 240_000 },
    async () => {
      await app.keepSessions([ADMIN, CLIENT]);
      const admin = await app.openAs(ADMIN, "/admin/clients");
      await admin.getByRole("link", { name: "Juniper Keys Capital" }).click();
      await admin.getByLabel("Leads per month").fill("40");
      await admin.getByLabel("Start date").fill("2026-11-01");
      await admin.getByLabel("Price per lead").fill("35");
      await admin.getByLabel("Monthly return cap").fill("100");
      await admin.getByRole("button", { name: "Save Agreement" }).click();
      await toast(admin, "Agreement saved").waitFor();

      await admin.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
      const form = admin.getByRole("form", { name: "New lead" });
      await form.getByLabel("First name").fill("Nora");
      await form.getByLabel("Last name").fill("Quill");
      await form.getByLabel("Phone").fill("+13035550166");
      await form.getByLabel("Address").fill("4 Larkspur Way");
      await form.getByLabel("City").fill("Boulder");
      await form.getByLabel("State").fill("CO");
      await form.getByLabel("ZIP code").fill("80302");
      await admin.getByRole("button", { name: "Create Lead" }).click();
      await admin.waitForURL(app.url + "/admin/leads");

      // Opening the lead moves focus to its heading, so the next Tab starts in the page's content.
      await admin
        .getByRole("link", { name: /Nora Quill/ })
        .first()
        .click();
      await admin.getByRole("heading", { name: "Nora Quill", level: 1 }).waitFor();
      expect(await focused(admin)).toBe("H1 Nora Quill");

      // Assign: choose the client by typing, Tab to the button, Enter. Focus stays on the button.
      await admin.getByLabel("Assign to client").focus();
      await admin.keyboard.type("Juniper");
      await admin.keyboard.press("Tab");
      expect(await focused(admin)).toBe("BUTTON Save assignment");
      await admin.keyboard.press("Enter");
      await toast(admin, "Lead updated successfully").waitFor();
      await admin.getByText("Assigned to Juniper Keys Capital; they are e-mailed about it.").waitFor();
      // The page reloads its data after the answer (the button says "Saving..." until then).
      await expect.poll(() => focused(admin)).toBe("BUTTON Save assignment");

      // The delete dialog: Escape closes it and focus returns to the link that opened it.
      await admin.getByRole("link", { name: "Delete", exact: true }).focus();
      await admin.keyboard.press("Enter");
      await admin.getByRole("dialog", { name: "Delete Lead" }).waitFor();
      await admin.keyboard.press("Escape");
      await admin.getByRole("dialog").waitFor({ state: "detached" });
      expect(await focused(admin)).toBe("A Delete");

      // The client's feedback: Enter on a status button keeps focus on it.
      const client = await app.openAs(CLIENT, "/client/leads", viewports.phone);
      await client
        .getByRole("link", { name: /Nora Quill/ })
        .first()
        .click();
      await client.getByRole("heading", { name: "Nora Quill", level: 1 }).waitFor();
      await client.getByRole("button", { name: "Interested", exact: true }).focus();
      await client.keyboard.press("Enter");
      await toast(client, "Your feedback has been submitted").waitFor();
      await client.getByRole("button", { name: "Interested", exact: true, pressed: true }).waitFor();
      expect(await focused(client)).toBe("BUTTON Interested");

      // The return: tabbing past Reason marks nothing; the request's result takes focus when the form goes.
      const card = client.getByRole("region", { name: "Return this lead" });
      await card.getByLabel("Reason").focus();
      await client.keyboard.press("Tab");
      expect(await card.getByText("Choose why you are returning this lead").count()).toBe(0);
      await card.getByLabel("Reason").focus();
      await client.keyboard.type("Wrong");
      await client.keyboard.press("Tab");
      await client.keyboard.type("The number belongs to a dentist.");
      await client.keyboard.press("Tab");
      expect(await focused(client)).toBe("BUTTON Request Return");
      await client.keyboard.press("Enter");
      await toast(client, "Return requested").waitFor();
      await card.getByText("Waiting for review").waitFor();
      expect(await focused(client)).toBe("H2 Return this lead");

      // The admin approves from the queue: j reaches the row, x ticks it, Tab reaches the bar's Approve;
      // the decided row leaves and focus lands on the result that stays on the page.
      await admin.goto(app.url + "/admin/returns", { waitUntil: "networkidle" });
      const request = admin.getByRole("row", { name: "Return of Nora Quill by Juniper Keys Capital" });
      await request.waitFor();
      await admin.keyboard.press("j");
      expect(await focused(admin)).toBe("A Nora Quill");
      await admin.keyboard.press("x");
      await admin.getByText("1 selected").waitFor();
      for (let i = 0; i < 12 && (await focused(admin)) !== "BUTTON Approve"; i++) {
        await admin.keyboard.press("Tab");
      }
      expect(await focused(admin)).toBe("BUTTON Approve");
      await admin.keyboard.press("Enter");
      await toast(admin, "Return approved").waitFor();
      await request.waitFor({ state: "detached" });
      expect(await focused(admin)).toMatch(/^DIV Approved 1 return\./);
    },
  );
});
