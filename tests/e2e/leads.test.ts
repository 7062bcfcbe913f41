/**
 * Lead management (admin) and the client portal in Chromium (spec 02 §2, §4, §5, §8), against a server of
 * its own on a fresh database: the empty list, the create form with its inline errors, search and
 * filters, the detail page (status, timeline, documents, feedback), delete with its dialog, the client
 * portal for two clients, the access rules, axe at phone and desktop widths, and the form by keyboard.
 *
 * The tests share one database and run in order: the create test makes Rosa Alvarez (client A's lead),
 * the list test adds Marcus Webb (hot, unassigned) and Helen Park, the delete test removes Helen Park.
 * Each account signs in once through /auth; its pages then open in fresh contexts with its cookies.
 */
import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, toast, type TestUser } from "../support/e2e-app";
import { leadTable, leadTableNames } from "../support/lead-table";
import { htmlErrors } from "../support/html-checker";

const ADMIN: TestUser = {
  email: "lead.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Ada",
  lastName: "Admin",
};
const CLIENT_A: TestUser = {
  email: "oak.client@example.com",
  password: "Harbor-Light-4242",
  role: "client",
  firstName: "Ian",
  lastName: "Oakes",
  company: "Oak Street Buyers",
};
const CLIENT_B: TestUser = {
  email: "maple.client@example.com",
  password: "Harbor-Light-4242",
  role: "client",
  firstName: "Mia",
  lastName: "Maple",
  company: "Maple Ridge Capital",
};

interface NewLead {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  motivation?: "hot" | "warm" | "cold";
  client?: string;
}

const ROSA: NewLead = {
  firstName: "Rosa",
  lastName: "Alvarez",
  phone: "+15125550101",
  address: "4417 Live Oak Street",
  city: "Austin",
  state: "TX",
  zipCode: "78745",
  client: "Oak Street Buyers",
};
const MARCUS: NewLead = {
  firstName: "Marcus",
  lastName: "Webb",
  phone: "+12145550102",
  email: "marcus.webb@example.com",
  address: "918 Elm Ridge Drive",
  city: "Dallas",
  state: "TX",
  zipCode: "75201",
  motivation: "hot",
};
const HELEN: NewLead = {
  firstName: "Helen",
  lastName: "Park",
  phone: "+17135550103",
  address: "2250 Bayou Lane",
  city: "Houston",
  state: "TX",
  zipCode: "77002-1234",
  motivation: "cold",
};
const nameOf = (lead: NewLead) => `${lead.firstName} ${lead.lastName}`;

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
const WRONG_TYPE = "Upload a PDF, Word document, or a JPEG, PNG or WebP image";
const PHONE_MESSAGE = "Invalid phone number format (use E.164 format, e.g., +12025551234)";
const DELETE_TEXT = "Are you sure you want to delete this lead? This action cannot be undone.";

const app = appForFile({ name: "leads", users: [ADMIN, CLIENT_A, CLIENT_B] });
beforeAll(() => app.keepSessions([ADMIN, CLIENT_A, CLIENT_B]));
/** Lead ids by name, filled as the tests find them. */
const leadIds = new Map<string, string>();

/** The text the control points to with aria-describedby: its error (and hint) under the field. */
const describedText = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim(),
  );

/** A tel: link to the number, shown in any layout that keeps its digits (e.g. "(512) 555-0101"). */
async function expectPhoneLink(scope: Page | Locator, phone: string) {
  // The first: a client's lead page also has a Call button to the same number.
  const link = scope.locator(`a[href="tel:${phone}"]`).first();
  await link.waitFor();
  const digits = (await link.textContent())!.replace(/\D/g, "");
  expect(phone.replace(/\D/g, "").endsWith(digits) && digits.length >= 10, `${digits} for ${phone}`).toBe(
    true,
  );
}

/** The table's names once two reads 150 ms apart agree (after a filter's navigation has committed). */
async function settledNames(page: Page): Promise<string[]> {
  let last = await leadTableNames(page);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(150);
    const next = await leadTableNames(page);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

const selectedLabel = (select: Locator) =>
  select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");

async function fillLeadForm(page: Page, lead: NewLead) {
  const form = page.getByRole("form", { name: "New lead" });
  await form.getByLabel("First name").fill(lead.firstName);
  await form.getByLabel("Last name").fill(lead.lastName);
  await form.getByLabel("Phone").fill(lead.phone);
  if (lead.email) await form.getByLabel("Email").fill(lead.email);
  await form.getByLabel("Address").fill(lead.address);
  await form.getByLabel("City").fill(lead.city);
  await form.getByLabel("State").fill(lead.state);
  await form.getByLabel("ZIP code").fill(lead.zipCode);
  if (lead.motivation) await form.getByLabel("Motivation level").selectOption(lead.motivation);
  if (lead.client) await form.getByLabel("Assign to client").selectOption({ label: lead.client });
}

/** Creates a lead through the form on /admin/leads/new and waits for the list with the toast. */
async function createLead(page: Page, lead: NewLead) {
  if (!page.url().endsWith("/admin/leads/new")) {
    await page.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
  }
  await fillLeadForm(page, lead);
  await page.getByRole("button", { name: "Create Lead" }).click();
  await page.waitForURL(app.url + "/admin/leads");
  await toast(page, "Lead created successfully").first().waitFor();
  await leadTable(page)
    .getByRole("row")
    .filter({ hasText: nameOf(lead) })
    .waitFor();
}

/** The lead's id, from its View link in the admin list. */
async function leadId(lead: NewLead): Promise<string> {
  const known = leadIds.get(nameOf(lead));
  if (known) return known;
  const page = await app.openAs(ADMIN, "/admin/leads");
  const href = await page.getByRole("link", { name: `View ${nameOf(lead)}` }).getAttribute("href");
  const id = /^\/admin\/leads\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
  expect(id, `View link of ${nameOf(lead)}: ${href}`).toBeTruthy();
  leadIds.set(nameOf(lead), id!);
  return id!;
}

const sectionTab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Lead sections" }).getByRole("link", { name: new RegExp(`^${name}`) });

// ---------------------------------------------------------------- admin

describe("lead management (admin)", () => {
  it("shows 'Lead Management' with 'No leads found' on an empty database, and 'Add Lead' opens the form", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads");
    await page.getByRole("heading", { name: "Lead Management", level: 1 }).waitFor();
    expect(await leadTableNames(page)).toEqual(["No leads found"]);
    await page.getByRole("link", { name: "Add Lead" }).click();
    await page.waitForURL(app.url + "/admin/leads/new");
    await page.getByRole("heading", { name: "Create New Lead", level: 1 }).waitFor();
  });

  it("checks the create form inline, upper-cases the state, and creates a lead assigned to a client", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new");
    const form = page.getByRole("form", { name: "New lead" });
    for (const section of [
      "Contact Information",
      "Property Information",
      "Lead Details",
      "Financial Information (Optional)",
      "Assignment (Optional)",
    ]) {
      await form.getByRole("group", { name: section }).waitFor();
    }
    await page.getByRole("link", { name: "Back to Leads" }).waitFor();

    // Defaults (spec 02 §2).
    await expect(selectedLabel(form.getByLabel("Property type"))).resolves.toBe("Single Family");
    await expect(selectedLabel(form.getByLabel("Motivation level"))).resolves.toBe("Warm");
    await expect(selectedLabel(form.getByLabel("Lead source"))).resolves.toBe("Cold Call");
    await expect(selectedLabel(form.getByLabel("Assign to client"))).resolves.toBe("Unassigned");

    // Submitting it empty: the errors under the fields, and the page stays.
    await form.getByRole("button", { name: "Create Lead" }).click();
    await form.getByText("First name is required").waitFor();
    const expectedErrors: [string, string][] = [
      ["First name", "First name is required"],
      ["Last name", "Last name is required"],
      ["Phone", PHONE_MESSAGE],
      ["Address", "Address is required"],
      ["City", "City is required"],
      ["State", "State must be 2-letter code (e.g., CA, NY)"],
      ["ZIP code", "Invalid ZIP code (use 12345 or 12345-6789 format)"],
    ];
    for (const [label, message] of expectedErrors) {
      const control = form.getByLabel(label);
      await expect(control.getAttribute("aria-invalid"), label).resolves.toBe("true");
      await expect(describedText(control), label).resolves.toBe(message);
    }
    await expect(form.getByLabel("Email").getAttribute("aria-invalid")).resolves.toBeNull();
    expect(page.url()).toBe(app.url + "/admin/leads/new");
    await toast(page, "Validation Error").waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("firstName");

    // The state is upper-cased as it is typed; a third letter is kept and refused, not cut off silently.
    const state = form.getByLabel("State");
    await state.pressSequentially("ny");
    await expect(state.inputValue()).resolves.toBe("NY");
    await state.blur();
    await expect.poll(() => describedText(state)).toBe("");
    await state.press("End");
    await state.pressSequentially("c");
    await expect(state.inputValue()).resolves.toBe("NYC");
    await expect(state.getAttribute("maxlength")).resolves.toBeNull();
    await state.blur();
    await expect.poll(() => describedText(state)).toBe("State must be 2-letter code (e.g., CA, NY)");
    await state.fill("");

    await fillLeadForm(page, { ...ROSA, state: "tx" });
    await form.getByRole("button", { name: "Create Lead" }).click();
    await page.waitForURL(app.url + "/admin/leads");
    await toast(page, "Lead created successfully").waitFor();
    const row = leadTable(page)
      .getByRole("row")
      .filter({ hasText: nameOf(ROSA) });
    // The first cell holds the row's bulk checkbox.
    const cells = (await row.getByRole("cell").allTextContents()).slice(1);
    expect([cells[0], ...cells.slice(2, 6)]).toEqual([
      nameOf(ROSA),
      `${ROSA.address}, ${ROSA.city}, TX`,
      "Warm",
      "New",
      "Oak Street Buyers",
    ]);
    await expectPhoneLink(row, ROSA.phone);
    await page.getByText("1 lead, newest first.").waitFor();
  });

  it("lists newest first, searches on Enter, filters on change and clears the filters", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new");
    await createLead(page, MARCUS);
    await createLead(page, HELEN);
    expect(await leadTableNames(page)).toEqual([nameOf(HELEN), nameOf(MARCUS), nameOf(ROSA)]);
    const unassigned = leadTable(page)
      .getByRole("row")
      .filter({ hasText: nameOf(MARCUS) });
    await expect(unassigned.getByRole("cell").nth(6).textContent()).resolves.toBe("Unassigned");

    const search = page.getByLabel("Search", { exact: true });
    const clear = page.getByRole("link", { name: "Clear Filters" });
    // A multi-select filter: a disclosure of checkboxes, opened by its summary ("Status: Any").
    const checklist = async (label: string) => {
      const group = page.getByRole("group", { name: label, exact: true });
      if (!(await group.isVisible())) await page.locator("summary", { hasText: `${label}:` }).click();
      return group;
    };
    // An open disclosure floats over the fields below it; a click elsewhere closes it, as a user would.
    const closeChecklists = () => page.getByRole("heading", { name: "Lead Management" }).click();
    const ticked = async (label: string) =>
      (await checklist(label))
        .getByRole("checkbox")
        .evaluateAll((boxes) =>
          boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => (b as HTMLInputElement).value),
        );
    expect(await clear.count()).toBe(0);

    // Search by city, applied on Enter.
    await search.fill("dallas");
    await search.press("Enter");
    await page.waitForURL(/\/admin\/leads\?q=dallas$/);
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(MARCUS)]);
    await page
      .getByRole("list", { name: "Active filters" })
      .getByRole("link", { name: /Search: dallas/ })
      .waitFor();
    await clear.click();
    await page.waitForURL(app.url + "/admin/leads");
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(HELEN), nameOf(MARCUS), nameOf(ROSA)]);
    // Cleared means cleared: the search box no longer holds the old search. (Soft: the rest still runs.)
    expect.soft(await search.inputValue(), "search box after Clear Filters").toBe("");

    // The motivation filter applies as soon as it changes, on its own.
    await (await checklist("Motivation")).getByLabel("Hot").check();
    await page.waitForURL(/motivation=hot/);
    expect.soft(new URL(page.url()).searchParams.get("q") ?? "", "q after Clear Filters").toBe("");
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(MARCUS)]);
    // The spec's statuses first, then Under Contract, which the multi-select adds.
    const statusValues = await (
      await checklist("Status")
    )
      .getByRole("checkbox")
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    expect(statusValues).toEqual([
      "new",
      "qualified",
      "contacted",
      "appointment_set",
      "sold",
      "dead",
      "under_contract",
    ]);
    await (await checklist("Status")).getByLabel("Dead").check();
    await page.waitForURL(/status=dead/);
    await expect.poll(() => leadTableNames(page)).toEqual(["No leads found"]);
    // A second status widens the list: hot leads that are dead or new.
    await (await checklist("Status")).getByLabel("New").check();
    await page.waitForURL(/status=new/);
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(MARCUS)]);
    // Removing a chip removes that filter alone.
    await closeChecklists();
    await page
      .getByRole("list", { name: "Active filters" })
      .getByRole("link", { name: /Status: Dead/ })
      .click();
    await page.waitForURL((url) => !url.search.includes("dead"));
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      status: "new",
      motivation: "hot",
    });
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(MARCUS)]);

    await closeChecklists();
    await clear.click();
    await page.waitForURL(app.url + "/admin/leads");
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(HELEN), nameOf(MARCUS), nameOf(ROSA)]);
    expect(await clear.count()).toBe(0);
    expect.soft(await ticked("Status"), "status filter after Clear Filters").toEqual([]);
    expect.soft(await ticked("Motivation"), "motivation filter after Clear Filters").toEqual([]);

    // After clearing, choosing one filter applies that filter alone: every "new" lead.
    await (await checklist("Status")).getByLabel("New").check();
    await page.waitForURL(/status=new/);
    expect
      .soft(Object.fromEntries(new URL(page.url()).searchParams), "query after Clear Filters, then Status")
      .toEqual({ status: "new" });
    expect
      .soft(await settledNames(page), "rows after Clear Filters, then Status: New")
      .toEqual([nameOf(HELEN), nameOf(MARCUS), nameOf(ROSA)]);

    // Unassigned, then oldest first, by keyboard: the sort applies on change and the heading says it.
    await closeChecklists();
    await page.getByLabel("Client", { exact: true }).selectOption({ label: "Unassigned" });
    await page.waitForURL(/client=unassigned/);
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(HELEN), nameOf(MARCUS)]);
    // The sort select sits behind "More filters" (the headers sort too: tests/e2e/lead-list.test.ts).
    await page.locator("summary", { hasText: "More filters" }).click();
    const sort = page.getByLabel("Sort", { exact: true });
    await sort.focus();
    await sort.selectOption("oldest");
    await page.waitForURL(/sort=oldest/);
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(MARCUS), nameOf(HELEN)]);
    await page.getByText("2 leads, oldest first.").waitFor();
    // One page: where it sits and the counted total, Previous and Next drawn but not links.
    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByText("1–2 of 2 leads").waitFor();
    expect(await pages.getByRole("button", { name: "Previous page" }).isDisabled()).toBe(true);
    expect(await pages.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
    expect(await pages.getByRole("link").count()).toBe(0);
  });

  it("shows a lead, saves a status change at once, logs an activity, stores documents", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads");
    await page.getByRole("link", { name: `View ${nameOf(MARCUS)}` }).click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    const leadUrl = page.url();
    leadIds.set(nameOf(MARCUS), leadUrl.split("/").pop()!);

    await page.getByRole("heading", { name: nameOf(MARCUS), level: 1 }).waitFor();
    await expectPhoneLink(page, MARCUS.phone);
    await expect(page.getByRole("link", { name: MARCUS.email }).getAttribute("href")).resolves.toBe(
      `mailto:${MARCUS.email}`,
    );
    await page
      .getByText(`${MARCUS.address}, ${MARCUS.city}, ${MARCUS.state} ${MARCUS.zipCode}`)
      .first()
      .waitFor();
    await page.getByRole("link", { name: "Back to Leads" }).waitFor();
    for (const card of [
      "Property Details",
      "Motivation & Situation",
      "Financial Details",
      "Assignment Information",
    ]) {
      await page.getByRole("heading", { name: card, level: 2 }).waitFor();
    }

    // Activity Timeline: empty at first, and a description is required.
    await sectionTab(page, "Activity Timeline").click();
    await page.waitForURL(leadUrl + "?tab=activity");
    await page.getByText("No activities yet").waitFor();
    const activity = page.getByRole("form", { name: "Log an activity" });
    await activity.getByRole("button", { name: "Add activity" }).click();
    await activity.getByText("Description is required").waitFor();
    await expect(describedText(activity.getByLabel("Description"))).resolves.toBe("Description is required");

    // The status saves as soon as it changes, and is still there after a reload.
    const status = page.getByLabel("Status", { exact: true });
    await expect(status.inputValue()).resolves.toBe("new");
    await status.selectOption("qualified");
    await toast(page, "Lead updated successfully").waitFor();
    await page.reload({ waitUntil: "networkidle" });
    await expect(page.getByLabel("Status", { exact: true }).inputValue()).resolves.toBe("qualified");

    // A call, logged by the admin, lands in the timeline with their name.
    await activity.getByLabel("Type").selectOption({ label: "Call" });
    await activity.getByLabel("Description").fill("Called Marcus: wants to sell before the school year.");
    await activity.getByRole("button", { name: "Add activity" }).click();
    const entry = page
      .locator("ol > li")
      .filter({ hasText: "Called Marcus: wants to sell before the school year." });
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toMatch(/^Call · .+by Ada Admin$/);
    await expect(activity.getByLabel("Description").inputValue()).resolves.toBe("");
    await page.locator("ol > li").filter({ hasText: "Status changed from New to Qualified" }).waitFor();

    // Documents: empty, then a real PDF whose View link downloads the same bytes.
    await sectionTab(page, "Documents").click();
    await page.waitForURL(leadUrl + "?tab=documents");
    await page.getByText("No documents uploaded yet").waitFor();
    const upload = page.getByRole("form", { name: "Upload a document" });
    await upload
      .getByLabel("File")
      .setInputFiles({ name: "offer.pdf", mimeType: "application/pdf", buffer: PDF });
    await upload.getByLabel("Name").fill("Purchase agreement");
    await upload.getByRole("button", { name: "Upload" }).click();
    const card = page.getByRole("listitem").filter({ hasText: "Purchase agreement" });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain("PDF · 1 KB");
    await expect(card.textContent()).resolves.toContain("Ada Admin");
    await expect(sectionTab(page, "Documents").textContent()).resolves.toBe("Documents1");

    const view = card.getByRole("link", { name: "View Purchase agreement" });
    // It opens a new tab, which Chromium turns into a download reported on this page.
    const [download] = await Promise.all([page.waitForEvent("download"), view.click()]);
    expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    // The same file through the request API with the admin's cookies, and nothing for anyone else.
    const href = (await view.getAttribute("href"))!;
    const response = await page.context().request.get(app.url + href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect(Buffer.from(await response.body()).equals(PDF)).toBe(true);
    expect((await fetch(app.url + href)).status).toBe(404);

    // A ".pdf" that is plain text is refused, with the error under the field.
    await upload.getByLabel("File").setInputFiles({
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("just some notes\n"),
    });
    await upload.getByRole("button", { name: "Upload" }).click();
    await upload.getByText(WRONG_TYPE).waitFor();
    await expect(describedText(upload.getByLabel("File"))).resolves.toContain(WRONG_TYPE);
    await toast(page, WRONG_TYPE).waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: "notes" }).count()).toBe(0);
    app.pages.expectRefusal(page, 400);

    // Client Feedback: nothing to show for an unassigned lead.
    await sectionTab(page, "Client Feedback").click();
    await page.waitForURL(leadUrl + "?tab=feedback");
    await page.getByText("This lead is not assigned to a client yet").waitFor();
  });

  it("edits a lead's details from its page and notes the change in the timeline", async () => {
    const id = await leadId(MARCUS);
    const page = await app.openAs(ADMIN, `/admin/leads/${id}`);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(`${app.url}/admin/leads/${id}/edit`);
    const form = page.getByRole("form", { name: "Edit lead" });
    expect(await form.getByLabel("Phone").inputValue()).toBe(MARCUS.phone);
    expect(await form.getByRole("combobox", { name: /Assign to client/ }).count()).toBe(0);

    await form.getByLabel("ZIP code").fill("7520");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await form.getByText("Invalid ZIP code (use 12345 or 12345-6789 format)").waitFor();
    expect(page.url()).toBe(`${app.url}/admin/leads/${id}/edit`);

    await form.getByLabel("ZIP code").fill("75204");
    await form.getByLabel("Phone").fill("(214) 555-0177");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(`${app.url}/admin/leads/${id}`);
    await toast(page, "Lead updated successfully").first().waitFor();
    await page.getByRole("link", { name: "(214) 555-0177" }).waitFor();
    await sectionTab(page, "Activity Timeline").click();
    await page.getByText("Updated phone, ZIP code").waitFor();
  });

  it("asks before deleting: Cancel and Escape keep the lead, Delete removes it", async () => {
    const id = await leadId(HELEN);
    const page = await app.openAs(ADMIN, `/admin/leads/${id}`);
    const dialog = page.getByRole("dialog", { name: "Delete Lead" });
    const openDialog = async () => {
      await page.getByRole("link", { name: "Delete", exact: true }).click();
      await dialog.waitFor();
    };

    await openDialog();
    await expect(dialog.getByText(DELETE_TEXT).isVisible()).resolves.toBe(true);
    await expect(dialog.getAttribute("aria-describedby")).resolves.toBeTruthy();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL(app.url + `/admin/leads/${id}`);
    await page.getByRole("heading", { name: nameOf(HELEN), level: 1 }).waitFor();

    await openDialog();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL(app.url + `/admin/leads/${id}`);
    await page.getByRole("heading", { name: nameOf(HELEN), level: 1 }).waitFor();

    await openDialog();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(app.url + "/admin/leads");
    await toast(page, "Lead deleted successfully").waitFor();
    await expect.poll(() => leadTableNames(page)).toEqual([nameOf(MARCUS), nameOf(ROSA)]);

    await page.goto(app.url + `/admin/leads/${id}`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Lead not found", level: 1 }).waitFor();
    app.pages.expectRefusal(page, 404);
    leadIds.delete(nameOf(HELEN));
  });
});

// ---------------------------------------------------------------- client portal

describe("client portal", () => {
  it(
    "shows a client their leads only, and their feedback reaches the admin",
    { timeout: 90_000 },
    async () => {
      const id = await leadId(ROSA);

      // Client A signs in in a browser of their own and lands on the dashboard.
      const client = await app.openAs(null, "/auth?redirectTo=%2Fclient");
      await app.signIn(client, CLIENT_A);
      await client.waitForURL(app.url + "/client");
      await client.getByRole("heading", { name: "Client Dashboard", level: 1 }).waitFor();
      const counter = (page: Page, label: string) =>
        page
          .locator("dl > div")
          .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
          .locator("dd");
      const counters = async (page: Page) =>
        Promise.all(
          ["Total Leads", "New This Week", "Interested", "Contacted"].map((l) =>
            counter(page, l).textContent(),
          ),
        );
      expect(await counters(client)).toEqual(["1", "1", "0", "0"]);
      const recent = client.getByRole("table", { name: "Your ten most recent leads" });
      await recent
        .getByRole("row")
        .filter({ hasText: nameOf(ROSA) })
        .waitFor();
      expect(
        await recent
          .getByRole("row")
          .filter({ hasText: nameOf(MARCUS) })
          .count(),
      ).toBe(0);

      await client.getByRole("link", { name: "View All Leads" }).click();
      await client.waitForURL(app.url + "/client/leads");
      await client.getByRole("heading", { name: "My Leads (1)", level: 1 }).waitFor();
      await client.getByRole("navigation", { name: "Pages" }).getByText("1–1 of 1 lead").waitFor();

      // Client B has nothing, and A's lead does not exist for them.
      const other = await app.openAs(CLIENT_B, "/client");
      await other.getByText("No leads assigned to you yet").waitFor();
      expect(await counters(other)).toEqual(["0", "0", "0", "0"]);
      await other.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await other.getByRole("heading", { name: "My Leads (0)", level: 1 }).waitFor();
      await other.getByText("No leads assigned to you yet").waitFor();
      await other.goto(app.url + `/client/leads/${id}`, { waitUntil: "networkidle" });
      await other.getByRole("heading", { name: "Lead not found", level: 1 }).waitFor();
      expect(await other.locator(`a[href="tel:${ROSA.phone}"]`).count()).toBe(0);
      app.pages.expectRefusal(other, 404);

      // Client A opens the lead and says they are interested, with a note.
      await client.getByRole("link", { name: `View ${nameOf(ROSA)}` }).click();
      await client.waitForURL(app.url + `/client/leads/${id}`);
      await client.getByRole("heading", { name: nameOf(ROSA), level: 1 }).waitFor();
      await expectPhoneLink(client, ROSA.phone);
      const feedback = client.getByRole("region", { name: "Your Feedback" });
      await expect(feedback.getByText("Current status:").textContent()).resolves.toContain("Not Reviewed");
      const note = "Drove by: roof looks new. Interested if the price is near $300k.";
      await feedback.getByLabel("Notes").fill(note);
      await feedback.getByRole("button", { name: "Interested", exact: true }).click();
      await toast(client, "Your feedback has been submitted").waitFor();
      await expect.poll(() => feedback.getByLabel("Notes").inputValue()).toBe("");
      await expect.poll(() => feedback.getByText("Current status:").textContent()).toContain("Interested");
      await expect(
        feedback.getByRole("button", { name: "Interested", exact: true }).getAttribute("aria-pressed"),
      ).resolves.toBe("true");
      const previous = client.getByRole("region", { name: "Previous notes" });
      await previous.getByText(note).waitFor();
      await expect(previous.textContent()).resolves.toContain("Interested");

      await client
        .getByRole("navigation", { name: "Client portal" })
        .getByRole("link", { name: "Dashboard" })
        .click();
      await client.waitForURL(app.url + "/client");
      await expect.poll(() => counters(client)).toEqual(["1", "1", "1", "0"]);

      // The admin sees it on the lead's Client Feedback tab.
      const admin = await app.openAs(ADMIN, `/admin/leads/${id}?tab=feedback`);
      const card = admin
        .getByRole("heading", { name: "Client Feedback: Oak Street Buyers", level: 2 })
        .locator("xpath=..");
      await card.waitFor();
      await expect(card.locator("dd").first().textContent()).resolves.toBe("Interested");
      await card.getByText(note).waitFor();
      await expect(card.textContent()).resolves.not.toContain("Not reviewed yet");
    },
  );

  it("shows a lead the agency assigns on the client's open list without a reload, and takes it away again", async () => {
    const id = await leadId(MARCUS);
    const client = await app.openAs(CLIENT_B, "/client/leads");
    await client.getByRole("heading", { name: "My Leads (0)", level: 1 }).waitFor();
    // A marker on the window: it survives only if the page is never reloaded.
    await client.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));

    const admin = await app.openAs(ADMIN, `/admin/leads/${id}`);
    await admin.getByLabel("Assign to client").selectOption({ label: "Maple Ridge Capital" });
    await admin.getByRole("button", { name: "Save assignment" }).click();
    await toast(admin, "Lead updated successfully").first().waitFor();
    // The page says to whom it went once it has reloaded its data (the next choice starts from there).
    await admin.getByText("Assigned to Maple Ridge Capital; they are e-mailed about it.").waitFor();

    await client.getByRole("heading", { name: "My Leads (1)", level: 1 }).waitFor({ timeout: 5000 });
    await client.getByRole("link", { name: `View ${nameOf(MARCUS)}` }).waitFor();

    await admin.getByLabel("Assign to client").selectOption({ label: "Unassigned" });
    await admin.getByRole("button", { name: "Save assignment" }).click();
    await admin.getByText("Unassigned: no client holds this lead now.").waitFor();
    await client.getByRole("heading", { name: "My Leads (0)", level: 1 }).waitFor({ timeout: 5000 });
    expect(await client.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  });
});

describe("bulk actions", () => {
  it("assigns every matching lead at once, the client's open list follows, and a bulk delete asks first", async () => {
    const client = await app.openAs(CLIENT_B, "/client/leads");
    await client.getByRole("heading", { name: "My Leads (0)", level: 1 }).waitFor();
    const admin = await app.openAs(ADMIN, "/admin/leads?client=unassigned");
    const unassigned = await leadTableNames(admin);
    expect(unassigned.length).toBeGreaterThan(0);
    expect(unassigned).not.toContain("No leads found");
    const count = unassigned.length;
    const leadsText = (n: number) => `${n} ${n === 1 ? "lead" : "leads"}`;

    // The selection bar shows once a lead is ticked; from there, every lead matching the filters.
    const bulk = admin.getByRole("form", { name: "Bulk actions" });
    await expect.poll(() => bulk.isVisible()).toBe(false);
    await admin.getByRole("checkbox", { name: "Tick every lead on this page" }).check();
    await bulk.getByText(`${count} selected`).waitFor();
    await bulk.getByLabel(`All ${leadsText(count)} matching these filters`).check();
    await bulk.getByLabel("Action", { exact: true }).selectOption("assign");
    await bulk.getByLabel("Client", { exact: true }).selectOption({ label: "Maple Ridge Capital" });
    await bulk.getByRole("button", { name: "Apply" }).click();
    await toast(admin, `${leadsText(count)} assigned`).waitFor();
    await expect.poll(() => leadTableNames(admin)).toEqual(["No leads found"]);
    // The client's open list follows without a reload.
    await client.getByRole("heading", { name: `My Leads (${count})`, level: 1 }).waitFor({ timeout: 5000 });

    // Tick one lead on the full list: a delete asks first, naming the count, and Cancel keeps it.
    await admin.goto(app.url + "/admin/leads", { waitUntil: "networkidle" });
    const before = await leadTableNames(admin);
    await admin.getByRole("checkbox", { name: `Tick ${unassigned[0]}`, exact: true }).check();
    await bulk.getByText("Ticked leads (1)").waitFor();
    await bulk.getByLabel("Action", { exact: true }).selectOption("delete");
    await bulk.getByRole("button", { name: "Apply" }).click();
    const confirm = admin.getByRole("alertdialog", { name: "Delete 1 lead?" });
    await confirm.waitFor();
    await expect.poll(() => admin.evaluate(() => document.activeElement?.textContent)).toBe("Delete 1 lead?");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    // Back to the list, nothing ticked: the selection bar hides until a lead is ticked again.
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => bulk.isVisible()).toBe(false);
    expect(await settledNames(admin)).toEqual(before);

    // Unassign it instead: the client's list loses it.
    await admin.getByRole("checkbox", { name: `Tick ${unassigned[0]}`, exact: true }).check();
    await bulk.getByLabel("Action", { exact: true }).selectOption("unassign");
    await bulk.getByRole("button", { name: "Apply" }).click();
    await toast(admin, "1 lead unassigned").waitFor();
    await client
      .getByRole("heading", { name: `My Leads (${count - 1})`, level: 1 })
      .waitFor({ timeout: 5000 });
  });

  it("says what is missing instead of guessing", async () => {
    const admin = await app.openAs(ADMIN, "/admin/leads");
    const bulk = admin.getByRole("form", { name: "Bulk actions" });
    const action = bulk.getByLabel("Action", { exact: true });
    const [first] = await leadTableNames(admin);
    const tick = admin.getByRole("checkbox", { name: `Tick ${first}`, exact: true });
    await tick.check();
    await bulk.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => describedText(action)).toBe("Choose an action");
    // Unticked again: the bar stays while it shows what is missing.
    await tick.uncheck();
    await action.selectOption("assign");
    await bulk.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() => describedText(bulk.getByLabel("Client", { exact: true })))
      .toBe("Choose a client");
    await expect.poll(() => describedText(action)).toBe("");
    await bulk
      .getByRole("alert")
      .filter({ hasText: "Tick at least one lead, or choose all leads matching the filters" })
      .waitFor();
  });

  it("works without JavaScript: refusals under the fields with 400, and a delete names the count first", async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: viewports.desktop });
    await context.addCookies(app.sessionOf(ADMIN));
    const page = await context.newPage();
    try {
      await page.goto(app.url + "/admin/leads");
      const bulk = page.getByRole("form", { name: "Bulk actions" });
      await bulk.getByLabel("Action", { exact: true }).selectOption("assign");
      const [refused] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === "POST"),
        bulk.getByRole("button", { name: "Apply" }).click(),
      ]);
      expect(refused.status()).toBe(400);
      await page.waitForLoadState();
      await expect(describedText(bulk.getByLabel("Client", { exact: true }))).resolves.toBe(
        "Choose a client",
      );
      await bulk
        .getByRole("alert")
        .filter({ hasText: "Tick at least one lead, or choose all leads matching the filters" })
        .waitFor();
      // The choice comes back as it was sent.
      await expect(bulk.getByLabel("Action", { exact: true }).inputValue()).resolves.toBe("assign");

      const [first] = await leadTableNames(page);
      await page.getByRole("checkbox", { name: `Tick ${first}`, exact: true }).check();
      await bulk.getByLabel("Action", { exact: true }).selectOption("delete");
      await bulk.getByRole("button", { name: "Apply" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete 1 lead?" });
      await confirm.getByRole("button", { name: "Delete 1 lead" }).waitFor();
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await bulk.waitFor();
      expect(await leadTableNames(page)).toContain(first);
    } finally {
      await context.close();
    }
  });
});

describe("possible duplicates", () => {
  it("warns before creating a lead at a known address, links the match, and creates it anyway on request", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new");
    // Rosa's address spelled another way, with another phone number.
    const again: NewLead = {
      ...ROSA,
      firstName: "Rosalind",
      phone: "+15125550199",
      address: ROSA.address.replace("Street", "St.").toUpperCase(),
      client: undefined,
    };
    await fillLeadForm(page, again);
    await page.getByRole("button", { name: "Create Lead" }).click();
    await toast(page, "A lead with this phone or address already exists").waitFor();
    // Under the address, with the way to the existing lead first (issue 25 §4).
    const warning = page.getByRole("region", { name: "Possible duplicate" });
    await warning.getByRole("link", { name: "Open the existing lead" }).waitFor();
    expect(await warning.textContent()).toContain(nameOf(ROSA));
    expect(await warning.textContent()).toContain("same address");
    // Nothing was created, and the form still holds what was typed.
    expect(page.url()).toBe(app.url + "/admin/leads/new");
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("Rosalind");

    await warning.getByRole("button", { name: "Create anyway" }).click();
    await page.waitForURL(app.url + "/admin/leads");
    await toast(page, "Lead created successfully").waitFor();
    // The new lead's page lists Rosa's as a possible duplicate.
    await page.getByRole("link", { name: `View Rosalind ${ROSA.lastName}` }).click();
    await page
      .getByRole("region", { name: "Possible duplicate" })
      .getByRole("link", { name: nameOf(ROSA) })
      .waitFor();

    // The book goes back to how the later tests expect it.
    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete Lead" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Lead deleted successfully").waitFor();
  });
});

// ---------------------------------------------------------------- access

describe("access", () => {
  it("turns a client away from /admin/leads and sends an anonymous visitor of /client/leads to sign in", async () => {
    const client = await app.openAs(CLIENT_A, "/admin/leads");
    await client.waitForURL(app.url + "/");
    await toast(client, "Access Denied").filter({ hasText: "You don't have admin privileges" }).waitFor();

    const admin = await app.openAs(ADMIN, "/client");
    await admin.waitForURL(app.url + "/");
    await toast(admin, "Access Denied").filter({ hasText: "You don't have client access" }).waitFor();

    const anonymous = await app.openAs(null, "/client/leads");
    await anonymous.waitForURL(app.url + "/auth?redirectTo=%2Fclient%2Fleads");
    await anonymous.getByRole("tabpanel", { name: "Sign In" }).waitFor();

    const documentHref = `/admin/leads/${await leadId(MARCUS)}/documents/00000000-0000-4000-8000-000000000000`;
    expect((await fetch(app.url + documentHref)).status).toBe(404);
  });
});

// ---------------------------------------------------------------- accessibility and keyboard

describe("accessibility", () => {
  it("serves valid HTML on the lead pages (Nu HTML Checker)", { timeout: 60_000 }, async () => {
    const marcus = await leadId(MARCUS);
    const rosa = await leadId(ROSA);
    const cookie = (account: TestUser) =>
      app
        .sessionOf(account)
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
    const pages: [TestUser, string][] = [
      [ADMIN, "/admin/leads"],
      [ADMIN, "/admin/leads/new"],
      ...["", "?tab=activity", "?tab=documents", "?tab=feedback", "?delete"].map(
        (query): [TestUser, string] => [ADMIN, `/admin/leads/${marcus}${query}`],
      ),
      [CLIENT_A, "/client"],
      [CLIENT_A, "/client/leads"],
      [CLIENT_A, `/client/leads/${rosa}`],
    ];
    const fetched = [];
    for (const [account, urlPath] of pages) {
      const response = await fetch(app.url + urlPath, { headers: { Cookie: cookie(account) } });
      expect(response.status, urlPath).toBe(200);
      fetched.push({ label: urlPath, html: await response.text() });
    }
    expect(await htmlErrors(fetched)).toEqual([]);
  });

  it(
    "has no axe violations on the lead pages at phone and desktop widths",
    { timeout: 120_000 },
    async () => {
      const marcus = await leadId(MARCUS);
      const rosa = await leadId(ROSA);
      const failures: string[] = [];
      const timings: string[] = [];
      /** Checks the page as it is now at both widths (the layout follows the resize; no reload needed). */
      const check = async (page: Page, state = "") => {
        for (const [name, viewport] of Object.entries(viewports)) {
          const started = Date.now();
          await page.setViewportSize(viewport);
          failures.push(...(await axeViolations(page, `${name}${state}`)));
          timings.push(`${name} ${new URL(page.url()).pathname}${state}: ${Date.now() - started} ms`);
        }
      };
      const visit = async (page: Page, urlPath: string) => {
        await page.goto(app.url + urlPath, { waitUntil: "networkidle" });
        await check(page);
      };

      const admin = await app.openAs(ADMIN, "/admin/leads");
      expect(await leadTableNames(admin)).toHaveLength(2);
      await check(admin);
      await visit(admin, "/admin/leads/new");
      await admin.getByRole("button", { name: "Create Lead" }).click();
      await admin.getByText("First name is required").waitFor();
      await check(admin, " (errors)");
      for (const tab of ["overview", "activity", "documents", "feedback"]) {
        await visit(admin, `/admin/leads/${marcus}?tab=${tab}`);
      }
      await visit(admin, `/admin/leads/${rosa}?tab=feedback`);
      await visit(admin, `/admin/leads/${marcus}/edit`);
      await admin.goto(app.url + `/admin/leads/${marcus}?delete`, { waitUntil: "networkidle" });
      await admin.getByRole("dialog", { name: "Delete Lead" }).waitFor();
      await check(admin, " (dialog)");

      const client = await app.openAs(CLIENT_A, "/client");
      await check(client);
      await visit(client, "/client/leads");
      await visit(client, `/client/leads/${rosa}`);
      if (process.env.LEADS_E2E_TIMINGS) console.log(timings.join("\n"));
      expect(failures).toEqual([]);
    },
  );

  it("completes the create form with the keyboard alone", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/new");
    const active = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute("name") ?? document.activeElement?.textContent,
      );
    const steps: [string, string][] = [
      ["firstName", "Kim"],
      ["lastName", "Nguyen"],
      ["phone", "+14155550104"],
      ["email", "kim.nguyen@example.com"],
      ["address", "77 Harbor View Road"],
      ["city", "Oakland"],
      ["state", "ca"],
      ["zipCode", "94607"],
      ["propertyType", "c"], // Condo, by type-ahead on the closed menu
      ["motivationLevel", "h"], // Hot
      ["leadSource", ""],
      ["situationNotes", "Inherited the house; lives out of state."],
      ["askingPrice", "$450,000"],
      ["estimatedValue", ""],
      ["estimatedRepairCost", ""],
      ["assignedToClientId", ""],
    ];
    await page.getByLabel("First name").focus();
    for (const [field, text] of steps) {
      await expect.poll(active, { timeout: 2000 }).toBe(field);
      if (text) await page.keyboard.type(text);
      await page.keyboard.press("Tab");
    }
    await expect.poll(active).toBe("Create Lead");
    await expect(selectedLabel(page.getByLabel("Property type"))).resolves.toBe("Condo");
    await expect(selectedLabel(page.getByLabel("Motivation level"))).resolves.toBe("Hot");
    await page.keyboard.press("Enter");
    await page.waitForURL(app.url + "/admin/leads");
    await toast(page, "Lead created successfully").waitFor();
    const row = leadTable(page).getByRole("row").filter({ hasText: "Kim Nguyen" });
    await expect(row.textContent()).resolves.toContain("Oakland, CA");
    await expect(row.textContent()).resolves.toContain("Hot");
    expect((await leadTableNames(page))[0]).toBe("Kim Nguyen");
  });
});
