/**
 * The lead management and client portal routes, called as React Router calls them (with route params)
 * with real sessions: anonymous visitors, plain users and clients are kept out of the admin pages and
 * their refused posts change nothing; anonymous visitors, plain users and admins without the client role
 * are kept out of the portal; admins create, change, document and delete leads; a client sees and answers
 * only the leads assigned to them.
 */
import { and, asc, count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leadActivities, leadDocuments, leads, storedFiles } from "~/db/schema";
import { PHONE_MESSAGE, type LeadField } from "~/features/leads/leads.schema";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/leads/detail";
import { loader as documentLoader } from "~/routes/admin/leads/document";
import { action as editAction, loader as editLoader } from "~/routes/admin/leads/edit";
import { loader as listLoader } from "~/routes/admin/leads/list";
import { action as newAction, loader as newLoader } from "~/routes/admin/leads/new";
import { loader as clientDashboardLoader } from "~/routes/client/dashboard";
import { loader as clientLayoutLoader } from "~/routes/client/layout";
import { action as feedbackAction, loader as clientLeadLoader } from "~/routes/client/lead";
import { loader as clientLeadsLoader } from "~/routes/client/leads";
import { loader as clientEventsLoader } from "~/routes/client/events";
import { loader as adminEventsLoader } from "~/routes/admin/leads/events";
import { loader as exportLoader } from "~/routes/admin/leads/export";
import { createLead, assignLead } from "~/features/leads/lead-commands.server";
import { leadSchema } from "~/features/leads/leads.schema";
import { testDatabases } from "../support/databases";
import { JANE_DOE, signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import {
  ORIGIN,
  answer,
  callRoute,
  statusOf,
  formRequest,
  getRequest,
  redirectOf,
  type RouteFn,
} from "../support/route-calls";
import { permissionsOf } from "~/lib/permissions";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
const MISSING = "00000000-0000-4000-8000-00000000dead";
const NOT_A_UUID = "not-a-uuid";

type Account = "plain" | "clientA" | "clientB" | "admin";
type Who = "anonymous" | Account;

const accounts: Record<Account, { role?: "admin" | "client"; companyName?: string }> = {
  plain: {},
  clientA: { role: "client", companyName: "Alpha Homes" },
  clientB: { role: "client", companyName: "Bravo Capital" },
  admin: { role: "admin" },
};

/** A minimal real PDF, with the binary comment line real PDFs carry (bytes that are not UTF-8). */
const PDF_BYTES = Buffer.concat([
  Buffer.from("%PDF-1.4\n%"),
  Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
  Buffer.from(
    "\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
      "2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
      "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
  ),
]);

/** The new-lead form as a browser posts it, valid unless overridden. */
const leadForm = (overrides: Partial<Record<LeadField, string>> = {}) => ({
  ...JANE_DOE,
  phone: "+1 (202) 555-1234",
  state: "il",
  propertyType: "multi_family",
  motivationLevel: "hot",
  leadSource: "referral",
  situationNotes: "Inherited the house; wants a quick sale",
  askingPrice: "$250,000",
  estimatedValue: "300000",
  estimatedRepairCost: "",
  assignedToClientId: "",
  ...overrides,
});

const run = callRoute;

/** A Response a loader threw (a missing lead is thrown as 404 with its message), as status and text. */
async function thrownAnswer(value: unknown) {
  expect(value).toBeInstanceOf(Response);
  const response = value as Response;
  return { status: response.status, text: await response.text() };
}

describe.each(testDatabases)("lead routes on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);

  // ---------------------------------------------------------------- requests and the database

  const headersOf = (who: Who): Record<string, string> =>
    who === "anonymous" ? {} : { Cookie: cookies[who] };
  const get = (who: Who, path: string) =>
    getRequest(path, who === "anonymous" ? {} : { cookie: cookies[who] });
  const post = (who: Who, path: string, fields: Record<string, string>) =>
    formRequest(path, fields, who === "anonymous" ? {} : { cookie: cookies[who] });
  /**
   * The lead form's POST as these tests send it. They post the same seller again and again, so the form
   * says "create anyway" (allowDuplicate, which the reply never refills); the duplicate answer has its own
   * test.
   */
  const postLead = (who: Who, path: string, fields: Record<string, string>) =>
    post(who, path, { ...fields, allowDuplicate: "yes" });
  /** A multipart post as the browser sends the upload form: the body is the FormData itself. */
  const upload = (who: Who, path: string, form: FormData) =>
    new Request(ORIGIN + path, {
      method: "POST",
      body: form,
      headers: { ...headersOf(who), "User-Agent": "vitest" },
    });
  const documentForm = (file?: File, documentName = "") => {
    const form = new FormData();
    form.set("documentName", documentName);
    if (file) form.set("document", file);
    return form;
  };
  const pdfFile = (name = "Inspection report.pdf") =>
    new File([new Uint8Array(PDF_BYTES)], name, { type: "application/pdf" });

  const detailPath = (id: string) => `/admin/leads/${id}`;
  const leadPost = (who: Who, id: string, fields: Record<string, string>) =>
    run(leadAction, post(who, detailPath(id), fields), { id });
  const leadUpload = (who: Who, id: string, form: FormData) =>
    run(leadAction, upload(who, detailPath(id), form), { id });

  /** The document route's answer: the download, or the status of what it threw. */
  async function download(who: Who, leadId: string, documentId: string): Promise<Response | number> {
    const result = await run(documentLoader, get(who, `/admin/leads/${leadId}/documents/${documentId}`), {
      id: leadId,
      documentId,
    });
    // A refusal is an answer with a status (a thrown 404); a download is a 200 Response.
    return result instanceof Response && result.status === 200 ? result : (statusOf(result) ?? -1);
  }

  let seeded = 0;
  async function seedLead(values: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
    seeded += 1;
    const [row] = await database.db
      .insert(leads)
      .values({
        firstName: "Seeded",
        lastName: `Lead${seeded}`,
        phone: "+13125550100",
        address: `${100 + seeded} Main Street`,
        city: "Chicago",
        state: "IL",
        zipCode: "60601",
        ...values,
      })
      .returning({ id: leads.id });
    return row!.id;
  }

  const leadRow = async (id: string) =>
    (await database.db.select().from(leads).where(eq(leads.id, id)))[0] ?? null;
  const activitiesOf = (id: string) =>
    database.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.leadId, id))
      .orderBy(asc(leadActivities.createdAt), asc(leadActivities.id));
  const documentsOf = (id: string) =>
    database.db.select().from(leadDocuments).where(eq(leadDocuments.leadId, id));
  const countOf = async (table: typeof leads | typeof leadActivities | typeof storedFiles) =>
    Number((await database.db.select({ n: count() }).from(table))[0]!.n);

  /** Everything a lead route could change: every lead, activity, document and stored file. */
  const snapshot = async () => ({
    leads: await database.db.select().from(leads).orderBy(asc(leads.id)),
    activities: await database.db.select().from(leadActivities).orderBy(asc(leadActivities.id)),
    documents: await database.db.select().from(leadDocuments).orderBy(asc(leadDocuments.id)),
    files: await database.db.select({ id: storedFiles.id }).from(storedFiles).orderBy(asc(storedFiles.id)),
  });

  const expectSignIn = (result: unknown, path: string) => {
    const { location, flash } = redirectOf(result);
    expect(location, path).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    expect(flash, path).toBeNull();
  };
  const expectDenied = (result: unknown, text: string, path: string) => {
    const { location, flash } = redirectOf(result);
    expect(location, path).toBe("/");
    expect(flash, path).toMatchObject({ kind: "error", title: "Access Denied", text });
  };

  // ---------------------------------------------------------------- who may use the admin lead routes

  describe("admin lead routes refuse everyone but admins", () => {
    it.each(["anonymous", "plain", "clientA", "clientB"] as const)(
      "refuses every admin lead loader to %s",
      async (who) => {
        const target = await seedLead({ assignedToClientId: ids.clientA });
        const loads: [RouteFn, string, Record<string, string>][] = [
          [listLoader, "/admin/leads?q=Jane&status=new", {}],
          [newLoader, "/admin/leads/new", {}],
          [leadLoader, `/admin/leads/${target}?tab=documents`, { id: target }],
          [editLoader, `/admin/leads/${target}/edit`, { id: target }],
        ];
        for (const [loader, path, params] of loads) {
          const result = await run(loader, get(who, path), params);
          if (who === "anonymous") expectSignIn(result, path);
          else expectDenied(result, "You don't have admin privileges", path);
        }
      },
    );

    it.each(["anonymous", "plain", "clientA", "clientB"] as const)(
      "refuses every admin lead action to %s, changing nothing",
      async (who) => {
        const target = await seedLead({ assignedToClientId: ids.clientA });
        // A document already on the lead, so a refused delete would have something to take with it.
        expect(answer(await leadUpload("admin", target, documentForm(pdfFile(), "Existing"))).status).toBe(
          200,
        );
        const before = await snapshot();
        const self = who === "anonymous" ? ids.clientB : ids[who];

        const posts: [string, () => Promise<unknown>][] = [
          [
            "/admin/leads/new",
            () =>
              run(
                newAction,
                postLead(
                  who,
                  "/admin/leads/new",
                  leadForm({ firstName: "Refused", assignedToClientId: self }),
                ),
              ),
          ],
          [detailPath(target), () => leadPost(who, target, { intent: "status", leadStatus: "dead" })],
          [detailPath(target), () => leadPost(who, target, { intent: "assign", assignedToClientId: self })],
          [detailPath(target), () => leadPost(who, target, { intent: "sold-price", soldPrice: "1" })],
          [
            detailPath(target),
            () => leadPost(who, target, { intent: "activity", activityType: "note_added", description: "x" }),
          ],
          [detailPath(target), () => leadPost(who, target, { intent: "delete" })],
          [detailPath(target), () => leadUpload(who, target, documentForm(pdfFile(), "Sneaky"))],
          [
            `${detailPath(target)}/edit`,
            () =>
              run(
                editAction,
                postLead(who, `${detailPath(target)}/edit`, leadForm({ firstName: "Hijacked" })),
                {
                  id: target,
                },
              ),
          ],
        ];
        for (const [path, send] of posts) {
          const result = await send();
          if (who === "anonymous") expectSignIn(result, path);
          else expectDenied(result, "You don't have admin privileges", path);
        }
        expect(await snapshot()).toEqual(before);
        expect(await leadRow(target)).not.toBeNull();
      },
    );

    it.each(["anonymous", "plain", "clientA", "clientB"] as const)(
      "answers 404 to %s for a lead document, even one on a lead assigned to them",
      async (who) => {
        const target = await seedLead({ assignedToClientId: who === "anonymous" ? null : ids[who] });
        expect(answer(await leadUpload("admin", target, documentForm(pdfFile()))).status).toBe(200);
        const [document] = await documentsOf(target);
        expect(await download(who, target, document!.id)).toBe(404);
        // The admin does get it: the 404 is about who asks, not about the document.
        expect(await download("admin", target, document!.id)).toBeInstanceOf(Response);
      },
    );
  });

  // ---------------------------------------------------------------- lists and the new-lead page

  describe("admin list and new-lead page", () => {
    it("gives an admin the list with every lead, and the search and filters from the URL", async () => {
      const needle = await seedLead({ firstName: "Zebulon", lastName: "Quartz", leadStatus: "qualified" });
      const all = (await run(listLoader, get("admin", "/admin/leads"))) as {
        list: { total: { count: number }; rows: { id: string }[] };
        loadFailed: boolean;
      };
      expect(all.loadFailed).toBe(false);
      expect(all.list.total.count).toBe(await countOf(leads));
      expect(all.list.rows.map((r) => r.id)).toContain(needle);

      const found = (await run(
        listLoader,
        get("admin", "/admin/leads?q=zebulon%20quartz&status=qualified"),
      )) as {
        query: { q: string; statuses: string[] };
        list: { total: { count: number }; rows: { id: string }[] };
      };
      expect(found.query).toMatchObject({ q: "zebulon quartz", statuses: ["qualified"] });
      expect(found.list.rows.map((r) => r.id)).toEqual([needle]);
      expect(found.list.total.count).toBe(1);
    });

    it("gives an admin the client menu: both clients, not the plain user or the admin", async () => {
      const { clients } = (await run(newLoader, get("admin", "/admin/leads/new"))) as {
        clients: { id: string; name: string }[];
      };
      expect(clients.map((c) => c.id).sort()).toEqual([ids.clientA, ids.clientB].sort());
      expect(clients.map((c) => c.name)).toEqual(["Alpha Homes", "Bravo Capital"]);
    });
  });

  // ---------------------------------------------------------------- creating a lead

  describe("admin create action", () => {
    it("answers an invalid form with 400, the spec's field messages and the values as submitted", async () => {
      const before = await countOf(leads);
      const submitted = leadForm({
        firstName: "",
        phone: "12345abc",
        state: "Cal",
        zipCode: "1234",
        email: "not-an-email",
      });
      const { status, data } = answer(await run(newAction, postLead("admin", "/admin/leads/new", submitted)));
      expect(status).toBe(400);
      expect(data.ok).toBe(false);
      expect(data.toast).toMatchObject({ kind: "error", title: "Validation Error" });
      expect(data.fieldErrors).toEqual({
        firstName: "First name is required",
        phone: PHONE_MESSAGE,
        state: "State must be 2-letter code (e.g., CA, NY)",
        zipCode: "Invalid ZIP code (use 12345 or 12345-6789 format)",
        email: "Invalid email address",
      });
      expect(PHONE_MESSAGE).toBe("Invalid phone number format (use E.164 format, e.g., +12025551234)");
      expect(data.values).toEqual(submitted);
      expect(await countOf(leads)).toBe(before);
    });

    it("refuses over-long values (create, edit, activity) with 400 and the spec's messages, keeping them whole and storing nothing", async () => {
      const long = (length: number) => "x".repeat(length);
      const tooLong = leadForm({
        firstName: long(51),
        lastName: long(51),
        email: `${long(244)}@example.com`,
        address: long(201),
        city: long(101),
        situationNotes: long(2001),
      });
      const messages = {
        firstName: "First name must be less than 50 characters",
        lastName: "Last name must be less than 50 characters",
        email: "Email must be less than 255 characters",
        address: "Address must be less than 200 characters",
        city: "City must be less than 100 characters",
        situationNotes: "Situation notes must be less than 2000 characters",
      };
      const id = await seedLead();
      const before = await snapshot();

      const created = answer(await run(newAction, postLead("admin", "/admin/leads/new", tooLong)));
      expect(created.status).toBe(400);
      expect(created.data.fieldErrors).toEqual(messages);
      expect(created.data.values).toEqual(tooLong);
      const edited = answer(
        await run(editAction, postLead("admin", `/admin/leads/${id}/edit`, tooLong), { id }),
      );
      expect(edited.status).toBe(400);
      expect(edited.data.fieldErrors).toEqual(messages);
      const description = long(1001);
      const activity = answer(
        await leadPost("admin", id, { intent: "activity", activityType: "note_added", description }),
      );
      expect(activity.status).toBe(400);
      expect(activity.data.fieldErrors).toEqual({
        description: "Description must be less than 1000 characters",
      });
      expect(activity.data.values?.description).toBe(description);
      expect(await snapshot()).toEqual(before);

      // At the limit, every value is stored whole.
      const atLimit = leadForm({
        firstName: long(50),
        lastName: long(50),
        email: `${long(243)}@example.com`,
        address: long(200),
        city: long(100),
        situationNotes: long(2000),
      });
      expect(redirectOf(await run(newAction, postLead("admin", "/admin/leads/new", atLimit))).location).toBe(
        "/admin/leads",
      );
      const [stored] = await database.db
        .select()
        .from(leads)
        .where(eq(leads.address, long(200)));
      expect(stored).toMatchObject({
        firstName: long(50),
        lastName: long(50),
        email: `${long(243)}@example.com`,
        city: long(100),
        situationNotes: long(2000),
      });
    });

    it("stops for a possible duplicate, links it, and stores nothing until asked to create anyway", async () => {
      const [existing] = await database.db.select({ id: leads.id }).from(leads).limit(1);
      expect(existing).toBeDefined();
      const [row] = await database.db.select().from(leads).where(eq(leads.id, existing!.id));
      const before = await countOf(leads);
      // A stored lead's address spelled another way, in its ZIP code; a new name and phone.
      const form = leadForm({
        firstName: "Twice",
        phone: "+19995550123",
        address: row!.address.toUpperCase().replace("STREET", "ST."),
        zipCode: row!.zipCode,
      });
      const result = await run(newAction, post("admin", "/admin/leads/new", form));
      expect(answer(result).status).toBe(200);
      expect((result as { data: unknown }).data).toMatchObject({
        ok: false,
        toast: { title: "Possible duplicate" },
        duplicates: expect.arrayContaining([expect.objectContaining({ id: existing!.id, samePhone: false })]),
      });
      expect(await countOf(leads)).toBe(before);

      const created = await run(
        newAction,
        post("admin", "/admin/leads/new", { ...form, allowDuplicate: "yes" }),
      );
      expect(redirectOf(created).location).toBe("/admin/leads");
      expect(await countOf(leads)).toBe(before + 1);
    });

    it("stores a valid lead with the admin as its creator and redirects to the list with a toast", async () => {
      const before = await countOf(leads);
      const result = await run(
        newAction,
        postLead(
          "admin",
          "/admin/leads/new",
          leadForm({ firstName: "Created", assignedToClientId: ids.clientA }),
        ),
      );
      const { location, flash } = redirectOf(result);
      expect(location).toBe("/admin/leads");
      expect(flash).toEqual({ kind: "success", title: "Success", text: "Lead created successfully" });
      expect(await countOf(leads)).toBe(before + 1);

      const [stored] = await database.db.select().from(leads).where(eq(leads.firstName, "Created"));
      expect(stored).toMatchObject({
        lastName: "Doe",
        phone: "+12025551234",
        email: "jane@example.com",
        state: "IL",
        propertyType: "multi_family",
        motivationLevel: "hot",
        leadSource: "referral",
        askingPrice: 250000,
        estimatedValue: 300000,
        estimatedRepairCost: null,
        leadStatus: "new",
        clientFeedbackStatus: "not_reviewed",
        createdByUserId: ids.admin,
        assignedToClientId: ids.clientA,
      });
    });

    it.each([
      ["the plain user", "plain"],
      ["the admin", "admin"],
    ] as const)("refuses to assign a new lead to %s with 'Invalid client ID'", async (_label, who) => {
      const before = await countOf(leads);
      const submitted = leadForm({ firstName: "Misassigned", assignedToClientId: ids[who] });
      const { status, data } = answer(await run(newAction, postLead("admin", "/admin/leads/new", submitted)));
      expect(status).toBe(400);
      expect(data.fieldErrors).toEqual({ assignedToClientId: "Invalid client ID" });
      expect(data.toast).toMatchObject({ kind: "error", text: "Invalid client ID" });
      expect(data.values).toEqual(submitted);
      expect(await countOf(leads)).toBe(before);
    });

    it("refuses a client id that is not an id at all", async () => {
      const before = await countOf(leads);
      const { status, data } = answer(
        await run(newAction, postLead("admin", "/admin/leads/new", leadForm({ assignedToClientId: "abc" }))),
      );
      expect(status).toBe(400);
      expect(data.fieldErrors).toEqual({ assignedToClientId: "Invalid client ID" });
      expect(await countOf(leads)).toBe(before);
    });
  });

  // ---------------------------------------------------------------- the detail page

  describe("admin detail loader", () => {
    it("gives an admin the lead, the client menu and the tab", async () => {
      const id = await seedLead({ firstName: "Detailed", assignedToClientId: ids.clientB });
      const { status, data } = answer(
        await run(leadLoader, get("admin", `${detailPath(id)}?tab=activity&delete`), { id }),
      );
      expect(status).toBe(200);
      const loaded = data as unknown as {
        lead: { id: string; firstName: string; client: { companyName: string } | null };
        clients: { id: string }[];
        tab: string;
        confirmDelete: boolean;
      };
      expect(loaded.lead).toMatchObject({
        id,
        firstName: "Detailed",
        client: { companyName: "Bravo Capital" },
      });
      expect(loaded.clients).toHaveLength(2);
      expect(loaded.tab).toBe("activity");
      expect(loaded.confirmDelete).toBe(true);
    });

    it.each([
      ["an unknown lead", MISSING],
      ["an id that is not a UUID", NOT_A_UUID],
    ])("answers 404 'Lead not found' for %s", async (_label, id) => {
      expect(await thrownAnswer(await run(leadLoader, get("admin", detailPath(id)), { id }))).toEqual({
        status: 404,
        text: "Lead not found",
      });
    });
  });

  describe("admin detail action", () => {
    it("changes the status, with a timeline entry", async () => {
      const id = await seedLead();
      const { status, data } = answer(
        await leadPost("admin", id, { intent: "status", leadStatus: "contacted" }),
      );
      expect(status).toBe(200);
      expect(data).toMatchObject({
        ok: true,
        intent: "status",
        toast: { kind: "success", title: "Success", text: "Lead updated successfully" },
      });
      expect(await leadRow(id)).toMatchObject({ leadStatus: "contacted", isSold: false });
      expect(await activitiesOf(id)).toMatchObject([
        {
          activityType: "status_changed",
          description: "Status changed from New to Contacted",
          performedBy: ids.admin,
        },
      ]);

      expect(answer(await leadPost("admin", id, { intent: "status", leadStatus: "sold" })).status).toBe(200);
      expect(await leadRow(id)).toMatchObject({ leadStatus: "sold", isSold: true });
    });

    it.each(["bogus", "", "SOLD"])(
      "refuses the status value %j with 400, changing nothing",
      async (value) => {
        const id = await seedLead();
        const before = await snapshot();
        const { status, data } = answer(await leadPost("admin", id, { intent: "status", leadStatus: value }));
        expect(status).toBe(400);
        expect(data).toMatchObject({ ok: false, intent: "status", toast: { text: "Choose a valid status" } });
        expect(await snapshot()).toEqual(before);
      },
    );

    it("assigns the lead to client A, and refuses the plain user and a non-id", async () => {
      const id = await seedLead();
      const { status, data } = answer(
        await leadPost("admin", id, { intent: "assign", assignedToClientId: ids.clientA }),
      );
      expect(status).toBe(200);
      expect(data.toast?.text).toBe("Lead updated successfully");
      expect((await leadRow(id))?.assignedToClientId).toBe(ids.clientA);
      expect(await activitiesOf(id)).toMatchObject([
        { activityType: "lead_assigned", description: "Assigned to Alpha Homes", performedBy: ids.admin },
      ]);

      const before = await snapshot();
      for (const assignedToClientId of [ids.plain, ids.admin, "abc"]) {
        const refused = answer(await leadPost("admin", id, { intent: "assign", assignedToClientId }));
        expect(refused.status, assignedToClientId).toBe(400);
        expect(refused.data.fieldErrors).toEqual({ assignedToClientId: "Invalid client ID" });
      }
      expect(await snapshot()).toEqual(before);

      expect(answer(await leadPost("admin", id, { intent: "assign", assignedToClientId: "" })).status).toBe(
        200,
      );
      expect((await leadRow(id))?.assignedToClientId).toBeNull();
    });

    it("sets the sold price, and refuses a negative one", async () => {
      const id = await seedLead();
      expect(
        answer(await leadPost("admin", id, { intent: "sold-price", soldPrice: "$310,000" })).status,
      ).toBe(200);
      expect((await leadRow(id))?.soldPrice).toBe(310000);

      const { status, data } = answer(await leadPost("admin", id, { intent: "sold-price", soldPrice: "-5" }));
      expect(status).toBe(400);
      expect(data.fieldErrors).toEqual({ soldPrice: "Price must be positive" });
      expect(data.values).toEqual({ soldPrice: "-5" });
      expect((await leadRow(id))?.soldPrice).toBe(310000);
    });

    it("records an activity, and refuses an empty description or a system activity type", async () => {
      const id = await seedLead();
      const empty = answer(
        await leadPost("admin", id, { intent: "activity", activityType: "call_logged", description: "" }),
      );
      expect(empty.status).toBe(400);
      expect(empty.data).toMatchObject({
        ok: false,
        intent: "activity",
        fieldErrors: { description: "Description is required" },
        values: { activityType: "call_logged", description: "" },
      });
      const forged = answer(
        await leadPost("admin", id, { intent: "activity", activityType: "status_changed", description: "x" }),
      );
      expect(forged.status).toBe(400);
      expect(forged.data.fieldErrors).toEqual({ activityType: "Choose an activity type" });
      expect(await activitiesOf(id)).toEqual([]);

      const ok = answer(
        await leadPost("admin", id, {
          intent: "activity",
          activityType: "call_logged",
          description: "  Spoke with the owner  ",
        }),
      );
      expect(ok.status).toBe(200);
      expect(ok.data.toast?.text).toBe("Lead updated successfully");
      expect(await activitiesOf(id)).toMatchObject([
        { activityType: "call_logged", description: "Spoke with the owner", performedBy: ids.admin },
      ]);
    });

    it("answers an unknown intent with 400, changing nothing", async () => {
      const id = await seedLead();
      const before = await snapshot();
      const { status, data } = answer(await leadPost("admin", id, { intent: "archive" }));
      expect(status).toBe(400);
      expect(data).toMatchObject({ ok: false, intent: null, toast: { text: "Unknown request" } });
      expect(await snapshot()).toEqual(before);
    });

    it("deletes the lead with its timeline, documents and stored bytes, and redirects with a toast", async () => {
      const id = await seedLead({ assignedToClientId: ids.clientA });
      const other = await seedLead();
      expect(answer(await leadUpload("admin", id, documentForm(pdfFile()))).status).toBe(200);
      expect(answer(await leadUpload("admin", other, documentForm(pdfFile()))).status).toBe(200);
      const [document] = await documentsOf(id);
      const filesBefore = await countOf(storedFiles);

      const { location, flash } = redirectOf(await leadPost("admin", id, { intent: "delete" }));
      expect(location).toBe("/admin/leads");
      expect(flash).toEqual({ kind: "success", title: "Success", text: "Lead deleted successfully" });
      expect(await leadRow(id)).toBeNull();
      expect(await activitiesOf(id)).toEqual([]);
      expect(await documentsOf(id)).toEqual([]);
      expect(
        await database.db.select().from(storedFiles).where(eq(storedFiles.id, document!.fileId)),
      ).toEqual([]);
      expect(await countOf(storedFiles)).toBe(filesBefore - 1);
      // The other lead and its document are untouched.
      expect(await leadRow(other)).not.toBeNull();
      expect(await documentsOf(other)).toHaveLength(1);

      const again = answer(await leadPost("admin", id, { intent: "delete" }));
      expect(again.status).toBe(404);
      expect(again.data.toast?.text).toBe("Lead not found");
    });

    it.each([
      ["an unknown lead", MISSING],
      ["an id that is not a UUID", NOT_A_UUID],
    ])("answers every change of %s with 404 'Lead not found', storing nothing", async (_label, id) => {
      const before = await snapshot();
      const changes: [string, () => Promise<unknown>][] = [
        ["status", () => leadPost("admin", id, { intent: "status", leadStatus: "dead" })],
        ["assign", () => leadPost("admin", id, { intent: "assign", assignedToClientId: ids.clientA })],
        ["sold-price", () => leadPost("admin", id, { intent: "sold-price", soldPrice: "100" })],
        [
          "activity",
          () => leadPost("admin", id, { intent: "activity", activityType: "note_added", description: "x" }),
        ],
        ["delete", () => leadPost("admin", id, { intent: "delete" })],
        ["document", () => leadUpload("admin", id, documentForm(pdfFile()))],
      ];
      for (const [intent, send] of changes) {
        const { status, data } = answer(await send());
        expect(status, intent).toBe(404);
        expect(data, intent).toMatchObject({
          ok: false,
          intent,
          toast: { kind: "error", title: "Error", text: "Lead not found" },
        });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  // ---------------------------------------------------------------- documents

  describe("editing a lead", () => {
    it("gives an admin the stored values, saves corrections and answers errors like the create form", async () => {
      const id = await seedLead({ assignedToClientId: ids.clientA });
      const loaded = (await run(editLoader, get("admin", `/admin/leads/${id}/edit`), { id })) as {
        values: Record<string, string>;
      };
      expect(loaded.values).toMatchObject({ firstName: "Seeded", assignedToClientId: ids.clientA });

      const bad = answer(
        await run(editAction, postLead("admin", `/admin/leads/${id}/edit`, leadForm({ state: "Illinois" })), {
          id,
        }),
      );
      expect(bad.status).toBe(400);
      expect(bad.data.fieldErrors?.state).toBe("State must be 2-letter code (e.g., CA, NY)");

      const saved = redirectOf(
        await run(
          editAction,
          // The edit form has no assignment: a forged one is ignored, not applied.
          postLead(
            "admin",
            `/admin/leads/${id}/edit`,
            leadForm({ city: "Peoria", assignedToClientId: ids.clientB }),
          ),
          { id },
        ),
      );
      expect(saved.location).toBe(`/admin/leads/${id}`);
      expect(saved.flash).toMatchObject({ title: "Success", text: "Lead updated successfully" });
      expect(await leadRow(id)).toMatchObject({ city: "Peoria", assignedToClientId: ids.clientA });

      const missing = "00000000-0000-4000-8000-0000000000ee";
      expect(
        statusOf(await run(editLoader, get("admin", `/admin/leads/${missing}/edit`), { id: missing })),
      ).toBe(404);
      expect(
        answer(
          await run(editAction, postLead("admin", `/admin/leads/${missing}/edit`, leadForm()), {
            id: missing,
          }),
        ).status,
      ).toBe(404);
    });
  });

  describe("lead documents", () => {
    it("stores an uploaded PDF and gives the admin the same bytes back as a download", async () => {
      const id = await seedLead({ assignedToClientId: ids.clientA });
      const { status, data } = answer(await leadUpload("admin", id, documentForm(pdfFile(), "Inspection")));
      expect(status).toBe(200);
      expect(data).toMatchObject({
        ok: true,
        intent: "document",
        toast: { text: "Lead updated successfully" },
      });

      const [document, ...more] = await documentsOf(id);
      expect(more).toEqual([]);
      expect(document).toMatchObject({
        documentName: "Inspection",
        documentType: "PDF",
        uploadedBy: ids.admin,
      });
      const [file] = await database.db.select().from(storedFiles).where(eq(storedFiles.id, document!.fileId));
      expect(file).toMatchObject({
        fileName: "Inspection report.pdf",
        contentType: "application/pdf",
        sizeBytes: PDF_BYTES.length,
      });
      expect(Buffer.from(file!.data!)).toEqual(PDF_BYTES);
      expect((await activitiesOf(id)).map((a) => [a.activityType, a.description])).toEqual([
        ["document_uploaded", "Uploaded Inspection"],
      ]);

      const loaded = answer(await run(leadLoader, get("admin", `${detailPath(id)}?tab=documents`), { id }));
      expect((loaded.data as unknown as { lead: { documents: unknown[] } }).lead.documents).toMatchObject([
        { id: document!.id, documentName: "Inspection", documentType: "PDF", sizeBytes: PDF_BYTES.length },
      ]);

      const response = await download("admin", id, document!.id);
      expect(response).toBeInstanceOf(Response);
      const res = response as Response;
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/pdf");
      expect(res.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="Inspection report\.pdf"/,
      );
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF_BYTES);

      // Still 404 to client A, whose lead it is, and to anonymous visitors.
      expect(await download("clientA", id, document!.id)).toBe(404);
      expect(await download("anonymous", id, document!.id)).toBe(404);
    });

    it("names the document after the file when no name is given", async () => {
      const id = await seedLead();
      expect(answer(await leadUpload("admin", id, documentForm(pdfFile("Title deed.pdf")))).status).toBe(200);
      expect((await documentsOf(id)).map((d) => d.documentName)).toEqual(["Title deed"]);
    });

    it("refuses a document name over 200 characters with the form's message and stores nothing", async () => {
      const id = await seedLead();
      const result = answer(await leadUpload("admin", id, documentForm(pdfFile(), "x".repeat(201))));
      expect(result.status).toBe(400);
      expect(result.data.fieldErrors).toEqual({
        documentName: "Document name must be less than 200 characters",
      });
      expect(await documentsOf(id)).toEqual([]);
      expect(answer(await leadUpload("admin", id, documentForm(pdfFile(), "x".repeat(200)))).status).toBe(
        200,
      );
    });

    it("answers 404 to the admin for a document under the wrong lead or an unknown one", async () => {
      const id = await seedLead();
      const other = await seedLead();
      expect(answer(await leadUpload("admin", id, documentForm(pdfFile()))).status).toBe(200);
      const [document] = await documentsOf(id);
      expect(await download("admin", other, document!.id)).toBe(404);
      expect(await download("admin", id, MISSING)).toBe(404);
      expect(await download("admin", id, NOT_A_UUID)).toBe(404);
    });

    it("refuses a text file named x.pdf with 400 and stores nothing", async () => {
      const id = await seedLead();
      const before = await snapshot();
      const fake = new File(["just some text, not a PDF\n"], "x.pdf", { type: "application/pdf" });
      const { status, data } = answer(await leadUpload("admin", id, documentForm(fake, "Fake")));
      expect(status).toBe(400);
      expect(data).toMatchObject({
        ok: false,
        intent: "document",
        fieldErrors: { document: "Upload a PDF, Word document, or a JPEG, PNG or WebP image" },
        values: { documentName: "Fake" },
      });
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ["no file part", undefined],
      ["an empty file input", new File([], "")],
    ])("answers %s with 400 'Choose a file to upload'", async (_label, file) => {
      const id = await seedLead();
      const before = await snapshot();
      const { status, data } = answer(await leadUpload("admin", id, documentForm(file, "Nothing")));
      expect(status).toBe(400);
      expect(data).toMatchObject({
        ok: false,
        intent: "document",
        toast: { kind: "error", text: "Choose a file to upload" },
        fieldErrors: { document: "Choose a file to upload" },
      });
      expect(await snapshot()).toEqual(before);
    });
  });

  // ---------------------------------------------------------------- the client portal

  describe("client portal", () => {
    const seeds = {} as Record<"a1" | "a2" | "b1" | "unassigned", string>;
    const DAY = 24 * 60 * 60 * 1000;

    beforeAll(async () => {
      seeds.a1 = await seedLead({
        firstName: "Alpha",
        lastName: "One",
        assignedToClientId: ids.clientA,
        createdAt: new Date(Date.now() - DAY),
      });
      seeds.a2 = await seedLead({
        firstName: "Alpha",
        lastName: "Two",
        assignedToClientId: ids.clientA,
        clientFeedbackStatus: "interested",
        createdAt: new Date(Date.now() - 30 * DAY),
      });
      seeds.b1 = await seedLead({
        firstName: "Bravo",
        lastName: "One",
        assignedToClientId: ids.clientB,
        clientFeedbackStatus: "interested",
      });
      seeds.unassigned = await seedLead({ firstName: "Nobody", lastName: "Assigned" });
    });

    const assignedTo = async (who: "clientA" | "clientB") =>
      (
        await database.db
          .select({ id: leads.id, feedback: leads.clientFeedbackStatus })
          .from(leads)
          .where(eq(leads.assignedToClientId, ids[who]))
      ).map((r) => r.id);

    it.each(["anonymous", "plain", "admin"] as const)("refuses every client route to %s", async (who) => {
      const before = await snapshot();
      const visits: [string, () => Promise<unknown>][] = [
        ["/client", () => run(clientLayoutLoader, get(who, "/client"))],
        ["/client", () => run(clientDashboardLoader, get(who, "/client"))],
        [
          "/client/leads?motivation=hot",
          () => run(clientLeadsLoader, get(who, "/client/leads?motivation=hot")),
        ],
        [
          `/client/leads/${seeds.a1}`,
          () => run(clientLeadLoader, get(who, `/client/leads/${seeds.a1}`), { id: seeds.a1 }),
        ],
        [
          `/client/leads/${seeds.a1}`,
          () =>
            run(
              feedbackAction,
              post(who, `/client/leads/${seeds.a1}`, { feedbackStatus: "deal_closed", notes: "mine now" }),
              { id: seeds.a1 },
            ),
        ],
      ];
      for (const [path, visit] of visits) {
        const result = await visit();
        if (who === "anonymous") expectSignIn(result, path);
        else expectDenied(result, "You don't have client access", path);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("gives client A the portal frame with their company", async () => {
      expect(await run(clientLayoutLoader, get("clientA", "/client"))).toMatchObject({
        account: { name: "Alpha Homes" },
        awaitingFeedback: expect.any(Number),
      });
    });

    it("counts only client A's leads on A's dashboard", async () => {
      const mine = await assignedTo("clientA");
      const { counts, recent, awaitingFeedback } = (await run(
        clientDashboardLoader,
        get("clientA", "/client"),
      )) as {
        counts: { total: number; newThisWeek: number; interested: number; contacted: number };
        recent: { id: string }[];
        awaitingFeedback: number;
      };
      const notReviewed = await database.db
        .select({ id: leads.id })
        .from(leads)
        .where(
          and(eq(leads.assignedToClientId, ids.clientA), eq(leads.clientFeedbackStatus, "not_reviewed")),
        );
      // The dashboard's first line: the company's leads still waiting for its word.
      expect(awaitingFeedback).toBe(notReviewed.length);
      const interested = (
        await database.db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.assignedToClientId, ids.clientA), eq(leads.clientFeedbackStatus, "interested")))
      ).length;
      expect(counts.total).toBe(mine.length);
      expect(counts.total).toBeLessThan(await countOf(leads));
      expect(counts.interested).toBe(interested);
      expect(counts.newThisWeek).toBe(counts.total - 1); // a2 is a month old, every other lead of A is new
      const newestTen = await database.db
        .select({ id: leads.id })
        .from(leads)
        .where(eq(leads.assignedToClientId, ids.clientA))
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(10);
      const recentIds = recent.map((r) => r.id);
      expect(recentIds).toEqual(newestTen.map((r) => r.id));
      expect(recentIds).toHaveLength(Math.min(10, mine.length));
      expect(recentIds).not.toContain(seeds.b1);
      expect(recentIds).not.toContain(seeds.unassigned);
    });

    it("lists only each client's own leads on /client/leads", async () => {
      for (const who of ["clientA", "clientB"] as const) {
        const { leads: listed } = (await run(clientLeadsLoader, get(who, "/client/leads"))) as {
          leads: { rows: { id: string }[] };
        };
        expect(listed.rows.map((r) => r.id).sort(), who).toEqual((await assignedTo(who)).sort());
      }
      const { leads: interestedOnly } = (await run(
        clientLeadsLoader,
        get("clientA", "/client/leads?feedback=interested"),
      )) as { leads: { rows: { id: string }[] } };
      expect(interestedOnly.rows.map((r) => r.id)).toEqual([seeds.a2]);
    });

    it("shows client A their own lead, and 404 'Lead not found' for B's, an unassigned or a bad id", async () => {
      const own = answer(
        await run(clientLeadLoader, get("clientA", `/client/leads/${seeds.a1}`), { id: seeds.a1 }),
      );
      expect(own.status).toBe(200);
      expect((own.data as unknown as { lead: { id: string; firstName: string } }).lead).toMatchObject({
        id: seeds.a1,
        firstName: "Alpha",
      });
      for (const id of [seeds.b1, seeds.unassigned, MISSING, NOT_A_UUID]) {
        const refused = await run(clientLeadLoader, get("clientA", `/client/leads/${id}`), { id });
        expect(await thrownAnswer(refused), id).toEqual({ status: 404, text: "Lead not found" });
      }
    });

    it("records client A's feedback on their own lead with a timeline entry", async () => {
      const { status, data } = answer(
        await run(
          feedbackAction,
          post("clientA", `/client/leads/${seeds.a1}`, {
            feedbackStatus: "contacted",
            notes: "Called, left a voicemail",
          }),
          { id: seeds.a1 },
        ),
      );
      expect(status).toBe(200);
      expect(data).toEqual({
        ok: true,
        toast: { kind: "success", title: "Success", text: "Your feedback has been submitted" },
      });
      const stored = await leadRow(seeds.a1);
      expect(stored).toMatchObject({
        clientFeedbackStatus: "contacted",
        clientNotes: "Called, left a voicemail",
      });
      expect(stored?.clientReviewedAt).toBeInstanceOf(Date);
      expect(await activitiesOf(seeds.a1)).toMatchObject([
        {
          activityType: "client_feedback_submitted",
          performedBy: ids.clientA,
          metadata: { feedback_status: "contacted", notes: "Called, left a voicemail" },
        },
      ]);

      const reloaded = answer(
        await run(clientLeadLoader, get("clientA", `/client/leads/${seeds.a1}`), { id: seeds.a1 }),
      );
      expect(
        (reloaded.data as unknown as { lead: { previousNotes: { notes: string }[] } }).lead.previousNotes,
      ).toMatchObject([{ notes: "Called, left a voicemail", feedbackStatus: "contacted" }]);
    });

    it("gives client B none of client A's deal figures or reason when the admin moves A's lead to B", async () => {
      const id = await seedLead({ assignedToClientId: ids.clientA });
      const feedback: Record<string, string>[] = [
        { feedbackStatus: "deal_closed", dealPurchasePrice: "123456", dealProfit: "54321", notes: "" },
        { feedbackStatus: "not_interested", notInterestedReason: "location", notes: "" },
      ];
      for (const fields of feedback) {
        const sent = answer(
          await run(feedbackAction, post("clientA", `/client/leads/${id}`, fields), { id }),
        );
        expect(sent.status, fields.feedbackStatus).toBe(200);
      }
      expect(await leadRow(id)).toMatchObject({ dealProfit: 54321, notInterestedReason: "location" });
      const moved = await leadPost("admin", id, { intent: "assign", assignedToClientId: ids.clientB });
      expect(statusOf(moved) ?? 200).toBeLessThan(400);
      expect(await leadRow(id)).toMatchObject({
        assignedToClientId: ids.clientB,
        clientFeedbackStatus: "not_reviewed",
        notInterestedReason: null,
        dealPurchasePrice: null,
        dealProfit: null,
      });
      const seen = answer(await run(clientLeadLoader, get("clientB", `/client/leads/${id}`), { id }));
      const text = JSON.stringify(seen.data);
      for (const leaked of ["123456", "54321", "location"]) expect(text).not.toContain(leaked);
    });

    it("answers client A's feedback on B's lead or an unassigned one with 404, changing nothing", async () => {
      for (const id of [seeds.b1, seeds.unassigned, NOT_A_UUID]) {
        const before = await snapshot();
        const { status, data } = answer(
          await run(
            feedbackAction,
            post("clientA", `/client/leads/${id}`, {
              feedbackStatus: "not_interested",
              notInterestedReason: "location",
              notes: "Not mine",
            }),
            { id },
          ),
        );
        expect(status, id).toBe(404);
        expect(data.toast, id).toMatchObject({ kind: "error", text: "Lead not found" });
        expect(await snapshot(), id).toEqual(before);
      }
      expect(await leadRow(seeds.b1)).toMatchObject({
        clientFeedbackStatus: "interested",
        clientNotes: null,
      });
    });

    it.each([
      [
        "the status 'not_reviewed'",
        { feedbackStatus: "not_reviewed", notes: "" },
        { feedbackStatus: "Choose a feedback status" },
      ],
      [
        "notes of 1001 characters",
        { feedbackStatus: "interested", notes: "n".repeat(1001) },
        { notes: "Notes must be less than 1000 characters" },
      ],
    ])("refuses feedback with %s with 400, changing nothing", async (_label, fields, fieldErrors) => {
      const before = await snapshot();
      const { status, data } = answer(
        await run(feedbackAction, post("clientA", `/client/leads/${seeds.a2}`, fields), { id: seeds.a2 }),
      );
      expect(status).toBe(400);
      expect(data).toMatchObject({ ok: false, toast: { title: "Validation Error" }, values: fields });
      expect(data.fieldErrors).toEqual(fieldErrors);
      expect(await snapshot()).toEqual(before);
    });
  });
  describe("export", () => {
    it("answers 404 to everyone but admins, and the CSV to an admin", async () => {
      const path = "/admin/leads/export.csv?status=new";
      for (const who of ["anonymous", "plain", "clientA"] as const) {
        let status: number | undefined;
        try {
          status = statusOf(await run(exportLoader, get(who, path)));
        } catch (thrown) {
          status = statusOf(thrown);
        }
        expect(status, who).toBe(404);
      }
      const response = (await run(exportLoader, get("admin", path))) as Response;
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-/);
      const bytes = Buffer.from(await response.arrayBuffer());
      // A UTF-8 byte order mark, then the header (text() would hide the mark).
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString("utf8").startsWith("first_name,last_name,phone,")).toBe(true);
    });
  });

  describe("live updates", () => {
    it.each([
      ["/admin/leads/events", adminEventsLoader, ["anonymous", "plain", "clientA"]],
      ["/client/events", clientEventsLoader, ["anonymous", "plain", "admin"]],
    ] as const)("answers 404 on %s to the wrong people", async (path, loader, refused) => {
      for (const who of refused) {
        let status: number | undefined;
        try {
          status = statusOf(await run(loader, get(who, path)));
        } catch (thrown) {
          status = statusOf(thrown);
        }
        expect(status, who).toBe(404);
      }
    });

    /** Opens an event stream and reads events until `count` lead events arrived or 5 s passed. */
    async function openStream(loader: RouteFn, who: Account, path: string) {
      const controller = new AbortController();
      const request = new Request(ORIGIN + path, { headers: headersOf(who), signal: controller.signal });
      const response = (await run(loader, request)) as Response;
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (done: (text: string) => boolean) => {
        const deadline = Date.now() + 5000;
        while (!done(text) && Date.now() < deadline) {
          const chunk = await Promise.race([
            reader.read(),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
          ]);
          if (!chunk || chunk.done) break;
          text += decoder.decode(chunk.value);
        }
        return text;
      };
      await readUntil((t) => t.includes("event: ready"));
      return {
        leadEvents: async (count: number) =>
          [
            ...(await readUntil((t) => (t.match(/event: lead/g) ?? []).length >= count)).matchAll(
              /"leadId":"([^"]+)"/g,
            ),
          ].map((m) => m[1]),
        close: async () => {
          controller.abort();
          await reader.cancel();
        },
      };
    }

    it("tells a client about their own leads only, and an admin about every lead", async () => {
      const adminActor = { id: ids.admin, permissions: permissionsOf(["admin"]) };
      const forA = await openStream(clientEventsLoader, "clientA", "/client/events");
      const forAdmin = await openStream(adminEventsLoader, "admin", "/admin/leads/events");
      const input = (firstName: string, client: Account) =>
        leadSchema.parse(leadForm({ firstName, assignedToClientId: ids[client] }));
      const bLead = await createLead(adminActor, input("Bonly", "clientB"));
      const aLead = await createLead(adminActor, input("Aonly", "clientA"));
      // Taking a lead away from A is news for A too: it leaves their list.
      expect(await assignLead(adminActor, aLead.id, ids.clientB)).toBe(true);

      expect(await forA.leadEvents(2)).toEqual([aLead.id, aLead.id]);
      expect(await forAdmin.leadEvents(3)).toEqual([bLead.id, aLead.id, aLead.id]);
      await forA.close();
      await forAdmin.close();
    });
  });
});
