/**
 * Undoing a bulk assignment (issue 24 §3) on both databases: the leads the client has not worked on go
 * back to nobody, their deliveries are forgotten (ledger), webhook events not yet sent are withdrawn with
 * no lead.unassigned after them while a sent one is followed by lead.unassigned, the e-mail not yet sent
 * is held back; a lead the client worked on stays; only the admin who assigned may undo, once, within
 * the window.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  leadDeliveries,
  leadSelections,
  leads,
  mailOutbox,
  profiles,
  user,
  userRoles,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { handleBulkPost, handleUndoPost } from "~/features/leads/bulk-action.server";
import { selectionSummary } from "~/features/leads/lead-list-views.server";
import { undoMessages, UNDO_MINUTES } from "~/features/leads/lead-list.schema";
import type { Actor } from "~/lib/actor";
import { permissionsOf } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";
import { answer, ORIGIN, redirectOf } from "../support/route-calls";

const ids = { admin: crypto.randomUUID(), other: crypto.randomUUID(), client: crypto.randomUUID() };
const adminOf = (id: string): Actor => ({
  id,
  permissions: permissionsOf(["admin"]),
  kind: "user",
  email: `${id}@undo.test`,
  name: "Admin",
  sessionId: `session-${id}`,
  roles: ["admin"],
  clientId: null,
  companyRole: null,
  profile: null,
});
const admin = adminOf(ids.admin);

const post = (fields: [string, string][]) =>
  new Request(`${ORIGIN}/admin/leads`, { method: "POST", body: new URLSearchParams(fields) });
const undoPost = (selection: string, by: Actor = admin) => {
  const request = post([
    ["intent", "undo"],
    ["selection", selection],
    ["back", "?client=unassigned"],
  ]);
  return request
    .clone()
    .formData()
    .then((form) => handleUndoPost(request, by, form));
};

describe.each(testDatabases)("undoing a bulk assignment on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;

  beforeAll(async () => {
    const people = [
      { id: ids.admin, role: "admin" as const, company: null },
      { id: ids.other, role: "admin" as const, company: null },
      { id: ids.client, role: "client" as const, company: "Willow Creek Buyers" },
    ];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails and texts.
      .values(
        people.map((p) => ({
          id: p.id,
          email: `${p.id}@undo.test`,
          name: p.id,
          firstSignedInAt: new Date(),
        })),
      );
    await db()
      .insert(profiles)
      .values(people.map((p) => ({ userId: p.id, email: `${p.id}@undo.test`, companyName: p.company })));
    await db()
      .insert(userRoles)
      .values(people.map((p) => ({ userId: p.id, role: p.role })));
    await db()
      .insert(webhookEndpoints)
      .values({ clientId: ids.client, url: "https://crm.example.com/hook", sealedSecret: "sealed" });
  });
  beforeEach(async () => {
    await db().delete(leads);
    await db().delete(webhookDeliveries);
    await db().delete(mailOutbox);
  });

  async function unassigned(n: number) {
    const rows = await db()
      .insert(leads)
      .values(
        Array.from({ length: n }, (_, i) => ({
          firstName: "Undo",
          lastName: `Seller${i}`,
          phone: `+1512555${String(4000 + i)}`,
          address: `${i} Oak Ln`,
          city: "Austin",
          state: "TX",
          zipCode: "78701",
        })),
      )
      .returning({ id: leads.id });
    return rows.map((r) => r.id);
  }
  /** Assigns the leads in bulk as the admin's form does; returns the result's id (`done=`). */
  async function assign(leadIds: string[]) {
    const done = redirectOf(
      await handleBulkPost(
        post([
          ["scope", "ticked"],
          ["filters", "?client=unassigned"],
          ...leadIds.map((id) => ["id", id] as [string, string]),
          ["bulkAction", "assign"],
          ["clientId", ids.client],
        ]),
        admin,
      ),
    );
    return /done=([0-9a-f-]{36})/.exec(done.location)![1]!;
  }
  const holders = async (leadIds: string[]) =>
    (await db().select({ to: leads.assignedToClientId }).from(leads).where(inArray(leads.id, leadIds))).map(
      (r) => r.to,
    );
  const events = async () =>
    (
      await db()
        .select({ type: webhookDeliveries.eventType, leadId: webhookDeliveries.leadId })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.clientId, ids.client))
    ).map((e) => `${e.type} ${e.leadId}`);
  const deliveries = async (leadIds: string[]) =>
    (
      await db()
        .select({ id: leadDeliveries.id })
        .from(leadDeliveries)
        .where(and(inArray(leadDeliveries.leadId, leadIds), eq(leadDeliveries.clientId, ids.client)))
    ).length;

  it("takes back untouched leads as if never sent: deliveries, unsent events and the unsent e-mail", async () => {
    const leadIds = await unassigned(3);
    const selection = await assign(leadIds);
    expect((await selectionSummary(admin, selection))?.undoUntil).not.toBeNull();
    // Another admin sees the result, not an Undo of someone else's assignment.
    expect((await selectionSummary(adminOf(ids.other), selection))?.undoUntil).toBeNull();
    expect(await deliveries(leadIds)).toBe(3);
    expect((await db().select().from(mailOutbox)).map((m) => m.subject)).toHaveLength(1);
    // One event already went out to the client's CRM; the other two still wait.
    await db()
      .update(webhookDeliveries)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(webhookDeliveries.leadId, leadIds[0]!));

    const undone = redirectOf(await undoPost(selection));
    expect(undone.location).toBe("/admin/leads?client=unassigned");
    expect(undone.flash).toMatchObject({
      title: "Undone",
      text: `${undoMessages.done(3, 0, "Willow Creek Buyers")}. ${undoMessages.mailHeld("Willow Creek Buyers")}`,
    });
    expect(await holders(leadIds)).toEqual([null, null, null]);
    expect(await deliveries(leadIds)).toBe(0);
    expect(await db().select().from(mailOutbox)).toEqual([]);
    // The sent one is followed by lead.unassigned; the withdrawn ones leave nothing behind.
    expect((await events()).sort()).toEqual(
      [`lead.assigned ${leadIds[0]}`, `lead.unassigned ${leadIds[0]}`].sort(),
    );
    expect((await selectionSummary(admin, selection))?.undone).toBe(true);

    const again = answer(await undoPost(selection));
    expect(again).toMatchObject({ status: 409, data: { toast: { text: undoMessages.already } } });
  });

  it("leaves a lead the client worked on, and says so", async () => {
    const leadIds = await unassigned(3);
    const selection = await assign(leadIds);
    await db().update(leads).set({ clientFeedbackStatus: "interested" }).where(eq(leads.id, leadIds[1]!));
    const undone = redirectOf(await undoPost(selection));
    // The e-mail named the lead that stays: it is not held back.
    expect(undone.flash?.text).toBe(
      `${undoMessages.done(2, 1, "Willow Creek Buyers")}. ${undoMessages.mailSent("Willow Creek Buyers")}`,
    );
    expect(await holders([leadIds[0]!, leadIds[2]!])).toEqual([null, null]);
    expect(await holders([leadIds[1]!])).toEqual([ids.client]);
    expect(await deliveries(leadIds)).toBe(1);
    expect(await db().select().from(mailOutbox)).toHaveLength(1);
  });

  it("refuses another admin, and everyone after the window", async () => {
    const leadIds = await unassigned(2);
    const selection = await assign(leadIds);
    expect(answer(await undoPost(selection, adminOf(ids.other)))).toMatchObject({
      status: 404,
      data: { toast: { text: undoMessages.nothing } },
    });
    await db()
      .update(leadSelections)
      .set({ createdAt: new Date(Date.now() - (UNDO_MINUTES * 60 + 1) * 1000) })
      .where(eq(leadSelections.id, selection));
    expect(answer(await undoPost(selection))).toMatchObject({
      status: 409,
      data: { toast: { text: undoMessages.tooLate } },
    });
    expect(await holders(leadIds)).toEqual([ids.client, ids.client]);
    expect(answer(await undoPost("not-a-uuid"))).toMatchObject({ status: 400 });
  });
});
