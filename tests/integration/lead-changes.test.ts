/**
 * The one path of lead changes (issue 23) on both databases: every writer (the admin's form, edit, status,
 * price, assignment, activity and deletion; bulk status, assign and delete; the API; the import; the
 * client's feedback; return requests and decisions) is run once, and exactly the side effects it owes are
 * checked: timeline entries, audit entries, e-mails, webhook events (with what each payload says of the
 * lead) and live notifications.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LEADS_CHANNEL } from "~/lib/realtime.server";
import {
  auditLog,
  clientAgreements,
  leadActivities,
  leadReturns,
  leads,
  mailOutbox,
  profiles,
  user,
  userRoles,
  webhookDeliveries,
} from "~/db/schema";
import { createApiKey } from "~/features/auth/api-keys.server";
import { intakeLeads } from "~/features/leads/api/api.server";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { submitFeedback } from "~/features/leads/client-leads.server";
import { getImport, receiveImport, startImport } from "~/features/leads/import/imports.server";
import { claimJob, runJob } from "~/features/leads/import/job.server";
import {
  addActivity,
  assignLead,
  createLead,
  deleteLead,
  setSoldPrice,
  updateLeadDetails,
  updateLeadStatus,
} from "~/features/leads/lead-commands.server";
import type { LeadInput } from "~/features/leads/leads.schema";
import { decideReturn, requestReturn } from "~/features/leads/returns/returns.server";
import { saveWebhookUrl } from "~/features/webhooks/webhooks.server";
import { permissionsOf, permissionsOfScopes, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";

stubAuthEnv({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true", NOTIFY_EMAIL: "staff@changes.test" });

const ids = {
  admin: "0c0c0000-0000-4000-8000-00000000000a",
  a: "0c0c0000-0000-4000-8000-0000000000a1",
  b: "0c0c0000-0000-4000-8000-0000000000b2",
};
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const client = (id: string) => ({ id, permissions: permissionsOf(["client"]) });
const apiKey = { id: "", name: "Vendor feed", permissions: permissionsOfScopes(["leads:write"]) };

let seq = 0;
const input = (clientId: string | null = null): LeadInput => {
  seq += 1;
  return {
    firstName: "Jane",
    lastName: `Change${seq}`,
    phone: `+1303555${String(1000 + seq).slice(-4)}`,
    email: null,
    address: `${seq} Path Street`,
    city: "Denver",
    state: "CO",
    zipCode: "80202",
    propertyType: "single_family",
    motivationLevel: "hot",
    situationNotes: null,
    leadSource: "cold_call",
    askingPrice: 250000,
    estimatedValue: null,
    estimatedRepairCost: null,
    assignedToClientId: clientId,
  };
};

interface Effects {
  timeline: [type: string, description: string, by: string | null][];
  audit: string[];
  mail: [to: string, subject: string][];
  events: [type: string, client: string, assignedTo: unknown][];
  live: { leadId: string | null; clients: string[] }[];
}

describe.each(testDatabases)("the lead-change path on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  const heard: Effects["live"] = [];

  beforeAll(async () => {
    const people = [
      { id: ids.admin, email: "admin@changes.test", role: "admin" as const, company: null },
      { id: ids.a, email: "a@changes.test", role: "client" as const, company: "Alpha Homes" },
      { id: ids.b, email: "b@changes.test", role: "client" as const, company: "Bravo Capital" },
    ];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails.
      .values(people.map((p) => ({ id: p.id, email: p.email, name: p.email, firstSignedInAt: new Date() })));
    await db()
      .insert(profiles)
      .values(people.map((p) => ({ userId: p.id, email: p.email, companyName: p.company })));
    await db()
      .insert(userRoles)
      .values(people.map((p) => ({ userId: p.id, role: p.role })));
    for (const id of [ids.a, ids.b])
      await saveWebhookUrl(admin, id, `http://127.0.0.1:9/hook-${id.slice(-2)}`);
    await db().insert(clientAgreements).values({
      clientId: ids.b,
      version: 1,
      leadsPerMonth: 50,
      startsOn: "2020-01-01",
      pricePerLead: 40,
      returnWindowDays: 7,
      returnCapPercent: 100,
    });
    const key = await createApiKey(admin, { name: "Vendor feed", scopes: ["leads:write"] });
    apiKey.id = key!.id;
    await database.handle.listen(LEADS_CHANNEL, (payload) => {
      heard.push(JSON.parse(payload) as Effects["live"][number]);
    });
  });

  beforeEach(async () => {
    await settle();
    for (const table of [leadActivities, auditLog, mailOutbox, webhookDeliveries]) await db().delete(table);
    heard.length = 0;
  });

  /**
   * Notifications arrive after their commit: wait until none has come for a while (a loaded machine can
   * take a few hundred milliseconds), at most 5 s. Resets wait too, or an earlier write's late
   * notification is counted as the next one's.
   */
  async function settle() {
    for (let quiet = 0, seen = -1, until = Date.now() + 5_000; quiet < 300 && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      quiet = heard.length === seen ? quiet + 50 : 0;
      seen = heard.length;
    }
  }

  /** What the writes since the last reset left behind. */
  async function effects(): Promise<Effects> {
    await settle();
    const timeline = await db()
      .select({
        type: leadActivities.activityType,
        d: leadActivities.description,
        by: leadActivities.performedBy,
      })
      .from(leadActivities)
      .orderBy(leadActivities.description);
    const audit = await db().select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
    const mail = await db()
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
      .from(mailOutbox)
      .orderBy(mailOutbox.toAddress, mailOutbox.subject);
    const events = await db()
      .select({
        type: webhookDeliveries.eventType,
        client: webhookDeliveries.clientId,
        payload: webhookDeliveries.payload,
      })
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.seq);
    return {
      timeline: timeline.map((t) => [t.type, t.d, t.by]),
      audit: audit.map((a) => a.action),
      mail: mail.map((m) => [m.to, m.subject]),
      events: events.map((e) => [
        e.type,
        e.client,
        (e.payload as Record<string, unknown>).assignedToClientId,
      ]),
      live: [...heard],
    };
  }

  async function reset() {
    await settle();
    for (const table of [leadActivities, auditLog, mailOutbox, webhookDeliveries]) await db().delete(table);
    heard.length = 0;
  }

  it("the admin's form: a new lead, assigned or not", async () => {
    const plain = await createLead(admin, input());
    expect(await effects()).toEqual({
      timeline: [],
      audit: [],
      mail: [],
      events: [],
      live: [{ leadId: plain.id, clients: [] }],
    });
    await reset();
    const assigned = await createLead(admin, input(ids.a));
    const last = `Change${seq}`;
    expect(await effects()).toEqual({
      timeline: [["lead_assigned", "Assigned to Alpha Homes", ids.admin]],
      audit: [],
      mail: [["a@changes.test", `New lead: Jane ${last}, Denver, CO`]],
      events: [["lead.assigned", ids.a, ids.a]],
      live: [{ leadId: assigned.id, clients: [ids.a] }],
    });
  });

  it("edits, status, price and activities of a held lead: the holder hears lead.updated", async () => {
    const { id } = await createLead(admin, input(ids.a));
    await reset();
    const { assignedToClientId: _, ...details } = input();
    await updateLeadDetails(admin, id, { ...details, city: "Boulder" });
    await updateLeadStatus(admin, id, "contacted");
    await setSoldPrice(admin, id, 1000);
    await addActivity(admin, id, { activityType: "call_logged", description: "Called the seller" });
    const found = await effects();
    expect(found.timeline).toEqual(
      [
        ["call_logged", "Called the seller", ids.admin],
        ["status_changed", "Status changed from New to Contacted", ids.admin],
        ["details_updated", expect.stringMatching(/^Updated .*city/), ids.admin],
      ].sort((x, y) => String(x[1]).localeCompare(String(y[1]))),
    );
    expect(found.events).toEqual([
      ["lead.updated", ids.a, ids.a],
      ["lead.updated", ids.a, ids.a],
      ["lead.updated", ids.a, ids.a],
    ]);
    expect(found.mail).toEqual([]);
    expect(found.audit).toEqual([]);
    expect(found.live).toEqual(Array.from({ length: 4 }, () => ({ leadId: id, clients: [ids.a] })));
  });

  it("reassignment: the former client hears lead.unassigned with nothing of the new owner", async () => {
    const { id } = await createLead(admin, input(ids.a));
    await submitFeedback(client(ids.a), id, { feedbackStatus: "interested", notes: "Calling back" });
    await reset();
    await assignLead(admin, id, ids.b);
    const found = await effects();
    expect(found.timeline).toEqual([["lead_assigned", "Assigned to Bravo Capital", ids.admin]]);
    expect(found.events).toEqual([
      ["lead.unassigned", ids.a, null],
      ["lead.assigned", ids.b, ids.b],
    ]);
    const [unassigned] = await db()
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, "lead.unassigned"));
    // As the former client knew it: their own feedback, and not a word of Bravo.
    expect(unassigned!.payload).toMatchObject({
      id,
      clientFeedbackStatus: "interested",
      clientNotes: "Calling back",
    });
    expect(JSON.stringify(unassigned!.payload)).not.toContain(ids.b);
    expect(found.mail).toEqual([["b@changes.test", expect.stringMatching(/^New lead: /)]]);
    expect(found.live).toEqual([{ leadId: id, clients: [ids.a, ids.b] }]);
  });

  it("the client's feedback, a return request and its decision", async () => {
    const { id } = await createLead(admin, input(ids.b));
    await reset();
    expect(await submitFeedback(client(ids.b), id, { feedbackStatus: "contacted", notes: "" })).toBe(true);
    expect(await requestReturn(client(ids.b), id, { reason: "wrong_number", note: "Disconnected" })).toEqual({
      ok: true,
    });
    const [request] = await db()
      .select({ id: leadReturns.id })
      .from(leadReturns)
      .where(eq(leadReturns.leadId, id));
    expect(
      await decideReturn(admin, { returnId: request!.id, decision: "approve", decisionNote: "" }),
    ).toEqual({
      ok: true,
    });
    const found = await effects();
    expect(found.timeline).toEqual([
      ["client_feedback_submitted", "Feedback: Contacted", ids.b],
      ["return_approved", "Return approved: a replacement lead is owed", ids.admin],
      ["return_requested", "Return requested: Wrong or disconnected number. Disconnected", ids.b],
    ]);
    expect(found.events).toEqual([["lead.updated", ids.b, ids.b]]);
    // The client's receipt and the decision, the staff's notice of the request.
    expect(found.mail.map(([to]) => to)).toEqual(["b@changes.test", "b@changes.test", "staff@changes.test"]);
    expect(found.live).toEqual(Array.from({ length: 3 }, () => ({ leadId: id, clients: [ids.b] })));
  });

  it("deletion: the holder hears lead.deleted with the lead as it was, and the audit log keeps it", async () => {
    const { id } = await createLead(admin, input(ids.a));
    const unassigned = await createLead(admin, input());
    await reset();
    expect(await deleteLead(admin, id)).toBe(true);
    expect(await deleteLead(admin, unassigned.id)).toBe(true);
    const found = await effects();
    expect(found.timeline).toEqual([]);
    expect(found.events).toEqual([["lead.deleted", ids.a, ids.a]]);
    expect(found.audit).toEqual(["lead.deleted", "lead.deleted"]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetUserId, ids.a));
    expect(entry).toMatchObject({ actorId: ids.admin, details: { leadId: id, clientId: ids.a } });
    expect(found.live).toEqual([
      { leadId: id, clients: [ids.a] },
      { leadId: unassigned.id, clients: [] },
    ]);
  });

  it("bulk status, assign and delete: per-lead timeline and events, one digest, one audit entry, one live event each", async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createLead(admin, input(i === 0 ? ids.a : null))).id);
    await reset();
    const selection = { ids: made };
    await bulkLeadAction(admin, selection, { kind: "status", status: "contacted" });
    let found = await effects();
    expect(found.timeline.map((t) => t[0])).toEqual(["status_changed", "status_changed", "status_changed"]);
    expect(found.events).toEqual([["lead.updated", ids.a, ids.a]]);
    expect(found.audit).toEqual(["leads.bulk_status"]);
    expect(found.live).toEqual([{ leadId: null, clients: [ids.a] }]);

    await reset();
    await bulkLeadAction(admin, selection, { kind: "assign", clientId: ids.b });
    found = await effects();
    expect(found.timeline).toEqual(
      Array.from({ length: 3 }, () => ["lead_assigned", "Assigned to Bravo Capital", ids.admin]),
    );
    expect(found.events.filter((e) => e[0] === "lead.unassigned")).toEqual([
      ["lead.unassigned", ids.a, null],
    ]);
    expect(found.events.filter((e) => e[0] === "lead.assigned")).toHaveLength(3);
    expect(found.mail).toEqual([["b@changes.test", "3 new leads assigned to you"]]);
    expect(found.audit).toEqual(["leads.bulk_assign"]);
    // The batch's clients in any order (the leads are taken in the list's order).
    expect(found.live.map((l) => ({ ...l, clients: [...l.clients].sort() }))).toEqual([
      { leadId: null, clients: [ids.a, ids.b].sort() },
    ]);

    await reset();
    await bulkLeadAction(admin, selection, { kind: "delete" });
    found = await effects();
    expect(found.events).toEqual(Array.from({ length: 3 }, () => ["lead.deleted", ids.b, ids.b]));
    expect(found.audit).toEqual(["lead.deleted", "lead.deleted", "lead.deleted", "leads.bulk_delete"]);
    expect(found.live).toEqual([{ leadId: null, clients: [ids.b] }]);
  });

  it("the API: an assigned lead gets its timeline entry, event and e-mail; an unassigned one nothing in the transaction", async () => {
    const assigned = input(ids.a);
    const body = { leads: [assigned, input()] };
    const answer = await intakeLeads(apiKey, { body, raw: JSON.stringify(body) });
    expect(answer).toMatchObject({ status: 201, body: { created: 2 } });
    const found = await effects();
    expect(found.timeline).toEqual([["lead_assigned", "Assigned to Alpha Homes", null]]);
    expect(found.events).toEqual([["lead.assigned", ids.a, ids.a]]);
    expect(found.mail).toEqual([["a@changes.test", `New lead: Jane ${assigned.lastName}, Denver, CO`]]);
    expect(found.live).toEqual([{ leadId: null, clients: [ids.a] }]);
  });

  it("the import: timeline and events per assigned lead, one e-mail per client at the end", async () => {
    const rows = Array.from(
      { length: 3 },
      (_, i) => `Imp,Row${i},(720) 555-01${i}0,${i} Import Way,Denver,CO,80202`,
    );
    const file = ["First Name,Last Name,Phone,Address,City,State,Zip", ...rows].join("\n") + "\n";
    const id = await receiveImport(
      admin,
      (async function* () {
        yield new TextEncoder().encode(file);
      })(),
      "list.csv",
    );
    const settings = (await getImport(admin, id))!.settings!;
    expect(await startImport(admin, id, { ...settings, assignToClientId: ids.b })).toBe(true);
    await reset();
    for (let job = await claimJob(db(), "w"); job; job = await claimJob(db(), "w"))
      await runJob(db(), job, "w");
    // The batches' list notification is coalesced: it comes about a second after commit, besides the one
    // the import's end sends. Waiting for both also keeps it from reaching the next test.
    const toB = () => heard.filter((e) => e.leadId === null && e.clients.includes(ids.b)).length;
    for (const until = Date.now() + 10_000; toB() < 2 && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(toB()).toBe(2);
    const found = await effects();
    expect(found.timeline).toEqual(
      Array.from({ length: 3 }, () => ["lead_assigned", "Assigned to Bravo Capital", ids.admin]),
    );
    expect(found.events).toEqual(Array.from({ length: 3 }, () => ["lead.assigned", ids.b, ids.b]));
    expect(found.mail).toEqual([
      ["admin@changes.test", "Import finished: list.csv"],
      ["b@changes.test", "3 new leads assigned to you"],
    ]);
    const created = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.importId, id));
    expect(created[0]!.n).toBe(3);
  });
});
