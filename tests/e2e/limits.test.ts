/**
 * Nothing typed is cut off (issue 11): on every form, each field with a length limit takes an over-long
 * paste whole, counts it ("2,500 / 2,000" in the error style, and once for screen readers), shows the
 * spec's message under the field when the visitor leaves it and on submit, and nothing is saved (lists,
 * profile and lead unchanged, no e-mail). Without JavaScript the server answers 400 with the same message
 * and gives the value back whole. axe checks each form in its refused state.
 *
 * A server of its own on a fresh database: an admin and a client from the CLI, one lead assigned to the
 * client, and its DATA_DIR/mail to prove that no refused form wrote an e-mail.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";
import { leadTableNames } from "../support/lead-table";
import { readMails } from "../support/mail";

const ADMIN: TestUser = {
  email: "limits.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Ada",
  lastName: "Admin",
};
const CLIENT: TestUser = {
  email: "limits.client@example.com",
  password: "Harbor-Light-4242",
  role: "client",
  firstName: "Ian",
  lastName: "Oakes",
  company: "Oak Street Buyers",
};

/** Words that no page shows until a refused value is saved by mistake. */
const MARKER = "Overflowing";

/** A pasted text of exactly `length` characters, without spaces at its ends (the schemas trim). */
const text = (length: number) =>
  `${MARKER} notes about a motivated seller in Dallas County who wants to close fast. `
    .repeat(Math.ceil(length / 70) + 1)
    .slice(0, length - 1) + ".";
const email = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
/** A well-formed phone number of 21 characters (the limit is 20). */
const LONG_PHONE = "+1 (555) 123-4567 890";
/** A password that meets every rule but is 129 characters long (the limit is 128). */
const LONG_PASSWORD = `Aa1!${"x".repeat(125)}`;

interface LimitedField {
  label: string;
  value: string;
  max: number;
  message: string;
}

const field = (label: string, value: string, max: number, message: string): LimitedField => ({
  label,
  value,
  max,
  message,
});
const firstName = (label: string) => field(label, text(51), 50, "First name must be less than 50 characters");
const lastName = (label: string) => field(label, text(51), 50, "Last name must be less than 50 characters");
const emailField = field("Email", email(256), 255, "Email must be less than 255 characters");
/** The limited fields of the new-lead and the lead-edit form. */
const leadFields = [
  firstName("First name"),
  lastName("Last name"),
  field("Email (optional)", email(256), 255, "Email must be less than 255 characters"),
  field("Address", text(201), 200, "Address must be less than 200 characters"),
  field("City", text(101), 100, "City must be less than 100 characters"),
  field("Situation notes (optional)", text(2001), 2000, "Situation notes must be less than 2000 characters"),
];

const app = appForFile({ name: "limits", users: [ADMIN, CLIENT] });
let leadId = "";
let mailsBefore: string[] = [];

const mailFiles = () => readMails(app.dataDir).map((mail) => `${mail.to}: ${mail.subject}`);

beforeAll(async () => {
  await app.keepSessions([ADMIN, CLIENT]);

  // One lead, assigned to the client: the page for the edit, activity, document and feedback forms.
  const page = await app.openAs(ADMIN, "/admin/leads/new");
  const form = page.getByRole("form", { name: "New lead" });
  for (const [label, value] of [
    ["First name", "Rosa"],
    ["Last name", "Alvarez"],
    ["Phone", "+15125550101"],
    ["Address", "4417 Live Oak Street"],
    ["City", "Austin"],
    ["State", "TX"],
    ["ZIP code", "78745"],
  ]) {
    await form.getByLabel(label!, { exact: true }).fill(value!);
  }
  await form.getByLabel("Assign to client").selectOption({ label: "Oak Street Buyers" });
  await form.getByRole("button", { name: "Create Lead" }).click();
  await page.waitForURL(app.url + "/admin/leads");
  const href = await page.getByRole("link", { name: "View Rosa Alvarez" }).getAttribute("href");
  leadId = /^\/admin\/leads\/([0-9a-f-]{36})$/.exec(href ?? "")![1]!;
  // The client's "new lead" e-mail is the only one expected in this file.
  for (let i = 0; i < 100 && readMails(app.dataDir).length === 0; i++) await page.waitForTimeout(100);
  mailsBefore = mailFiles();
  expect(mailsBefore).toHaveLength(1);
}, 120_000);

// ---------------------------------------------------------------- helpers

const formatted = (n: number) => n.toLocaleString("en-US");

/**
 * Puts a value in a control the way a paste does, without focusing it: no field is left (blurred) before
 * the submit, so the messages that appear come from the submit's own check.
 */
async function paste(control: Locator, value: string) {
  await control.evaluate((element, pasted) => {
    const prototype =
      element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, pasted);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

/** The field shows the spec's message under it, marks itself invalid, and counts past its limit. */
async function expectRefused(page: Page, control: Locator, field: LimitedField) {
  const id = (await control.getAttribute("id"))!;
  const error = page.locator(`#${id}-error`);
  await error.waitFor();
  await expect(error.textContent(), field.label).resolves.toBe(field.message);
  await expect(control.getAttribute("aria-invalid")).resolves.toBe("true");
  expect((await control.getAttribute("aria-describedby"))?.split(" ")).toEqual(
    expect.arrayContaining([`${id}-error`, `${id}-count`]),
  );
  // The visible count sits beside the message, in the error style.
  await expect(page.locator(`#${id}-error ~ [data-over="true"]`).textContent()).resolves.toBe(
    `${formatted(field.value.length)} / ${formatted(field.max)}`,
  );
}

async function accountEmails(): Promise<string[]> {
  const page = await app.openAs(ADMIN, "/admin/users");
  const table = page.getByRole("table", { name: "Accounts with their roles and status" });
  const rows = await table.locator("tbody tr").allTextContents();
  return [ADMIN.email, CLIENT.email, email(256)].filter((address) =>
    rows.some((row) => row.includes(address)),
  );
}

/** Nothing of a refused form reached the lead: no page of it shows the pasted words. */
async function expectLeadUntouched(account: TestUser, urlPath: string) {
  const page = await app.openAs(account, urlPath);
  await page.getByRole("heading", { name: "Rosa Alvarez", level: 1 }).waitFor();
  expect(await page.getByText(MARKER).count()).toBe(0);
  return page;
}

// ---------------------------------------------------------------- every form with limited fields

interface LimitedForm {
  name: string;
  as: TestUser | null;
  path: () => string;
  form: (page: Page) => Locator;
  submit: string;
  fields: LimitedField[];
  /** Fills the form's other required fields, so that only the over-long values stand in the way. */
  prepare?: (form: Locator) => Promise<void>;
  /** Proves that nothing was saved. */
  unchanged?: () => Promise<void>;
}

const forms: LimitedForm[] = [
  {
    name: "contact",
    as: null,
    path: () => paths.contact,
    form: (page) => page.getByRole("form", { name: "Contact form" }),
    submit: "Send Message",
    fields: [
      field("Name", text(101), 100, "Name must be less than 100 characters"),
      emailField,
      field("Company (optional)", text(101), 100, "Company name must be less than 100 characters"),
      field("Subject", text(201), 200, "Subject must be less than 200 characters"),
      field("Message", text(2500), 2000, "Message must be less than 2000 characters"),
    ],
    unchanged: async () => {
      const page = await app.openAs(ADMIN, "/admin?tab=contact");
      await page.getByText("No contact submissions yet").waitFor();
    },
  },
  {
    name: "career",
    as: null,
    path: () => paths.careers,
    form: (page) => page.getByRole("form", { name: "Job application form" }),
    submit: "Submit Application",
    fields: [
      firstName("First name"),
      lastName("Last name"),
      emailField,
      field("Phone (optional)", LONG_PHONE, 20, "Phone number must be less than 20 characters"),
      field("Cover letter", text(3001), 3000, "Cover letter must be less than 3000 characters"),
    ],
    prepare: async (form) => {
      await form.getByLabel("Position of interest").selectOption("cold-calling");
      await form.getByLabel("Experience level").selectOption("4-5");
    },
    unchanged: async () => {
      const page = await app.openAs(ADMIN, "/admin?tab=career");
      await page.getByText("No career applications yet").waitFor();
    },
  },
  {
    name: "sign-up",
    as: null,
    path: () => "/auth?tab=signup",
    form: (page) => page.getByRole("tabpanel", { name: "Sign Up" }),
    submit: "Create Account",
    fields: [
      firstName("First name (optional)"),
      lastName("Last name (optional)"),
      emailField,
      field("Password", LONG_PASSWORD, 128, "Password must be less than 128 characters"),
    ],
    unchanged: async () => expect(await accountEmails()).toEqual([ADMIN.email, CLIENT.email]),
  },
  {
    name: "sign-in",
    as: null,
    path: () => "/auth",
    form: (page) => page.getByRole("tabpanel", { name: "Sign In" }),
    submit: "Sign In",
    fields: [emailField],
    prepare: (form) => form.getByLabel("Password").fill(ADMIN.password),
  },
  {
    name: "forgot password",
    as: null,
    path: () => "/auth/forgot-password",
    form: (page) => page.getByRole("form", { name: "Forgot password" }),
    submit: "Send Reset Link",
    fields: [emailField],
  },
  {
    name: "new password",
    as: null,
    path: () => "/auth/reset-password?token=not-checked-before-the-submit",
    form: (page) => page.getByRole("form", { name: "Choose a new password" }),
    submit: "Save New Password",
    fields: [field("New password", LONG_PASSWORD, 128, "Password must be less than 128 characters")],
    prepare: (form) => form.getByLabel("Confirm password").fill(LONG_PASSWORD),
  },
  {
    name: "profile",
    as: ADMIN,
    path: () => "/account",
    form: (page) => page.getByRole("form", { name: "Profile" }),
    submit: "Save Profile",
    fields: [
      firstName("First name (optional)"),
      lastName("Last name (optional)"),
      field("Company name (optional)", text(101), 100, "Company name must be less than 100 characters"),
      field("Phone (optional)", LONG_PHONE, 20, "Phone number must be less than 20 characters"),
    ],
    unchanged: async () => {
      const form = (await app.openAs(ADMIN, "/account")).getByRole("form", { name: "Profile" });
      const values = [];
      for (const label of ["First name", "Last name", "Company name", "Phone"]) {
        values.push(await form.getByLabel(`${label} (optional)`).inputValue());
      }
      expect(values).toEqual(["Ada", "Admin", "", ""]);
    },
  },
  {
    name: "client invitation",
    as: ADMIN,
    path: () => "/admin/users",
    form: (page) => page.getByRole("form", { name: "Invite a client" }),
    submit: "Send Invitation",
    fields: [
      emailField,
      field("Company name", text(101), 100, "Company name must be less than 100 characters"),
      firstName("First name (optional)"),
      lastName("Last name (optional)"),
    ],
    unchanged: async () => expect(await accountEmails()).toEqual([ADMIN.email, CLIENT.email]),
  },
  {
    name: "new lead",
    as: ADMIN,
    path: () => "/admin/leads/new",
    form: (page) => page.getByRole("form", { name: "New lead" }),
    submit: "Create Lead",
    fields: leadFields,
    prepare: async (form) => {
      await form.getByLabel("Phone").fill("+12145550102");
      await form.getByLabel("State").fill("TX");
      await form.getByLabel("ZIP code").fill("75201");
    },
    unchanged: async () => {
      const page = await app.openAs(ADMIN, "/admin/leads");
      expect(await leadTableNames(page)).toEqual(["Rosa Alvarez"]);
    },
  },
  {
    name: "lead edit",
    as: ADMIN,
    path: () => `/admin/leads/${leadId}/edit`,
    form: (page) => page.getByRole("form", { name: "Edit lead" }),
    submit: "Save Changes",
    fields: leadFields,
    unchanged: async () => {
      const page = await expectLeadUntouched(ADMIN, `/admin/leads/${leadId}`);
      await page.getByText("4417 Live Oak Street").first().waitFor();
    },
  },
  {
    name: "activity",
    as: ADMIN,
    path: () => `/admin/leads/${leadId}?tab=activity`,
    form: (page) => page.getByRole("form", { name: "Log an activity" }),
    submit: "Add activity",
    fields: [field("Description", text(1001), 1000, "Description must be less than 1000 characters")],
    unchanged: async () => void (await expectLeadUntouched(ADMIN, `/admin/leads/${leadId}?tab=activity`)),
  },
  {
    name: "document",
    as: ADMIN,
    path: () => `/admin/leads/${leadId}?tab=documents`,
    form: (page) => page.getByRole("form", { name: "Upload a document" }),
    submit: "Upload",
    fields: [field("Name (optional)", text(201), 200, "Document name must be less than 200 characters")],
    prepare: (form) =>
      form.getByLabel("File").setInputFiles({
        name: "agreement.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"),
      }),
    unchanged: async () => {
      const page = await expectLeadUntouched(ADMIN, `/admin/leads/${leadId}?tab=documents`);
      await page.getByText("No documents uploaded yet").waitFor();
    },
  },
  {
    name: "client feedback",
    as: CLIENT,
    path: () => `/client/leads/${leadId}`,
    form: (page) => page.getByRole("form", { name: "Your feedback" }),
    submit: "Interested",
    fields: [field("Notes (optional)", text(1001), 1000, "Notes must be less than 1000 characters")],
    unchanged: async () => {
      const page = await expectLeadUntouched(CLIENT, `/client/leads/${leadId}`);
      await page.getByText("No notes yet").waitFor();
      const status = page.getByRole("region", { name: "Your Feedback" }).getByText("Current status:");
      await expect(status.textContent()).resolves.toContain("Not Reviewed");
    },
  },
];

describe("every limited field takes an over-long paste whole and refuses it with the spec's message", () => {
  for (const spec of forms) {
    it(`${spec.name} form`, async () => {
      // Leaving each field: the paste is kept whole (no maxlength), counted, and refused at once.
      const page = await app.openAs(spec.as, spec.path());
      for (const limited of spec.fields) {
        const control = spec.form(page).getByLabel(limited.label, { exact: true });
        await control.fill(limited.value);
        const kept = await control.inputValue();
        expect(
          kept === limited.value,
          `${limited.label} keeps ${kept.length} of ${limited.value.length}`,
        ).toBe(true);
        await control.blur();
        await expectRefused(page, control, limited);
      }

      // Submitting: the values arrive without any field being left; the submit shows every message,
      // the validation toast, and (once typing has paused) the count for screen readers.
      const fresh = await app.openAs(spec.as, spec.path());
      const form = spec.form(fresh);
      await spec.prepare?.(form);
      for (const limited of spec.fields)
        await paste(form.getByLabel(limited.label, { exact: true }), limited.value);
      await form.getByRole("button", { name: spec.submit, exact: true }).click();
      await toast(fresh, "Validation Error").waitFor();
      for (const limited of spec.fields) {
        const control = form.getByLabel(limited.label, { exact: true });
        await expectRefused(fresh, control, limited);
        const over = limited.value.length - limited.max;
        const status = fresh.locator(`#${await control.getAttribute("id")}-count`);
        await expect(status.getAttribute("aria-live")).resolves.toBe("polite");
        await expect
          .poll(() => status.textContent())
          .toBe(
            `${formatted(over)} character${over === 1 ? "" : "s"} over the limit of ${formatted(limited.max)}`,
          );
      }
      expect(await axeViolations(fresh)).toEqual([]);
      await spec.unchanged?.();
    });
  }

  it("shows the count from 90% of the limit and in the plain style up to it", async () => {
    const page = await app.openAs(null, paths.contact);
    const message = page.getByLabel("Message", { exact: true });
    const count = page.locator("#contact-message ~ div [aria-hidden='true']");
    await message.fill(text(1799));
    expect(await count.count()).toBe(0);
    await message.fill(text(1950));
    await expect(count.textContent()).resolves.toBe("1,950 / 2,000");
    expect(await count.getAttribute("data-over")).toBeNull();
    await message.fill(text(2000));
    await expect(count.textContent()).resolves.toBe("2,000 / 2,000");
    expect(await count.getAttribute("data-over")).toBeNull();
    await message.fill(text(2001));
    await expect(count.textContent()).resolves.toBe("2,001 / 2,000");
    await expect(count.getAttribute("data-over")).resolves.toBe("true");
  });
});

describe("without JavaScript", () => {
  /** Posts the form as a plain HTML form and returns the answer's status. */
  async function postWithoutScript(
    account: TestUser | null,
    urlPath: string,
    fill: (page: Page) => Promise<void>,
    submit: string,
  ) {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: viewports.desktop });
    if (account) await context.addCookies(app.sessionOf(account));
    const page = await context.newPage();
    await page.goto(app.url + urlPath);
    await fill(page);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: submit, exact: true }).click(),
    ]);
    await page.waitForLoadState();
    return { page, context, status: answer.status() };
  }

  it("the contact form answers 400 with the message and the whole message to correct", async () => {
    const message = text(2500);
    const { page, context, status } = await postWithoutScript(
      null,
      paths.contact,
      async (page) => {
        await page.getByLabel("Name").fill("No Script");
        await page.getByLabel("Email").fill("noscript@example.com");
        await page.getByLabel("Subject").fill("Plain HTML");
        await page.getByLabel("Message", { exact: true }).fill(message);
      },
      "Send Message",
    );
    try {
      expect(status).toBe(400);
      await page.getByText("Message must be less than 2000 characters").waitFor();
      await page.getByText("2,500 / 2,000").waitFor();
      await expect(page.getByLabel("Message", { exact: true }).inputValue()).resolves.toBe(message);
    } finally {
      await context.close();
    }
    const admin = await app.openAs(ADMIN, "/admin?tab=contact");
    await admin.getByText("No contact submissions yet").waitFor();
  });

  it("the lead form answers 400 with the messages and the values to correct", async () => {
    const notes = text(2001);
    const { page, context, status } = await postWithoutScript(
      ADMIN,
      "/admin/leads/new",
      async (page) => {
        const form = page.getByRole("form", { name: "New lead" });
        await form.getByLabel("First name").fill(text(51));
        await form.getByLabel("Last name").fill("Webb");
        await form.getByLabel("Phone").fill("+12145550102");
        await form.getByLabel("Address").fill("918 Elm Ridge Drive");
        await form.getByLabel("City").fill("Dallas");
        await form.getByLabel("State").fill("TX");
        await form.getByLabel("ZIP code").fill("75201");
        await form.getByLabel("Situation notes (optional)").fill(notes);
      },
      "Create Lead",
    );
    try {
      expect(status).toBe(400);
      await page.getByText("First name must be less than 50 characters").waitFor();
      await page.getByText("Situation notes must be less than 2000 characters").waitFor();
      await expect(page.getByLabel("Situation notes (optional)").inputValue()).resolves.toBe(notes);
      await expect(page.getByLabel("First name").inputValue()).resolves.toBe(text(51));
    } finally {
      await context.close();
    }
    const admin = await app.openAs(ADMIN, "/admin/leads");
    expect(await leadTableNames(admin)).toEqual(["Rosa Alvarez"]);
  });
});

describe("the outbox", () => {
  it("holds no e-mail from any refused form", async () => {
    // A request that enqueues a message also wakes the mail worker; give it a moment all the same.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailFiles()).toEqual(mailsBefore);
  });
});
