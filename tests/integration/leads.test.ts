/**
 * The leads data layer on both databases (spec 02): the admin's list, search, filters, detail, create,
 * status, assignment, activities, documents, sold price and delete; the client portal's dashboard, list,
 * detail and feedback, each scoped to the signed-in client.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  leadActivities,
  leadDocuments,
  leads,
  mailOutbox,
  profiles,
  storedFiles,
  user,
  userRoles,
} from "~/db/schema";
import {
  RECENT_LEADS,
  clientDashboard,
  getClientLead,
  listClientLeads,
  submitFeedback,
} from "~/features/leads/client-leads.server";
import { clientDisplayName } from "~/features/leads/lead-format";
import { leadSchema, type LeadInput } from "~/features/leads/leads.schema";
import { LEADS_PAGE_SIZE, parseClientLeadQuery, parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { documentFile, getLead, listClients, listLeads } from "~/features/leads/lead-queries.server";
import {
  InvalidClientError,
  addActivity,
  addDocument,
  assignLead,
  createLead,
  deleteLead,
  setSoldPrice,
  updateLeadDetails,
  updateLeadStatus,
  type LeadDocumentUpload,
} from "~/features/leads/lead-commands.server";
import { testDatabases } from "../support/databases";
import { JANE_DOE, useTestDatabase } from "../support/integration-fixtures";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";

const ids = {
  admin: "00000000-0000-4000-8000-00000000000a",
  clientA: "00000000-0000-4000-8000-0000000000ca",
  clientB: "00000000-0000-4000-8000-0000000000cb",
  clientC: "00000000-0000-4000-8000-0000000000cc",
  plain: "00000000-0000-4000-8000-0000000000ff",
};
const MISSING = "00000000-0000-4000-8000-00000000dead";

const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const clientA: ActorRef = { id: ids.clientA, permissions: permissionsOf(["client"]) };
const clientB: ActorRef = { id: ids.clientB, permissions: permissionsOf(["client"]) };
const clientC: ActorRef = { id: ids.clientC, permissions: permissionsOf(["client"]) };

const DAY = 24 * 60 * 60 * 1000;
const adminQuery = (search = "") =>
  parseLeadListQuery(new URL(`http://leadworks.test/admin/leads?${search}`));
const clientQuery = (search = "") =>
  parseClientLeadQuery(new URL(`http://leadworks.test/client/leads?${search}`));

/** A valid lead as the new-lead form produces it. */
const leadInput = (overrides: Partial<LeadInput> = {}): LeadInput => ({
  ...JANE_DOE,
  phone: "+12025551234",
  state: "IL",
  propertyType: "single_family",
  motivationLevel: "warm",
  leadSource: "cold_call",
  situationNotes: null,
  askingPrice: null,
  estimatedValue: null,
  estimatedRepairCost: null,
  assignedToClientId: null,
  ...overrides,
});

/** A row for a direct insert (explicit creation time, status, assignment, feedback). */
/** What a row from `leadRow` has unless told otherwise, besides its first name. */
const FILLER = {
  lastName: "Seller",
  phone: "+13035550000",
  address: "1 Quiet Road",
  city: "Denver",
  state: "CO",
  zipCode: "80202",
};

const leadRow = (overrides: Partial<typeof leads.$inferInsert> = {}): typeof leads.$inferInsert => ({
  firstName: "Filler",
  ...FILLER,
  ...overrides,
});

const pdf = (text: string, name = "Purchase agreement"): LeadDocumentUpload => ({
  name,
  fileName: `${name.toLowerCase().replace(/\s+/g, "-")}.pdf`,
  contentType: "application/pdf",
  kind: "pdf",
  bytes: Buffer.from(`%PDF-1.7 ${text}`),
});

describe.each(testDatabases)("leads on $name", (testDb) => {
  const database = useTestDatabase(testDb);

  const db = () => database.db;
  const countOf = async (table: typeof storedFiles | typeof leads | typeof leadActivities) =>
    Number((await db().select({ n: count() }).from(table))[0]!.n);
  const activitiesOf = (leadId: string) =>
    db().select().from(leadActivities).where(eq(leadActivities.leadId, leadId));
  const rowOf = async (leadId: string) => (await db().select().from(leads).where(eq(leads.id, leadId)))[0];
  const insertLeads = async (rows: (typeof leads.$inferInsert)[]) =>
    (await db().insert(leads).values(rows).returning({ id: leads.id })).map((r) => r.id);
  /** Each group of tests below starts from an empty leads table. */
  const clearLeads = async () => {
    await db().delete(leads);
    await db().delete(storedFiles);
  };

  beforeAll(async () => {
    const people = [
      { id: ids.admin, email: "ada@example.com", firstName: "Ada", lastName: "Admin", company: null },
      {
        id: ids.clientA,
        email: "carl@example.com",
        firstName: "Carl",
        lastName: "Cash",
        company: "Acme Investors",
      },
      { id: ids.clientB, email: "bea@example.com", firstName: "Bea", lastName: "Buyer", company: null },
      { id: ids.clientC, email: "cy@example.com", firstName: null, lastName: null, company: null },
      { id: ids.plain, email: "pat@example.com", firstName: "Pat", lastName: "Plain", company: null },
    ];
    await db()
      .insert(user)
      // Accounts in use: signed in before (only those get lead e-mails).
      .values(
        people.map((p) => ({
          id: p.id,
          email: p.email,
          name: p.firstName ?? p.email,
          firstSignedInAt: new Date(),
        })),
      );
    await db()
      .insert(profiles)
      .values(
        people.map((p) => ({
          userId: p.id,
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          companyName: p.company,
        })),
      );
    await db()
      .insert(userRoles)
      .values([
        { userId: ids.admin, role: "admin" as const },
        { userId: ids.clientA, role: "client" as const },
        { userId: ids.clientB, role: "client" as const },
        { userId: ids.clientC, role: "client" as const },
      ]);
  });

  // ---------------------------------------------------------------- who may call what

  describe("access", () => {
    let leadId = "";
    let documentId = "";

    beforeAll(async () => {
      await clearLeads();
      leadId = (await createLead(admin, leadInput({ assignedToClientId: ids.clientA }))).id;
      await addDocument(admin, leadId, pdf("access"));
      documentId = (await db().select().from(leadDocuments).where(eq(leadDocuments.leadId, leadId)))[0]!.id;
    });

    it("refuses every admin function to anyone who is not an admin", async () => {
      const before = { leads: await countOf(leads), activities: await countOf(leadActivities) };
      for (const actor of [
        null,
        undefined,
        { id: ids.plain, permissions: permissionsOf([]) },
        { id: ids.admin, permissions: permissionsOf([]) },
      ]) {
        const asAny = actor as unknown as ActorRef;
        await expect(listLeads(asAny, adminQuery())).rejects.toBeInstanceOf(NotAllowedError);
        await expect(getLead(asAny, leadId)).rejects.toBeInstanceOf(NotAllowedError);
        await expect(getLead(asAny, "not-a-uuid")).rejects.toBeInstanceOf(NotAllowedError);
        await expect(listClients(asAny)).rejects.toBeInstanceOf(NotAllowedError);
        await expect(createLead(asAny, leadInput())).rejects.toBeInstanceOf(NotAllowedError);
        await expect(updateLeadStatus(asAny, leadId, "dead")).rejects.toBeInstanceOf(NotAllowedError);
        await expect(assignLead(asAny, leadId, null)).rejects.toBeInstanceOf(NotAllowedError);
        await expect(setSoldPrice(asAny, leadId, 1)).rejects.toBeInstanceOf(NotAllowedError);
        await expect(
          addActivity(asAny, leadId, { activityType: "note_added", description: "x" }),
        ).rejects.toBeInstanceOf(NotAllowedError);
        await expect(addDocument(asAny, leadId, pdf("no"))).rejects.toBeInstanceOf(NotAllowedError);
        await expect(documentFile(asAny, leadId, documentId)).rejects.toBeInstanceOf(NotAllowedError);
        await expect(deleteLead(asAny, leadId)).rejects.toBeInstanceOf(NotAllowedError);
      }
      // Nothing was written or changed.
      expect({ leads: await countOf(leads), activities: await countOf(leadActivities) }).toEqual(before);
      expect(await rowOf(leadId)).toMatchObject({
        leadStatus: "new",
        assignedToClientId: ids.clientA,
        soldPrice: null,
      });
    });

    it("refuses every client function to anyone who is not a client", async () => {
      for (const actor of [null, undefined, { id: ids.clientA, permissions: permissionsOf([]) }]) {
        const asAny = actor as unknown as ActorRef;
        await expect(clientDashboard(asAny)).rejects.toBeInstanceOf(NotAllowedError);
        await expect(listClientLeads(asAny, clientQuery())).rejects.toBeInstanceOf(NotAllowedError);
        await expect(getClientLead(asAny, leadId)).rejects.toBeInstanceOf(NotAllowedError);
        await expect(getClientLead(asAny, "not-a-uuid")).rejects.toBeInstanceOf(NotAllowedError);
        await expect(
          submitFeedback(asAny, leadId, { feedbackStatus: "interested", notes: "x" }),
        ).rejects.toBeInstanceOf(NotAllowedError);
      }
      expect(await rowOf(leadId)).toMatchObject({ clientFeedbackStatus: "not_reviewed", clientNotes: null });
    });

    it("goes by the actor's permissions, not by who the account is", async () => {
      await expect(clientDashboard({ id: ids.admin, permissions: permissionsOf([]) })).rejects.toMatchObject({
        permission: "lead:read:own",
      });
      await expect(
        listLeads({ id: ids.clientA, permissions: permissionsOf([]) }, adminQuery()),
      ).rejects.toMatchObject({ permission: "lead:read:any" });
    });
  });

  // ---------------------------------------------------------------- create

  describe("createLead", () => {
    beforeAll(clearLeads);

    it("stores the form's values with the creator and the defaults", async () => {
      const form = leadSchema.parse({
        firstName: " Jane ",
        lastName: "Doe",
        phone: "(202) 555-1234",
        email: "",
        address: "742 Evergreen Terrace",
        city: "Springfield",
        state: "il",
        zipCode: "62704-1234",
        propertyType: "single_family",
        motivationLevel: "warm",
        leadSource: "cold_call",
        situationNotes: "Divorce, must sell",
        askingPrice: "$250,000",
        estimatedValue: "999999999.99",
        estimatedRepairCost: "0",
        assignedToClientId: "",
      });
      const before = Date.now();
      const { id } = await createLead(admin, form);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const row = await rowOf(id);
      expect(row).toMatchObject({
        firstName: "Jane",
        lastName: "Doe",
        phone: "+12025551234",
        email: null,
        address: "742 Evergreen Terrace",
        city: "Springfield",
        state: "IL",
        zipCode: "62704-1234",
        propertyType: "single_family",
        motivationLevel: "warm",
        leadSource: "cold_call",
        situationNotes: "Divorce, must sell",
        askingPrice: 250000,
        estimatedValue: 999999999.99,
        estimatedRepairCost: 0,
        createdByUserId: ids.admin,
        assignedToClientId: null,
        leadStatus: "new",
        isSold: false,
        soldPrice: null,
        clientFeedbackStatus: "not_reviewed",
        clientNotes: null,
        clientReviewedAt: null,
      });
      expect(row!.createdAt.getTime()).toBeGreaterThan(before - 60_000);
      expect(row!.createdAt.getTime()).toBeLessThan(Date.now() + 60_000);
      // Creating writes no timeline entry.
      expect(await activitiesOf(id)).toEqual([]);
    });

    it("assigns the new lead to a client", async () => {
      const { id } = await createLead(
        admin,
        leadInput({ assignedToClientId: ids.clientB, motivationLevel: "hot", leadSource: "referral" }),
      );
      expect(await rowOf(id)).toMatchObject({
        assignedToClientId: ids.clientB,
        motivationLevel: "hot",
        leadSource: "referral",
        clientFeedbackStatus: "not_reviewed",
      });
    });

    it.each([
      ["a user without the client role", ids.plain],
      ["an admin", ids.admin],
      ["an account that does not exist", MISSING],
    ])("refuses to assign the lead to %s and writes nothing", async (_, clientId) => {
      const before = await countOf(leads);
      await expect(createLead(admin, leadInput({ assignedToClientId: clientId }))).rejects.toBeInstanceOf(
        InvalidClientError,
      );
      expect(await countOf(leads)).toBe(before);
    });
  });

  // ---------------------------------------------------------------- list, search, filters, pages

  describe("listLeads", () => {
    const base = Date.UTC(2026, 0, 1, 12);
    const FILLERS = 110;
    const fillers = Array.from({ length: FILLERS }, (_, i) =>
      leadRow({
        firstName: `Filler${i}`,
        lastName: "Seller",
        phone: `+1303555${String(i).padStart(4, "0")}`,
        address: `${i + 1} Quiet Road`,
        leadStatus: i % 3 === 0 ? "qualified" : "new",
        motivationLevel: i % 2 === 0 ? "cold" : "warm",
        createdAt: new Date(base + i * 60_000),
      }),
    );
    /** Jane Doe as the list shows her. */
    const LISTED_JANE = {
      lastName: "Doe",
      phone: "+12025551234",
      address: "742 Evergreen Terrace",
      city: "Springfield",
      state: "IL",
      motivationLevel: "hot",
      leadStatus: "new",
    } as const;
    const specials = [
      leadRow({
        firstName: "Jane",
        ...LISTED_JANE,
        assignedToClientId: ids.clientA,
        createdAt: new Date(base + 1000 * 60_000),
      }),
      leadRow({
        firstName: "John",
        lastName: "Doe",
        phone: "+14155550199",
        address: "9 Harbor View",
        city: "Oakland",
        state: "CA",
        motivationLevel: "hot",
        leadStatus: "contacted",
        assignedToClientId: ids.clientB,
        createdAt: new Date(base + 1001 * 60_000),
      }),
      leadRow({
        firstName: "Percy",
        lastName: "Cent",
        address: "50% Off Lane",
        leadStatus: "dead",
        motivationLevel: "warm",
        createdAt: new Date(base + 1002 * 60_000),
      }),
      leadRow({
        firstName: "Una",
        lastName: "Score",
        city: "Under_Town",
        leadStatus: "under_contract",
        motivationLevel: "cold",
        createdAt: new Date(base + 1003 * 60_000),
      }),
    ];
    const all = [...fillers, ...specials];
    const names = (rows: { firstName: string; lastName: string }[]) =>
      rows.map((r) => `${r.firstName} ${r.lastName}`);
    const found = async (search: string) => names((await listLeads(admin, adminQuery(search))).rows).sort();

    beforeAll(async () => {
      await clearLeads();
      await insertLeads(all);
    });

    it("lists newest first, 50 a page by cursor, with the total", async () => {
      const first = await listLeads(admin, adminQuery());
      expect(first.total).toEqual({ count: all.length, capped: false });
      expect(first.start).toBe(1);
      expect(first.previous).toBeNull();
      expect(first.rows).toHaveLength(LEADS_PAGE_SIZE);
      expect(names(first.rows).slice(0, 5)).toEqual([
        "Una Score",
        "Percy Cent",
        "John Doe",
        "Jane Doe",
        `Filler${FILLERS - 1} Seller`,
      ]);
      const times = first.rows.map((r) => r.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const second = await listLeads(admin, adminQuery(`after=${first.next}`));
      expect(second.start).toBe(LEADS_PAGE_SIZE + 1);
      expect(second.rows).toHaveLength(LEADS_PAGE_SIZE);
      expect(second.rows[0]!.firstName).toBe(`Filler${FILLERS - 1 - 46}`);

      const last = await listLeads(admin, adminQuery(`after=${second.next}`));
      expect(last.start).toBe(2 * LEADS_PAGE_SIZE + 1);
      expect(names(last.rows)).toEqual(
        Array.from({ length: all.length - 100 }, (_, i) => `Filler${all.length - 101 - i} Seller`),
      );
      expect(last.rows.at(-1)!.firstName).toBe("Filler0");
      expect(last.next).toBeNull();

      // Every lead appears exactly once across the pages.
      const ids = new Set([...first.rows, ...second.rows, ...last.rows].map((r) => r.id));
      expect(ids.size).toBe(all.length);
    });

    it("starts over at the first page for a cursor that is not one of ours", async () => {
      const first = await listLeads(admin, adminQuery());
      for (const token of [
        "garbage",
        Buffer.from(JSON.stringify([50, "not a time", "x"])).toString("base64url"),
        Buffer.from(JSON.stringify([50, "2026-01-01 00:00:00+00", "not-a-uuid"])).toString("base64url"),
        Buffer.from(JSON.stringify([0, "2026-01-01 00:00:00+00", first.rows[0]!.id])).toString("base64url"),
        Buffer.from(JSON.stringify(["50", "2026-01-01 00:00:00+00"])).toString("base64url"),
      ]) {
        const page = await listLeads(admin, adminQuery(`after=${token}`));
        expect(page.start, token).toBe(1);
        expect(page.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
      }
    });

    it("returns the list columns, and the client's profile only when the lead is assigned", async () => {
      const { rows } = await listLeads(admin, adminQuery("q=Doe"));
      const jane = rows.find((r) => r.firstName === "Jane")!;
      expect(jane).toMatchObject({
        ...LISTED_JANE,
        client: {
          companyName: "Acme Investors",
          firstName: "Carl",
          lastName: "Cash",
          email: "carl@example.com",
          phone: null,
        },
      });
      expect(jane.createdAt).toBeInstanceOf(Date);
      expect(jane).not.toHaveProperty("clientId");
      const john = rows.find((r) => r.firstName === "John")!;
      expect(john.client).toEqual({
        companyName: null,
        firstName: "Bea",
        lastName: "Buyer",
        email: "bea@example.com",
        phone: null,
      });
      const percy = (await listLeads(admin, adminQuery("q=Percy"))).rows;
      expect(percy).toHaveLength(1);
      expect(percy[0]!.client).toBeNull();
    });

    it.each([
      ["first name", "jane", ["Jane Doe"]],
      ["first name, upper case", "JANE", ["Jane Doe"]],
      ["part of a first name", "ohn", ["John Doe"]],
      ["last name", "doe", ["Jane Doe", "John Doe"]],
      ["full name", "Jane Doe", ["Jane Doe"]],
      ["full name, other case", "jANE dOE", ["Jane Doe"]],
      ["phone digits", "2025551234", ["Jane Doe"]],
      ["phone with the plus", "+1202555", ["Jane Doe"]],
      ["phone typed with dashes", "202-555-1234", ["Jane Doe"]],
      ["phone typed with parentheses and spaces", "(202) 555-1234", ["Jane Doe"]],
      ["phone typed with dots", "415.555.0199", ["John Doe"]],
      ["address", "evergreen", ["Jane Doe"]],
      ["address, upper case", "HARBOR VIEW", ["John Doe"]],
      ["city", "springfield", ["Jane Doe"]],
      ["city, mixed case", "oAkLaNd", ["John Doe"]],
    ])("searches the %s (%j)", async (_, q, expected) => {
      expect(await found(`q=${encodeURIComponent(q)}`)).toEqual(expected);
    });

    it("finds nothing for a name in the wrong order or a term nobody has", async () => {
      expect(await found("q=Doe%20Jane")).toEqual([]);
      const none = await listLeads(admin, adminQuery("q=zzzz"));
      expect(none).toMatchObject({
        rows: [],
        total: { count: 0, capped: false },
        next: null,
        previous: null,
      });
    });

    it("matches % and _ literally, and survives a backslash", async () => {
      expect(await found("q=%25")).toEqual(["Percy Cent"]);
      expect(await found("q=0%25%20Off")).toEqual(["Percy Cent"]);
      expect(await found("q=_")).toEqual(["Una Score"]);
      expect(await found("q=r_T")).toEqual(["Una Score"]);
      // Without escaping, "Fill_r" would match every filler.
      expect(await found("q=Fill_r")).toEqual([]);
      expect(await found("q=%5C")).toEqual([]);
      expect(await found("q=%5C%25")).toEqual([]);
    });

    it("filters by status", async () => {
      const qualified = await listLeads(admin, adminQuery("status=qualified"));
      const expected = all.filter((l) => l.leadStatus === "qualified").length;
      expect(expected).toBe(37);
      expect(qualified.total.count).toBe(expected);
      expect(qualified.rows.every((r) => r.leadStatus === "qualified")).toBe(true);
      expect(names((await listLeads(admin, adminQuery("status=dead"))).rows)).toEqual(["Percy Cent"]);
      expect(names((await listLeads(admin, adminQuery("status=contacted"))).rows)).toEqual(["John Doe"]);
      // under_contract is not among the spec's single filter's options, but the multi-select offers it.
      expect((await listLeads(admin, adminQuery("status=under_contract"))).total.count).toBe(
        all.filter((l) => l.leadStatus === "under_contract").length,
      );
    });

    it("filters by motivation, and combines filters with the search", async () => {
      expect(await found("motivation=hot")).toEqual(["Jane Doe", "John Doe"]);
      const cold = await listLeads(admin, adminQuery("motivation=cold"));
      expect(cold.total.count).toBe(all.filter((l) => l.motivationLevel === "cold").length);
      expect(cold.rows.every((r) => r.motivationLevel === "cold")).toBe(true);
      const both = await listLeads(admin, adminQuery("status=qualified&motivation=cold"));
      expect(both.total.count).toBe(19);
      expect(both.rows.every((r) => r.leadStatus === "qualified" && r.motivationLevel === "cold")).toBe(true);
      expect(await found("q=doe&status=contacted")).toEqual(["John Doe"]);
      expect(await found("q=doe&motivation=cold")).toEqual([]);
      expect((await listLeads(admin, adminQuery("motivation=lukewarm"))).total.count).toBe(all.length);
    });

    it("pages a filtered list, keeping the filters", async () => {
      const page1 = await listLeads(admin, adminQuery("q=Filler&motivation=cold"));
      expect(page1.total.count).toBe(FILLERS / 2);
      const page2 = await listLeads(admin, adminQuery(`q=Filler&motivation=cold&after=${page1.next}`));
      expect(page2.rows).toHaveLength(FILLERS / 2 - LEADS_PAGE_SIZE);
      expect(page2.rows.every((r) => r.motivationLevel === "cold")).toBe(true);
      expect(page2.next).toBeNull();
    });

    it("lists every client for the assignment menu, by display name: the id and that name only", async () => {
      // The company, else the person's name, else the e-mail (clientDisplayName's rule, here in SQL).
      expect(await listClients(admin)).toEqual([
        { id: ids.clientA, name: "Acme Investors" },
        { id: ids.clientB, name: "Bea Buyer" },
        { id: ids.clientC, name: "cy@example.com" },
      ]);
    });
  });

  // ---------------------------------------------------------------- one lead and its changes

  describe("a lead's detail and changes", () => {
    beforeAll(clearLeads);

    it("returns the lead with creator, client, timeline newest first and documents", async () => {
      const { id } = await createLead(
        admin,
        leadInput({ assignedToClientId: ids.clientA, askingPrice: 250000, situationNotes: "Tired landlord" }),
      );
      expect(await addActivity(admin, id, { activityType: "call_logged", description: "First call" })).toBe(
        true,
      );
      expect(await addActivity(admin, id, { activityType: "note_added", description: "Wants 30 days" })).toBe(
        true,
      );
      expect(await addDocument(admin, id, pdf("contract body"))).toBe(true);

      const lead = await getLead(admin, id);
      expect(lead).toMatchObject({
        id,
        firstName: "Jane",
        lastName: "Doe",
        askingPrice: 250000,
        situationNotes: "Tired landlord",
        createdByUserId: ids.admin,
        assignedToClientId: ids.clientA,
        creator: { firstName: "Ada", lastName: "Admin", email: "ada@example.com", companyName: null },
        client: {
          firstName: "Carl",
          lastName: "Cash",
          email: "carl@example.com",
          companyName: "Acme Investors",
          phone: null,
        },
      });
      expect(lead!.activities.map((a) => [a.activityType, a.description, a.performedBy])).toEqual([
        ["document_uploaded", "Uploaded Purchase agreement", "Ada Admin"],
        ["note_added", "Wants 30 days", "Ada Admin"],
        ["call_logged", "First call", "Ada Admin"],
        // Assigned at creation: the timeline says so, as for any assignment.
        ["lead_assigned", "Assigned to Acme Investors", "Ada Admin"],
      ]);
      expect(lead!.activities[1]!.metadata).toBeNull();
      expect(lead!.activities[0]!.createdAt).toBeInstanceOf(Date);
      expect(lead!.documents).toEqual([
        {
          id: expect.any(String),
          documentName: "Purchase agreement",
          documentType: "PDF",
          sizeBytes: pdf("contract body").bytes.length,
          createdAt: expect.any(Date),
          uploadedBy: "Ada Admin",
        },
      ]);
    });

    it("returns null creator and client for a lead without them, and 'System' for an unknown performer", async () => {
      const [id] = await insertLeads([leadRow({ firstName: "Orphan" })]);
      await db()
        .insert(leadActivities)
        .values({ leadId: id!, activityType: "note_added", description: "Imported", performedBy: null });
      const lead = await getLead(admin, id!);
      expect(lead).toMatchObject({ firstName: "Orphan", creator: null, client: null, documents: [] });
      expect(lead!.activities.map((a) => a.performedBy)).toEqual(["System"]);
    });

    it("returns null for an unknown id and for an id that is not a UUID", async () => {
      expect(await getLead(admin, MISSING)).toBeNull();
      expect(await getLead(admin, "not-a-uuid")).toBeNull();
      expect(await getLead(admin, "")).toBeNull();
      expect(await getLead(admin, "../../etc/passwd")).toBeNull();
    });

    it("changes the status with a status_changed entry, and marks the lead sold", async () => {
      const { id } = await createLead(admin, leadInput());
      expect(await updateLeadStatus(admin, id, "qualified")).toBe(true);
      expect(await rowOf(id)).toMatchObject({ leadStatus: "qualified", isSold: false });
      expect(await updateLeadStatus(admin, id, "sold")).toBe(true);
      expect(await rowOf(id)).toMatchObject({ leadStatus: "sold", isSold: true });

      const lead = await getLead(admin, id);
      expect(lead!.activities.map((a) => [a.activityType, a.description, a.metadata, a.performedBy])).toEqual(
        [
          [
            "status_changed",
            "Status changed from Qualified to Sold",
            { from: "qualified", to: "sold" },
            "Ada Admin",
          ],
          [
            "status_changed",
            "Status changed from New to Qualified",
            { from: "new", to: "qualified" },
            "Ada Admin",
          ],
        ],
      );

      // The same status again changes nothing and writes no entry.
      expect(await updateLeadStatus(admin, id, "sold")).toBe(true);
      expect(await activitiesOf(id)).toHaveLength(2);

      // Any status may follow any other (spec 02 §4); leaving "sold" clears the flag.
      expect(await updateLeadStatus(admin, id, "under_contract")).toBe(true);
      expect(await rowOf(id)).toMatchObject({ leadStatus: "under_contract", isSold: false });
      expect(await activitiesOf(id)).toHaveLength(3);
    });

    it("answers false for a status change of an unknown lead", async () => {
      const before = await countOf(leadActivities);
      expect(await updateLeadStatus(admin, MISSING, "dead")).toBe(false);
      expect(await updateLeadStatus(admin, "not-a-uuid", "dead")).toBe(false);
      expect(await countOf(leadActivities)).toBe(before);
    });

    it("assigns, reassigns and unassigns, resetting the feedback each time", async () => {
      const { id } = await createLead(admin, leadInput({ assignedToClientId: ids.clientA }));
      expect(await submitFeedback(clientA, id, { feedbackStatus: "interested", notes: "Call me" })).toBe(
        true,
      );
      expect(await rowOf(id)).toMatchObject({ clientFeedbackStatus: "interested", clientNotes: "Call me" });

      expect(await assignLead(admin, id, ids.clientB)).toBe(true);
      expect(await rowOf(id)).toMatchObject({
        assignedToClientId: ids.clientB,
        clientFeedbackStatus: "not_reviewed",
        clientNotes: null,
        clientReviewedAt: null,
      });

      expect(await assignLead(admin, id, ids.clientA)).toBe(true);
      expect((await rowOf(id))!.assignedToClientId).toBe(ids.clientA);

      expect(await assignLead(admin, id, null)).toBe(true);
      expect(await rowOf(id)).toMatchObject({
        assignedToClientId: null,
        clientFeedbackStatus: "not_reviewed",
      });

      const lead = await getLead(admin, id);
      expect(lead!.client).toBeNull();
      expect(
        lead!.activities
          .filter((a) => a.activityType === "lead_assigned")
          .map((a) => [a.description, a.metadata, a.performedBy]),
      ).toEqual([
        ["Lead unassigned", { from: ids.clientA, to: null }, "Ada Admin"],
        ["Assigned to Acme Investors", { from: ids.clientB, to: ids.clientA }, "Ada Admin"],
        ["Assigned to Bea Buyer", { from: ids.clientA, to: ids.clientB }, "Ada Admin"],
        ["Assigned to Acme Investors", { from: null, to: ids.clientA }, "Ada Admin"],
      ]);
      // The first client's feedback stays in the admin's timeline.
      expect(lead!.activities.filter((a) => a.activityType === "client_feedback_submitted")).toHaveLength(1);
    });

    it("names a client who has only an e-mail on file by that e-mail, not as unassigned", async () => {
      const { id } = await createLead(
        admin,
        leadInput({ firstName: "Nameless", assignedToClientId: ids.clientC }),
      );
      const listed = (await listLeads(admin, parseLeadListQuery(new URL("http://x/admin/leads?q=Nameless"))))
        .rows[0]!;
      expect(listed.client?.email).toBe("cy@example.com");
      expect(clientDisplayName(listed.client)).toBe("cy@example.com");
      const lead = await getLead(admin, id);
      expect(lead!.client?.email).toBe("cy@example.com");
      expect(await submitFeedback(clientC, id, { feedbackStatus: "contacted", notes: null })).toBe(true);
      const entry = (await getLead(admin, id))!.activities.find(
        (a) => a.activityType === "client_feedback_submitted",
      );
      expect(entry!.performedBy).toBe("cy@example.com");
    });

    it("e-mails the client a lead is assigned to, with the portal link, in the same transaction", async () => {
      await db().delete(mailOutbox);
      const { id } = await createLead(
        admin,
        leadInput({ firstName: "Mailed", assignedToClientId: ids.clientA }),
      );
      expect(await assignLead(admin, id, ids.clientB)).toBe(true);
      expect(await assignLead(admin, id, null)).toBe(true);
      // Unassigned at creation: nobody to tell.
      await createLead(admin, leadInput({ firstName: "Quiet" }));
      const mails = await db()
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
        .from(mailOutbox)
        .orderBy(mailOutbox.createdAt, mailOutbox.id);
      expect(mails.map((m) => m.to)).toEqual(["carl@example.com", "bea@example.com"]);
      expect(mails[0]!.subject).toBe(
        `New lead: Mailed ${leadInput().lastName}, ${leadInput().city}, ${leadInput().state}`,
      );
      expect(mails[0]!.text).toContain(`/client/leads/${id}`);
      expect(mails[0]!.text).toContain("Hello Carl");
      // The seller's phone and e-mail stay behind the sign-in.
      expect(mails[0]!.text).not.toContain(leadInput().phone);

      // A refused assignment writes no e-mail either.
      await expect(assignLead(admin, id, ids.plain)).rejects.toBeInstanceOf(InvalidClientError);
      expect(await db().select().from(mailOutbox)).toHaveLength(2);
    });

    it("corrects a lead's details with a timeline entry naming the changed fields", async () => {
      const { id } = await createLead(admin, leadInput({ assignedToClientId: ids.clientA }));
      const { assignedToClientId: _assigned, ...details } = leadInput();
      await expect(
        updateLeadDetails({ id: ids.clientA, permissions: permissionsOf([]) }, id, details),
      ).rejects.toBeInstanceOf(NotAllowedError);
      const creation = ["lead_assigned", "Assigned to Acme Investors", "Ada Admin"];
      // Nothing changed: nothing written.
      expect(await updateLeadDetails(admin, id, details)).toBe(true);
      expect(
        (await getLead(admin, id))!.activities.map((a) => [a.activityType, a.description, a.performedBy]),
      ).toEqual([creation]);

      expect(
        await updateLeadDetails(admin, id, {
          ...details,
          phone: "+13125550199",
          city: "Chicago",
          askingPrice: 199000,
        }),
      ).toBe(true);
      const lead = await getLead(admin, id);
      expect(lead).toMatchObject({
        phone: "+13125550199",
        city: "Chicago",
        askingPrice: 199000,
        assignedToClientId: ids.clientA,
      });
      expect(lead!.activities.map((a) => [a.activityType, a.description, a.performedBy])).toEqual([
        ["details_updated", "Updated phone, city, asking price", "Ada Admin"],
        creation,
      ]);
      expect(await updateLeadDetails(admin, "00000000-0000-4000-8000-0000000000ff", details)).toBe(false);
      expect(await updateLeadDetails(admin, "not-a-uuid", details)).toBe(false);
    });

    it("does nothing when the lead is assigned to the same client again", async () => {
      const { id } = await createLead(admin, leadInput({ assignedToClientId: ids.clientB }));
      await submitFeedback(clientB, id, { feedbackStatus: "contacted", notes: null });
      expect(await assignLead(admin, id, ids.clientB)).toBe(true);
      expect(await rowOf(id)).toMatchObject({ clientFeedbackStatus: "contacted" });
      expect((await activitiesOf(id)).map((a) => a.activityType).sort()).toEqual([
        "client_feedback_submitted",
        "lead_assigned",
      ]);
    });

    it("refuses to assign to someone who is not a client and changes nothing", async () => {
      const { id } = await createLead(admin, leadInput({ assignedToClientId: ids.clientA }));
      for (const clientId of [ids.plain, ids.admin, MISSING, "not-a-uuid"]) {
        await expect(assignLead(admin, id, clientId)).rejects.toBeInstanceOf(InvalidClientError);
      }
      expect((await rowOf(id))!.assignedToClientId).toBe(ids.clientA);
      // Only the assignment at creation.
      expect((await activitiesOf(id)).map((a) => a.activityType)).toEqual(["lead_assigned"]);
      expect(await assignLead(admin, MISSING, ids.clientA)).toBe(false);
      expect(await assignLead(admin, "not-a-uuid", ids.clientA)).toBe(false);
    });

    it("adds an activity, and answers false for an unknown lead", async () => {
      const { id } = await createLead(admin, leadInput());
      expect(
        await addActivity(admin, id, {
          activityType: "meeting_scheduled",
          description: "Walkthrough Friday",
        }),
      ).toBe(true);
      expect(await activitiesOf(id)).toMatchObject([
        {
          leadId: id,
          activityType: "meeting_scheduled",
          description: "Walkthrough Friday",
          performedBy: ids.admin,
          metadata: null,
        },
      ]);
      const before = await countOf(leadActivities);
      expect(await addActivity(admin, MISSING, { activityType: "note_added", description: "x" })).toBe(false);
      expect(await addActivity(admin, "nope", { activityType: "note_added", description: "x" })).toBe(false);
      expect(await countOf(leadActivities)).toBe(before);
    });

    it("stores a document's bytes and serves them back only under its own lead", async () => {
      const { id } = await createLead(admin, leadInput());
      const other = (await createLead(admin, leadInput({ firstName: "Other" }))).id;
      const filesBefore = await countOf(storedFiles);
      const upload: LeadDocumentUpload = {
        name: "Photo of the roof",
        fileName: "roof.jpg",
        contentType: "image/jpeg",
        kind: "jpg",
        bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]),
      };
      expect(await addDocument(admin, id, upload)).toBe(true);
      expect(await countOf(storedFiles)).toBe(filesBefore + 1);

      const [file] = await db().select().from(storedFiles).where(eq(storedFiles.fileName, "roof.jpg"));
      expect(file).toMatchObject({ contentType: "image/jpeg", sizeBytes: 13, uploadedBy: ids.admin });
      expect(file!.sha256).toMatch(/^[0-9a-f]{64}$/);

      const { documents } = (await getLead(admin, id))!;
      expect(documents).toMatchObject([
        { documentName: "Photo of the roof", documentType: "JPG", sizeBytes: 13 },
      ]);
      const served = await documentFile(admin, id, documents[0]!.id);
      expect(served).toMatchObject({ fileName: "roof.jpg", contentType: "image/jpeg" });
      expect(Buffer.from(await new Response(served!.body).arrayBuffer()).equals(upload.bytes)).toBe(true);

      expect(await documentFile(admin, other, documents[0]!.id)).toBeNull();
      expect(await documentFile(admin, id, MISSING)).toBeNull();
      expect(await documentFile(admin, "not-a-uuid", documents[0]!.id)).toBeNull();
      expect(await documentFile(admin, id, "not-a-uuid")).toBeNull();

      expect(await addDocument(admin, MISSING, pdf("lost"))).toBe(false);
      expect(await countOf(storedFiles)).toBe(filesBefore + 1);
    });

    it("sets and clears the sold price", async () => {
      const { id } = await createLead(admin, leadInput());
      expect(await setSoldPrice(admin, id, 310000.5)).toBe(true);
      expect((await getLead(admin, id))!.soldPrice).toBe(310000.5);
      expect(await setSoldPrice(admin, id, 999999999.99)).toBe(true);
      expect((await rowOf(id))!.soldPrice).toBe(999999999.99);
      expect(await setSoldPrice(admin, id, null)).toBe(true);
      expect((await rowOf(id))!.soldPrice).toBeNull();
      expect(await setSoldPrice(admin, MISSING, 1)).toBe(false);
      expect(await setSoldPrice(admin, "not-a-uuid", 1)).toBe(false);
    });

    it("deletes a lead with its activities, documents and stored bytes, and nothing else", async () => {
      const { id } = await createLead(admin, leadInput({ assignedToClientId: ids.clientA }));
      const keep = (await createLead(admin, leadInput({ firstName: "Keep" }))).id;
      await addDocument(admin, id, pdf("one", "Deed"));
      await addDocument(admin, id, pdf("two", "Tax bill"));
      await addDocument(admin, keep, pdf("three", "Survey"));
      await addActivity(admin, id, { activityType: "email_sent", description: "Sent offer" });
      await submitFeedback(clientA, id, { feedbackStatus: "interested", notes: "Yes" });
      const keepDocument = (await getLead(admin, keep))!.documents[0]!;
      const filesBefore = await countOf(storedFiles);
      const leadsBefore = await countOf(leads);
      // Assignment, two documents, the e-mail and the feedback.
      expect(await activitiesOf(id)).toHaveLength(5);

      expect(await deleteLead(admin, id)).toBe(true);

      expect(await getLead(admin, id)).toBeNull();
      expect(await countOf(leads)).toBe(leadsBefore - 1);
      expect(await activitiesOf(id)).toEqual([]);
      expect(await db().select().from(leadDocuments).where(eq(leadDocuments.leadId, id))).toEqual([]);
      expect(await countOf(storedFiles)).toBe(filesBefore - 2);
      expect(
        await db()
          .select({ n: count() })
          .from(storedFiles)
          .where(sql`${storedFiles.fileName} in ('deed.pdf', 'tax-bill.pdf')`),
      ).toEqual([{ n: 0 }]);
      // The other lead keeps its document and its bytes.
      const served = await documentFile(admin, keep, keepDocument.id);
      expect(Buffer.from(await new Response(served!.body).arrayBuffer()).toString()).toBe("%PDF-1.7 three");
      expect(await getClientLead(clientA, id)).toBeNull();

      expect(await deleteLead(admin, id)).toBe(false);
      expect(await deleteLead(admin, MISSING)).toBe(false);
      expect(await deleteLead(admin, "not-a-uuid")).toBe(false);
      expect(await countOf(leads)).toBe(leadsBefore - 1);
    });
  });

  // ---------------------------------------------------------------- the client portal

  describe("client portal", () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const HOUR = 60 * 60 * 1000;
    // Client A: 14 leads. Four in the last 7 days (3 days, 6 days 23 hours, 1 hour, 2 days ago), the rest older.
    const aLeads = [
      leadRow({
        firstName: "A-3d",
        createdAt: ago(3 * DAY),
        motivationLevel: "hot",
        clientFeedbackStatus: "interested",
      }),
      leadRow({
        firstName: "A-10d",
        createdAt: ago(10 * DAY),
        motivationLevel: "hot",
        clientFeedbackStatus: "contacted",
      }),
      leadRow({ firstName: "A-6d23h", createdAt: ago(7 * DAY - HOUR), motivationLevel: "cold" }),
      leadRow({ firstName: "A-7d1h", createdAt: ago(7 * DAY + HOUR), clientFeedbackStatus: "interested" }),
      leadRow({ firstName: "A-1h", createdAt: ago(HOUR), clientFeedbackStatus: "deal_closed" }),
      leadRow({ firstName: "A-2d", createdAt: ago(2 * DAY), clientFeedbackStatus: "not_interested" }),
      ...Array.from({ length: 8 }, (_, i) =>
        leadRow({
          firstName: `A-old${i}`,
          createdAt: ago((20 + i) * DAY),
          motivationLevel: i < 3 ? "hot" : "warm",
          clientFeedbackStatus: i < 2 ? "interested" : i < 3 ? "contacted" : "not_reviewed",
        }),
      ),
    ].map((row) => ({ ...row, assignedToClientId: ids.clientA }));
    const bLeads = [
      leadRow({
        firstName: "B-1d",
        createdAt: ago(DAY),
        motivationLevel: "hot",
        clientFeedbackStatus: "interested",
      }),
      leadRow({ firstName: "B-5d", createdAt: ago(5 * DAY), clientFeedbackStatus: "contacted" }),
      leadRow({ firstName: "B-30d", createdAt: ago(30 * DAY) }),
    ].map((row) => ({ ...row, assignedToClientId: ids.clientB }));
    const unassigned = [
      leadRow({
        firstName: "U-1d",
        createdAt: ago(DAY),
        motivationLevel: "hot",
        clientFeedbackStatus: "interested",
      }),
      leadRow({ firstName: "U-2d", createdAt: ago(2 * DAY), clientFeedbackStatus: "contacted" }),
    ];
    const byAge = (rows: typeof aLeads) =>
      [...rows].sort((x, y) => y.createdAt!.getTime() - x.createdAt!.getTime()).map((r) => r.firstName);

    let leadIds: Record<string, string> = {};

    beforeAll(async () => {
      await clearLeads();
      const rows = [...aLeads, ...bLeads, ...unassigned];
      const inserted = await insertLeads(rows);
      leadIds = Object.fromEntries(rows.map((r, i) => [r.firstName, inserted[i]!]));
    });

    it("counts the dashboard's four numbers for the client's own leads only", async () => {
      const dashboard = await clientDashboard(clientA, now);
      expect(dashboard.counts).toEqual({ total: 14, newThisWeek: 4, interested: 4, contacted: 2 });
      expect((await clientDashboard(clientA)).counts).toEqual(dashboard.counts);
      expect((await clientDashboard(clientB, now)).counts).toEqual({
        total: 3,
        newThisWeek: 2,
        interested: 1,
        contacted: 1,
      });
      // Eight days on, none of them is new any more.
      expect((await clientDashboard(clientA, new Date(now.getTime() + 8 * DAY))).counts.newThisWeek).toBe(0);
    });

    it("shows the ten most recent leads, newest first", async () => {
      const { recent } = await clientDashboard(clientA, now);
      expect(RECENT_LEADS).toBe(10);
      expect(recent.map((r) => r.firstName)).toEqual(byAge(aLeads).slice(0, 10));
      expect(recent.map((r) => r.firstName).slice(0, 4)).toEqual(["A-1h", "A-2d", "A-3d", "A-6d23h"]);
      expect(recent[0]).toMatchObject({
        id: leadIds["A-1h"],
        ...FILLER,
        motivationLevel: "warm",
        clientFeedbackStatus: "deal_closed",
      });
      expect(recent[0]!.createdAt).toBeInstanceOf(Date);
    });

    it("shows an empty dashboard to a client without leads", async () => {
      expect(await clientDashboard(clientC, now)).toEqual({
        counts: { total: 0, newThisWeek: 0, interested: 0, contacted: 0 },
        recent: [],
      });
    });

    it("lists only the client's own leads, newest first", async () => {
      const mine = (await listClientLeads(clientA, clientQuery())).rows;
      expect(mine.map((r) => r.firstName)).toEqual(byAge(aLeads));
      expect((await listClientLeads(clientB, clientQuery())).rows.map((r) => r.firstName)).toEqual([
        "B-1d",
        "B-5d",
        "B-30d",
      ]);
      expect(await listClientLeads(clientC, clientQuery())).toEqual({
        rows: [],
        total: { count: 0, capped: false },
        start: 1,
        next: null,
        previous: null,
      });
      expect(mine[0]).not.toHaveProperty("assignedToClientId");
    });

    it("filters the client's list by motivation and by feedback status", async () => {
      const names = async (search: string, actor = clientA) =>
        (await listClientLeads(actor, clientQuery(search))).rows.map((r) => r.firstName);
      expect(await names("motivation=hot")).toEqual(["A-3d", "A-10d", "A-old0", "A-old1", "A-old2"]);
      expect(await names("motivation=cold")).toEqual(["A-6d23h"]);
      expect(await names("feedback=interested")).toEqual(["A-3d", "A-7d1h", "A-old0", "A-old1"]);
      expect(await names("feedback=contacted")).toEqual(["A-10d", "A-old2"]);
      expect(await names("feedback=not_reviewed")).toEqual([
        "A-6d23h",
        "A-old3",
        "A-old4",
        "A-old5",
        "A-old6",
        "A-old7",
      ]);
      expect(await names("motivation=hot&feedback=interested")).toEqual(["A-3d", "A-old0", "A-old1"]);
      expect(await names("motivation=hot&feedback=interested", clientB)).toEqual(["B-1d"]);
      expect(await names("feedback=deal_closed", clientB)).toEqual([]);
      // Unknown filter values are ignored.
      expect(await names("motivation=boiling&feedback=maybe")).toHaveLength(aLeads.length);
    });

    it("shows a client their own lead, and nobody else's", async () => {
      const lead = await getClientLead(clientA, leadIds["A-3d"]!);
      expect(lead).toMatchObject({
        id: leadIds["A-3d"],
        firstName: "A-3d",
        motivationLevel: "hot",
        clientFeedbackStatus: "interested",
        activities: [],
        previousNotes: [],
      });
      expect(lead).not.toHaveProperty("assignedToClientId");
      expect(lead).not.toHaveProperty("createdByUserId");
      expect(await getClientLead(clientA, leadIds["B-1d"]!)).toBeNull();
      expect(await getClientLead(clientB, leadIds["A-3d"]!)).toBeNull();
      expect(await getClientLead(clientA, leadIds["U-1d"]!)).toBeNull();
      expect(await getClientLead(clientA, MISSING)).toBeNull();
      expect(await getClientLead(clientA, "not-a-uuid")).toBeNull();
    });

    it("records feedback on the client's own lead with a timeline entry", async () => {
      const id = leadIds["A-old7"]!;
      const before = Date.now();
      expect((await clientDashboard(clientA, now)).counts).toMatchObject({ interested: 4, contacted: 2 });
      expect(await submitFeedback(clientA, id, { feedbackStatus: "interested", notes: "Call Tuesday" })).toBe(
        true,
      );
      // The dashboard counts follow.
      expect((await clientDashboard(clientA, now)).counts).toMatchObject({ interested: 5, contacted: 2 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ clientFeedbackStatus: "interested", clientNotes: "Call Tuesday" });
      expect(row!.clientReviewedAt).toBeInstanceOf(Date);
      expect(Math.abs(row!.clientReviewedAt!.getTime() - before)).toBeLessThan(60_000);
      expect(await activitiesOf(id)).toMatchObject([
        {
          activityType: "client_feedback_submitted",
          description: "Feedback: Interested",
          metadata: { feedback_status: "interested", notes: "Call Tuesday" },
          performedBy: ids.clientA,
        },
      ]);

      // Empty notes are saved as empty, and do not appear among the previous notes.
      expect(await submitFeedback(clientA, id, { feedbackStatus: "deal_closed", notes: null })).toBe(true);
      expect(await rowOf(id)).toMatchObject({ clientFeedbackStatus: "deal_closed", clientNotes: "" });

      const lead = await getClientLead(clientA, id);
      expect(lead!.clientFeedbackStatus).toBe("deal_closed");
      expect(lead!.activities.map((a) => [a.activityType, a.metadata, a.performedBy])).toEqual([
        // The entry names the company it was given for (a company may have several people: ADR 037).
        [
          "client_feedback_submitted",
          { feedback_status: "deal_closed", notes: "", clientId: ids.clientA },
          "Carl Cash",
        ],
        [
          "client_feedback_submitted",
          { feedback_status: "interested", notes: "Call Tuesday", clientId: ids.clientA },
          "Carl Cash",
        ],
      ]);
      expect(lead!.previousNotes).toEqual([
        {
          id: expect.any(String),
          notes: "Call Tuesday",
          feedbackStatus: "interested",
          createdAt: expect.any(Date),
        },
      ]);
      expect((await clientDashboard(clientA, now)).counts).toMatchObject({ interested: 4, contacted: 2 });
    });

    it("refuses feedback on another client's lead, an unassigned lead or a missing one, changing nothing", async () => {
      const bLead = leadIds["B-5d"]!;
      const rowBefore = await rowOf(bLead);
      const activitiesBefore = await countOf(leadActivities);
      expect(await submitFeedback(clientA, bLead, { feedbackStatus: "deal_closed", notes: "Mine now" })).toBe(
        false,
      );
      expect(
        await submitFeedback(clientA, leadIds["U-1d"]!, { feedbackStatus: "contacted", notes: null }),
      ).toBe(false);
      expect(await submitFeedback(clientA, MISSING, { feedbackStatus: "contacted", notes: null })).toBe(
        false,
      );
      expect(await submitFeedback(clientA, "not-a-uuid", { feedbackStatus: "contacted", notes: null })).toBe(
        false,
      );
      expect(await rowOf(bLead)).toEqual(rowBefore);
      expect(await rowOf(leadIds["U-1d"]!)).toMatchObject({
        clientFeedbackStatus: "interested",
        clientNotes: null,
      });
      expect(await countOf(leadActivities)).toBe(activitiesBefore);
    });

    it("hides the earlier client's feedback from the new client after reassignment", async () => {
      const { id } = await createLead(
        admin,
        leadInput({ firstName: "Moved", assignedToClientId: ids.clientA }),
      );
      await addActivity(admin, id, { activityType: "call_logged", description: "Seller confirmed" });
      expect(
        await submitFeedback(clientA, id, { feedbackStatus: "interested", notes: "A's private note" }),
      ).toBe(true);
      expect((await getClientLead(clientA, id))!.previousNotes.map((n) => n.notes)).toEqual([
        "A's private note",
      ]);

      expect(await assignLead(admin, id, ids.clientB)).toBe(true);
      expect(await getClientLead(clientA, id)).toBeNull();
      expect((await listClientLeads(clientA, clientQuery())).rows.map((r) => r.id)).not.toContain(id);
      expect((await listClientLeads(clientB, clientQuery())).rows[0]!.id).toBe(id);

      const forB = await getClientLead(clientB, id);
      expect(forB).toMatchObject({
        clientFeedbackStatus: "not_reviewed",
        clientNotes: null,
        clientReviewedAt: null,
      });
      expect(forB!.previousNotes).toEqual([]);
      expect(forB!.activities.map((a) => a.activityType)).not.toContain("client_feedback_submitted");
      expect(JSON.stringify(forB)).not.toContain("A's private note");
      // Nor the assignment history, which names the earlier client.
      expect(forB!.activities.map((a) => a.activityType)).not.toContain("lead_assigned");
      expect(JSON.stringify(forB)).not.toContain(ids.clientA);
      // The admin's own work stays visible to the new client.
      expect(forB!.activities.map((a) => a.description)).toContain("Seller confirmed");

      // The admin still sees everything.
      const forAdmin = await getLead(admin, id);
      expect(
        forAdmin!.activities
          .filter((a) => a.activityType === "client_feedback_submitted")
          .map((a) => [a.metadata, a.performedBy]),
      ).toEqual([
        [{ feedback_status: "interested", notes: "A's private note", clientId: ids.clientA }, "Carl Cash"],
      ]);

      // B's own feedback is B's to see; A's stays hidden.
      expect(await submitFeedback(clientB, id, { feedbackStatus: "not_interested", notes: "Too far" })).toBe(
        true,
      );
      const afterB = await getClientLead(clientB, id);
      expect(afterB!.previousNotes.map((n) => [n.notes, n.feedbackStatus])).toEqual([
        ["Too far", "not_interested"],
      ]);
      expect(
        afterB!.activities
          .filter((a) => a.activityType === "client_feedback_submitted")
          .map((a) => a.performedBy),
      ).toEqual(["Bea Buyer"]);
      expect(
        (
          await db()
            .select({ n: count() })
            .from(leadActivities)
            .where(
              and(
                eq(leadActivities.leadId, id),
                eq(leadActivities.activityType, "client_feedback_submitted"),
              ),
            )
        )[0]!.n,
      ).toBe(2);
    });
  });
});
