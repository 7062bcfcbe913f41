/**
 * Bulk actions on both databases (issue 13): assign, unassign, status and delete for ticked leads or for
 * every lead matching the filters; a timeline entry per changed lead, one e-mail per client for the whole
 * batch, nothing changed when the batch is refused.
 */
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { installDatabase } from "~/db/db.server";
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
import { handleBulkPost } from "~/features/leads/bulk-action.server";
import { bulkLeadAction, BULK_MAX_IDS } from "~/features/leads/bulk.server";
import { parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { clientLeadEvent, listLeads } from "~/features/leads/lead-queries.server";
import { selectionSummary } from "~/features/leads/lead-list-views.server";
import { InvalidClientError } from "~/features/leads/lead-commands.server";
import type { Actor } from "~/lib/actor";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { answer, ORIGIN, redirectOf } from "../support/route-calls";

const ids = { admin: "bulk-admin", clientA: "bulk-client-a", clientB: "bulk-client-b", plain: "bulk-plain" };
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const adminActor: Actor = {
  ...admin,
  kind: "user",
  email: "admin@bulk.test",
  name: "admin@bulk.test",
  sessionId: "bulk-session",
  roles: ["admin"],
  clientId: null,
  companyRole: null,
  profile: null,
};
/** The bulk form's POST as a browser sends it: repeated `id` fields for the ticked rows. */
const bulkPost = (fields: [string, string][]) =>
  handleBulkPost(
    new Request(`${ORIGIN}/admin/leads`, { method: "POST", body: new URLSearchParams(fields) }),
    adminActor,
  );
const query = (search: string) => ({ query: parseLeadListQuery(new URL(`http://x/admin/leads?${search}`)) });

describe.each(testDatabases)("bulk lead actions on $name", (testDb) => {
  let handle: DatabaseHandle;
  let leadIds: string[] = [];
  const db = () => handle.db;
  const snapshot = async () => ({
    leads: await db().select().from(leads).orderBy(leads.id),
    activities: Number((await db().select({ n: count() }).from(leadActivities))[0]!.n),
    mails: Number((await db().select({ n: count() }).from(mailOutbox))[0]!.n),
  });

  beforeAll(async () => {
    handle = await testDb.open();
    installDatabase(handle);
    const people = [
      { id: ids.admin, email: "admin@bulk.test", role: "admin" as const, company: null },
      { id: ids.clientA, email: "a@bulk.test", role: "client" as const, company: "Acme Buyers" },
      { id: ids.clientB, email: "b@bulk.test", role: "client" as const, company: "Bay Capital" },
      { id: ids.plain, email: "plain@bulk.test", role: null, company: null },
    ];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails.
      .values(people.map((p) => ({ id: p.id, email: p.email, name: p.email, firstSignedInAt: new Date() })));
    await db()
      .insert(profiles)
      .values(
        people.map((p) => ({ userId: p.id, email: p.email, firstName: "Pat", companyName: p.company })),
      );
    await db()
      .insert(userRoles)
      .values(people.filter((p) => p.role).map((p) => ({ userId: p.id, role: p.role! })));
  });
  beforeEach(async () => {
    await db().delete(leads);
    await db().delete(mailOutbox);
    await db().delete(storedFiles);
    // 30 leads: the first 10 new and hot, 10 qualified, 10 dead and already with client B.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      firstName: `Seller${String(i).padStart(2, "0")}`,
      lastName: "Bulk",
      phone: `+1303555${String(1000 + i)}`,
      address: `${i} Main St`,
      city: "Denver",
      state: "CO",
      zipCode: "80202",
      motivationLevel: i < 10 ? ("hot" as const) : ("warm" as const),
      leadStatus: i < 10 ? ("new" as const) : i < 20 ? ("qualified" as const) : ("dead" as const),
      assignedToClientId: i >= 20 ? ids.clientB : null,
      clientFeedbackStatus: i >= 20 ? ("interested" as const) : ("not_reviewed" as const),
    }));
    leadIds = (await db().insert(leads).values(rows).returning({ id: leads.id })).map((r) => r.id);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("assigns the ticked leads with a timeline entry each and one e-mail listing them", async () => {
    const ticked = leadIds.slice(0, 5);
    expect(
      await bulkLeadAction(admin, { ids: ticked }, { kind: "assign", clientId: ids.clientA }),
    ).toMatchObject({
      selected: 5,
      changed: 5,
    });
    const rows = await db().select().from(leads).where(eq(leads.assignedToClientId, ids.clientA));
    expect(rows.map((r) => r.id).sort()).toEqual([...ticked].sort());
    const entries = await db().select().from(leadActivities).where(inArray(leadActivities.leadId, ticked));
    expect(entries).toHaveLength(5);
    expect(
      entries.every((e) => e.description === "Assigned to Acme Buyers" && e.performedBy === ids.admin),
    ).toBe(true);
    const mails = await db().select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: "a@bulk.test", subject: "5 new leads assigned to you" });
    for (const i of [0, 1, 2, 3, 4]) expect(mails[0]!.textBody).toContain(`Seller0${i} Bulk`);
    expect(mails[0]!.textBody).not.toContain("+1303555");
  });

  it("assigns every lead matching the filters, moving leads from another client and resetting feedback", async () => {
    const result = await bulkLeadAction(admin, query("status=dead"), {
      kind: "assign",
      clientId: ids.clientA,
    });
    expect(result).toMatchObject({ selected: 10, changed: 10 });
    const moved = await db().select().from(leads).where(eq(leads.assignedToClientId, ids.clientA));
    expect(moved).toHaveLength(10);
    expect(moved.every((l) => l.leadStatus === "dead" && l.clientFeedbackStatus === "not_reviewed")).toBe(
      true,
    );
    expect(await db().select().from(mailOutbox)).toHaveLength(1);
  });

  it("leaves alone the leads already in the asked state, and unassigns without an e-mail", async () => {
    expect(await bulkLeadAction(admin, query(""), { kind: "assign", clientId: null })).toMatchObject({
      selected: 30,
      changed: 10,
    });
    expect(
      await bulkLeadAction(admin, query("status=new&status=qualified"), {
        kind: "status",
        status: "qualified",
      }),
    ).toMatchObject({
      selected: 20,
      changed: 10,
    });
    const entries = await db().select().from(leadActivities);
    expect(entries.filter((e) => e.description === "Lead unassigned")).toHaveLength(10);
    expect(entries.filter((e) => e.description === "Status changed from New to Qualified")).toHaveLength(10);
    expect(await db().select().from(mailOutbox)).toHaveLength(0);
  });

  it("deletes the leads with their documents' stored bytes", async () => {
    const [file] = await db()
      .insert(storedFiles)
      .values({
        fileName: "a.pdf",
        contentType: "application/pdf",
        sizeBytes: 4,
        sha256: "x",
        data: Buffer.from("%PDF"),
      })
      .returning({ id: storedFiles.id });
    await db().insert(leadDocuments).values({
      leadId: leadIds[0]!,
      fileId: file!.id,
      documentName: "Contract",
      documentType: "pdf",
      uploadedBy: ids.admin,
    });
    expect(await bulkLeadAction(admin, { ids: leadIds.slice(0, 3) }, { kind: "delete" })).toMatchObject({
      selected: 3,
      changed: 3,
    });
    expect(await db().select().from(leads)).toHaveLength(27);
    expect(await db().select().from(storedFiles)).toHaveLength(0);
  });

  it("changes nothing when refused: not an admin, not a client, too many ids", async () => {
    const before = await snapshot();
    const client = { id: ids.clientA, permissions: permissionsOf(["client"]) };
    await expect(bulkLeadAction(client, query(""), { kind: "delete" })).rejects.toBeInstanceOf(
      NotAllowedError,
    );
    await expect(
      bulkLeadAction(admin, query(""), { kind: "assign", clientId: ids.plain }),
    ).rejects.toBeInstanceOf(InvalidClientError);
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, () => leadIds[0]!);
    await expect(bulkLeadAction(admin, { ids: tooMany }, { kind: "delete" })).rejects.toThrow(RangeError);
    expect(await snapshot()).toEqual(before);
  });

  it("ignores ids that name no lead", async () => {
    expect(
      await bulkLeadAction(
        admin,
        { ids: ["not-a-uuid", "00000000-0000-4000-8000-000000000000"] },
        { kind: "delete" },
      ),
    ).toMatchObject({ selected: 0, changed: 0, leadIds: [] });
  });

  it("answers the bulk form: 400 with the form's messages, the delete's question, then the batch", async () => {
    const before = await snapshot();
    const missing = answer(
      await bulkPost([
        ["scope", "ticked"],
        ["bulkAction", "assign"],
        ["clientId", ""],
      ]),
    );
    expect(missing).toMatchObject({
      status: 400,
      data: {
        ok: false,
        toast: { title: "Validation Error" },
        fieldErrors: {
          clientId: "Choose a client",
          id: "Tick at least one lead, or choose all leads matching the filters",
        },
      },
    });
    const notClient = answer(
      await bulkPost([
        ["id", leadIds[0]!],
        ["bulkAction", "assign"],
        ["clientId", ids.plain],
      ]),
    );
    expect(notClient).toMatchObject({
      status: 400,
      data: { toast: { text: "Invalid client ID" }, fieldErrors: { clientId: "Invalid client ID" } },
    });
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, () => ["id", leadIds[0]!] as [string, string]);
    expect(answer(await bulkPost([...tooMany, ["bulkAction", "unassign"]]))).toMatchObject({
      status: 400,
      data: { fieldErrors: { id: `At most ${BULK_MAX_IDS} leads can be ticked at once` } },
    });

    // A delete of two ticked leads asks first, naming the count, and deletes nothing yet.
    const ticked: [string, string][] = [
      ["id", leadIds[0]!],
      ["id", leadIds[1]!],
    ];
    const filters: [string, string] = ["filters", "?status=new"];
    const question = answer(await bulkPost([filters, ...ticked, ["bulkAction", "delete"]]));
    expect(question).toMatchObject({
      status: 200,
      data: { confirmDelete: { count: 2, input: { id: [leadIds[0], leadIds[1]], bulkAction: "delete" } } },
    });
    expect(await snapshot()).toEqual(before);

    const done = redirectOf(
      await bulkPost([filters, ...ticked, ["bulkAction", "delete"], ["confirmed", "yes"]]),
    );
    expect(done.location).toBe("/admin/leads?status=new");
    expect(done.flash).toMatchObject({ kind: "success", title: "Success", text: "2 leads deleted" });
    expect(await db().select().from(leads)).toHaveLength(28);
  });

  it("ends with a lasting result naming what was done and to whom, and a filter on exactly those leads", async () => {
    // Five hot new leads ticked, two of them already Acme's: all five are Acme's after, and shown again.
    await db()
      .update(leads)
      .set({ assignedToClientId: ids.clientA })
      .where(inArray(leads.id, leadIds.slice(0, 2)));
    const ticked = leadIds.slice(0, 5).map((id) => ["id", id] as [string, string]);
    const done = redirectOf(
      await bulkPost([
        ["filters", "?motivation=hot"],
        ...ticked,
        ["bulkAction", "assign"],
        ["clientId", ids.clientA],
      ]),
    );
    const selectionId = /done=([0-9a-f-]{36})$/.exec(done.location)?.[1];
    expect(selectionId).toBeDefined();
    const note = "Acme Buyers has no agreement yet, so no monthly cap was checked";
    expect(done.flash).toMatchObject({ text: `3 leads assigned (2 leads already were). ${note}` });
    expect(await selectionSummary(admin, selectionId!)).toEqual({
      id: selectionId,
      description: `3 leads assigned to Acme Buyers (2 leads already were). ${note}`,
      count: 5,
      // The three that were nobody's can be taken back for a while (bulk-undo.test.ts).
      undoUntil: expect.any(String),
      undone: false,
    });
    // "View these 5": the list filtered to them, whatever else matches nothing else.
    const list = await listLeads(admin, parseLeadListQuery(new URL(`http://x/?selection=${selectionId}`)));
    expect(list.rows.map((r) => r.id).sort()).toEqual(leadIds.slice(0, 5).sort());
    expect(list.total).toMatchObject({ count: 5, capped: false });
    // The optional columns' facts: each is now Acme's (an open delivery), typed in (no key, no import).
    for (const row of list.rows) {
      expect(row.deliveredAt).toBeInstanceOf(Date);
      expect(Date.now() - row.deliveredAt!.getTime()).toBeLessThan(60_000);
      expect(row).toMatchObject({ apiKeyName: null, apiKeyId: null, importId: null, zipCode: "80202" });
    }
    // With another filter, the intersection; an unknown selection matches nothing.
    const dead = await listLeads(
      admin,
      parseLeadListQuery(new URL(`http://x/?selection=${selectionId}&status=dead`)),
    );
    expect(dead.rows).toEqual([]);
    const none = await listLeads(
      admin,
      parseLeadListQuery(new URL("http://x/?selection=00000000-0000-4000-8000-000000000000")),
    );
    expect(none.rows).toEqual([]);

    // A status change says the status; a delete keeps only its toast (nothing left to show).
    const status = redirectOf(
      await bulkPost([
        ["filters", ""],
        ...ticked.slice(0, 1),
        ["bulkAction", "status"],
        ["status", "contacted"],
      ]),
    );
    const statusId = /done=([0-9a-f-]{36})$/.exec(status.location)![1]!;
    expect((await selectionSummary(admin, statusId))?.description).toBe("1 lead set to Contacted");
  });

  it("tells each client concerned, without naming a lead", () => {
    const payload = JSON.stringify({ leadId: null, clients: [ids.clientA, ids.clientB] });
    expect(clientLeadEvent(payload, ids.clientA)).toBe(JSON.stringify({ leadId: null }));
    expect(clientLeadEvent(payload, "someone-else")).toBeNull();
  });
});
