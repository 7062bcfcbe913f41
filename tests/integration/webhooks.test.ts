/**
 * Delivery webhooks on both databases (issue 14): signed deliveries verified with the documented recipe
 * (run as written in docs/webhooks.md), retries while the receiver is down then up (each event delivered
 * once, in order per lead, with several workers at once), the address guard (SSRF), one event per lead in
 * a bulk assign, events only with the change's transaction, and who may see which webhook.
 */
import fs from "node:fs";
import vm from "node:vm";
import { createRequire } from "node:module";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leads, profiles, user, userRoles, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { getImport, receiveImport, startImport } from "~/features/leads/import/imports.server";
import { claimJob, runJob } from "~/features/leads/import/job.server";
import {
  assignLead,
  createLead,
  InvalidClientError,
  updateLeadStatus,
} from "~/features/leads/lead-commands.server";
import {
  getWebhookSettings,
  listClientWebhooks,
  listWebhookDeliveries,
  removeWebhook,
  resendWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  saveWebhookUrl,
} from "~/features/webhooks/webhooks.server";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";
import { deliverDueWebhooks } from "~/lib/webhooks/delivery.server";
import { ADDRESS_NOT_ALLOWED, postJson } from "~/lib/webhooks/post-json.server";
import { testDatabases } from "../support/databases";
import { stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

stubAuthEnv({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });

/** The verification recipe of docs/webhooks.md, exactly as a receiver would copy it. */
function documentedVerifier() {
  const doc = fs.readFileSync("docs/webhooks.md", "utf8");
  const code = /```js verify-recipe\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error("docs/webhooks.md has no verify-recipe block");
  return vm.runInNewContext(`${code}\nverifyLeadworksSignature`, {
    require: createRequire(import.meta.url),
    Buffer,
  }) as (body: string, header: string, secret: string, now?: number) => boolean;
}

const ids = { admin: "wh-admin", clientA: "wh-client-a", clientB: "wh-client-b", plain: "wh-plain" };
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const clientA = { id: ids.clientA, permissions: permissionsOf(["client"], "owner") };
const clientB = { id: ids.clientB, permissions: permissionsOf(["client"], "owner") };
const deliver = (db: Parameters<typeof deliverDueWebhooks>[0], allowPrivate = true) =>
  deliverDueWebhooks(db, { allowPrivate });

let seq = 0;
const newLead = (clientId: string | null = null) =>
  createLead(admin, {
    firstName: "Jane",
    lastName: `Doe${++seq}`,
    phone: `+1202555${String(1000 + seq).slice(-4)}`,
    email: null,
    address: `${seq} Evergreen Terrace`,
    city: "Springfield",
    state: "IL",
    zipCode: "62704",
    propertyType: "single_family",
    motivationLevel: "hot",
    situationNotes: null,
    leadSource: "cold_call",
    askingPrice: 250000,
    estimatedValue: null,
    estimatedRepairCost: null,
    assignedToClientId: clientId,
  });

describe.each(testDatabases)("delivery webhooks on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  let receiver: WebhookReceiver;
  let secretA = "";

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const people = [
      { id: ids.admin, email: "admin@wh.test", role: "admin" as const },
      { id: ids.clientA, email: "a@wh.test", role: "client" as const },
      { id: ids.clientB, email: "b@wh.test", role: "client" as const },
      { id: ids.plain, email: "plain@wh.test", role: null },
    ];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails and texts.
      .values(people.map((p) => ({ id: p.id, email: p.email, name: p.email, firstSignedInAt: new Date() })));
    await db()
      .insert(profiles)
      .values(people.map((p) => ({ userId: p.id, email: p.email, companyName: `${p.id} Co` })));
    await db()
      .insert(userRoles)
      .values(people.filter((p) => p.role).map((p) => ({ userId: p.id, role: p.role! })));
  });
  afterAll(async () => {
    await receiver.stop();
  });
  beforeEach(async () => {
    await db().delete(webhookEndpoints);
    await db().delete(leads);
    receiver.received.length = 0;
    receiver.respond = () => 200;
    await receiver.start();
    secretA = (await saveWebhookUrl(admin, ids.clientA, receiver.url)).secret!;
  });

  it("seals the secret at rest and signs each delivery so that the documented recipe verifies it", async () => {
    expect(secretA).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [stored] = await db().select().from(webhookEndpoints);
    expect(stored!.sealedSecret).not.toContain(secretA.slice(6));
    expect(JSON.stringify(await db().execute(sql`select * from webhook_endpoints`))).not.toContain(
      secretA.slice(6),
    );
    expect(await revealWebhookSecret(clientA, ids.clientA)).toBe(secretA);

    const { id: leadId } = await newLead(ids.clientA);
    expect(await deliver(db())).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const verify = documentedVerifier();
    const signature = String(request!.headers["leadworks-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(request!.body, signature, secretA)).toBe(true);
    // The recipe refuses a changed body, another secret and an old timestamp.
    expect(verify(request!.body.replace("Jane", "John"), signature, secretA)).toBe(false);
    expect(verify(request!.body, signature, `${secretA}x`)).toBe(false);
    expect(verify(request!.body, signature, secretA, Date.now() + 10 * 60_000)).toBe(false);

    const body = JSON.parse(request!.body) as {
      id: string;
      type: string;
      data: { lead: Record<string, unknown> };
    };
    expect(body.type).toBe("lead.assigned");
    expect(request!.headers["leadworks-event-id"]).toBe(body.id);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(body.data.lead).toMatchObject({
      id: leadId,
      firstName: "Jane",
      zipCode: "62704",
      askingPrice: 250000,
      assignedToClientId: ids.clientA,
      leadStatus: "new",
    });
    const [row] = await db().select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, claimToken: null });

    // A new secret signs from now on; the old one no longer verifies.
    const rotated = await rotateWebhookSecret(admin, ids.clientA);
    expect(rotated).not.toBe(secretA);
    await assignLead(admin, leadId, null);
    await deliver(db());
    const last = receiver.received.at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({ type: "lead.unassigned" });
    expect(verify(last.body, String(last.headers["leadworks-signature"]), rotated!)).toBe(true);
    expect(verify(last.body, String(last.headers["leadworks-signature"]), secretA)).toBe(false);
  });

  it("retries while the receiver is down, then delivers every event once, in order per lead, across workers", async () => {
    await receiver.stop();
    const leadIds: string[] = [];
    for (let i = 0; i < 4; i++) leadIds.push((await newLead(ids.clientA)).id);
    for (const id of leadIds) {
      await updateLeadStatus(admin, id, "contacted");
      await updateLeadStatus(admin, id, "qualified");
    }
    await assignLead(admin, leadIds[0]!, ids.clientB); // B has no webhook: only A's lead.unassigned
    const total = 4 * 3 + 1;
    expect(await db().$count(webhookDeliveries)).toBe(total);

    // Down: only each lead's first event is tried; the later ones wait behind it.
    expect(await deliver(db())).toBe(4);
    const afterFirst = await db().select().from(webhookDeliveries).orderBy(webhookDeliveries.seq);
    const tried = afterFirst.filter((d) => d.attempts === 1);
    expect(tried.map((d) => d.eventType)).toEqual(Array(4).fill("lead.assigned"));
    for (const d of tried) {
      expect(d.status).toBe("pending");
      expect(d.lastStatusCode).toBeNull();
      expect(d.lastError).toMatch(/ECONNREFUSED|connect/);
      expect(d.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    }
    expect(await deliver(db())).toBe(0); // nothing due before the backoff

    // Still down at the second attempt, which backs off further.
    await db().update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    expect(await deliver(db())).toBe(4);
    const second = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.attempts, 2));
    expect(second).toHaveLength(4);
    for (const d of second) expect(d.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 15_000);

    // Up again, answering 503 to the first request of each event and 200 after; the retry time has come.
    await receiver.start();
    const seen = new Set<string>();
    receiver.respond = ({ headers }) => {
      const id = String(headers["leadworks-event-id"]);
      if (seen.has(id)) return 200;
      seen.add(id);
      return 503;
    };
    await db().update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    // Three workers at once, as three servers would, each looping until nothing is due; due retries are
    // made due at once between rounds (time passing).
    for (let round = 0; round < 20; round++) {
      const worked = await Promise.all([deliver(db()), deliver(db()), deliver(db())]);
      if ((await db().$count(webhookDeliveries, eq(webhookDeliveries.status, "pending"))) === 0) break;
      if (worked.every((n) => n === 0))
        await db().update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    }
    const rows = await db().select().from(webhookDeliveries).orderBy(webhookDeliveries.seq);
    expect(rows.every((d) => d.status === "delivered")).toBe(true);
    const acknowledged = receiver.received.filter((r) => r.status === 200);
    const ackIds = acknowledged.map((r) => String(r.headers["leadworks-event-id"]));
    expect(ackIds).toHaveLength(total);
    expect(new Set(ackIds).size).toBe(total);
    expect(new Set(ackIds)).toEqual(new Set(rows.map((d) => d.id)));
    // Per lead, the acknowledged events arrived in the order they happened.
    for (const leadId of leadIds) {
      const expected = rows.filter((d) => d.leadId === leadId).map((d) => d.id);
      const arrived = acknowledged
        .filter((r) => (JSON.parse(r.body) as { data: { lead: { id: string } } }).data.lead.id === leadId)
        .map((r) => String(r.headers["leadworks-event-id"]));
      expect(arrived).toEqual(expected);
    }
    const firstLead = acknowledged
      .filter((r) => (JSON.parse(r.body) as { data: { lead: { id: string } } }).data.lead.id === leadIds[0])
      .map((r) => JSON.parse(r.body) as { type: string; data: { lead: { leadStatus: string } } });
    expect(firstLead.map((e) => `${e.type}:${e.data.lead.leadStatus}`)).toEqual([
      "lead.assigned:new",
      "lead.updated:contacted",
      "lead.updated:qualified",
      "lead.unassigned:qualified",
    ]);

    // The log shows each delivery with its attempts; resend sends one again, once.
    const log = await listWebhookDeliveries(clientA, ids.clientA);
    expect(log.entries).toHaveLength(total);
    expect(log.entries[0]).toMatchObject({
      eventType: "lead.unassigned",
      status: "delivered",
      lastStatusCode: 200,
    });
    expect(log.entries.find((e) => e.attempts >= 3)).toBeDefined();
    receiver.respond = () => 200;
    const before = receiver.received.length;
    expect(await resendWebhookDelivery(clientA, ids.clientA, log.entries[0]!.id)).toBe("resent");
    expect(await deliver(db())).toBe(1);
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers["leadworks-event-id"]).toBe(log.entries[0]!.id);
  });

  it("gives up after 24 hours of retries and records a redirect as a failure without following it", async () => {
    receiver.respond = () => 302;
    await newLead(ids.clientA);
    expect(await deliver(db())).toBe(1);
    let [row] = await db().select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: "pending", lastStatusCode: 302, attempts: 1 });
    expect(receiver.received.map((r) => r.path)).toEqual(["/hooks/leadworks"]);
    // The 24 hours are over: the next failure is the last.
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(), giveUpAt: new Date(Date.now() + 1_000) });
    await deliver(db());
    [row] = await db().select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
    const log = await listWebhookDeliveries(admin, ids.clientA);
    expect(log.entries[0]).toMatchObject({ status: "failed", nextAttemptAt: null, lastStatusCode: 302 });
  });

  it("gives up on a receiver that does not answer within the timeout", async () => {
    receiver.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 2_000));
    const started = Date.now();
    const outcome = await postJson(
      receiver.url,
      "{}",
      {},
      { allowPrivate: true, timeouts: { firstByteMs: 300 } },
    );
    expect(outcome).toEqual({ statusCode: null, error: "No answer within 0.3 s" });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("refuses loopback, private, link-local and mapped addresses, also behind a host name", async () => {
    const https = receiver.url.replace("http://127.0.0.1", "https://127.0.0.1");
    const guarded = (url: string) => postJson(url, "{}", {}, { allowPrivate: false });
    for (const host of [
      "127.0.0.1",
      "127.1",
      "2130706433",
      "0x7f000001",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "[fe80::1]",
      "[fd00::1]",
      "0.0.0.0",
      "localhost",
    ]) {
      const outcome = await guarded(https.replace("127.0.0.1", host));
      expect(outcome.statusCode, host).toBeNull();
      // The log says no more than that; the server's log has the address.
      expect(outcome.error, host).toBe(ADDRESS_NOT_ALLOWED);
      expect(outcome.refused?.address, host).toBeTruthy();
    }
    // Plain http is refused as well without the setting.
    expect((await guarded(receiver.url)).error).toBe("Only https:// URLs are delivered");

    // Through the worker: a webhook on localhost (which resolves to 127.0.0.1) never reaches the receiver.
    await db()
      .update(webhookEndpoints)
      .set({ url: `https://localhost:${receiver.port}/hooks/leadworks` });
    await newLead(ids.clientA);
    expect(await deliver(db(), false)).toBe(1);
    const [row] = await db().select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(row!.lastError).toBe(ADDRESS_NOT_ALLOWED);
    expect(receiver.received).toHaveLength(0);
  });

  it("enqueues one event per lead in a bulk assign, none for clients without a webhook", async () => {
    const count = 2_000;
    await db()
      .insert(leads)
      .values(
        Array.from({ length: count }, (_, i) => ({
          firstName: "Bulk",
          lastName: `Seller${i}`,
          phone: `+1303${String(5_000_000 + i)}`,
          address: `${i} Main St`,
          city: "Denver",
          state: "CO",
          zipCode: "80202",
        })),
      );
    const all = await db().select({ id: leads.id }).from(leads);
    // In ticked pages of 500, as the list sends them.
    for (let i = 0; i < all.length; i += 500) {
      await bulkLeadAction(
        admin,
        { ids: all.slice(i, i + 500).map((l) => l.id) },
        { kind: "assign", clientId: ids.clientA },
      );
    }
    const assigned = await db()
      .select({ n: sql<number>`count(*)::int`, leads: sql<number>`count(distinct lead_id)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, "lead.assigned"));
    expect(assigned[0]).toEqual({ n: count, leads: count });
    // Moved to B, who has no webhook: A hears lead.unassigned for each, nobody hears lead.assigned.
    for (let i = 0; i < all.length; i += 500) {
      await bulkLeadAction(
        admin,
        { ids: all.slice(i, i + 500).map((l) => l.id) },
        { kind: "assign", clientId: ids.clientB },
      );
    }
    expect(await db().$count(webhookDeliveries, eq(webhookDeliveries.eventType, "lead.unassigned"))).toBe(
      count,
    );
    expect(await db().$count(webhookDeliveries)).toBe(2 * count);
    // Status for leads A no longer holds: nothing more.
    await bulkLeadAction(
      admin,
      { ids: all.slice(0, 100).map((l) => l.id) },
      { kind: "status", status: "dead" },
    );
    expect(await db().$count(webhookDeliveries)).toBe(2 * count);
  });

  it("sends lead.assigned for each lead an import gives the client, after the import's batches commit", async () => {
    const rows = Array.from(
      { length: 1_200 },
      (_, i) => `Imported,Seller${i},(720) 555-${String(i).padStart(4, "0")},${i} Import Way,Denver,CO,80202`,
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
    expect(await startImport(admin, id, { ...settings, assignToClientId: ids.clientA })).toBe(true);
    for (let job = await claimJob(db(), "w"); job; job = await claimJob(db(), "w"))
      await runJob(db(), job, "w");
    const events = await db()
      .select({ n: sql<number>`count(*)::int`, leads: sql<number>`count(distinct lead_id)::int` })
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.clientId, ids.clientA), eq(webhookDeliveries.eventType, "lead.assigned")),
      );
    expect(events[0]).toEqual({ n: 1_200, leads: 1_200 });
  });

  it("writes events only with the change: a refused assignment leaves no event", async () => {
    const { id } = await newLead(null);
    await expect(assignLead(admin, id, ids.plain)).rejects.toThrow(InvalidClientError);
    expect(await db().$count(webhookDeliveries)).toBe(0);
    await assignLead(admin, id, ids.clientA);
    await assignLead(admin, id, ids.clientA); // unchanged: no event
    expect(await db().$count(webhookDeliveries)).toBe(1);
  });

  it("lets admins manage every client's webhook and a client only their own (404 for another's)", async () => {
    await saveWebhookUrl(admin, ids.clientB, "https://crm.example.com/b");
    const { id } = await newLead(ids.clientB);
    const [bDelivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.clientId, ids.clientB), eq(webhookDeliveries.leadId, id)));

    expect((await getWebhookSettings(clientA, ids.clientA)).endpoint?.url).toBe(receiver.url);
    const refusals: [string, () => Promise<unknown>][] = [
      ["settings", () => getWebhookSettings(clientA, ids.clientB)],
      ["log", () => listWebhookDeliveries(clientA, ids.clientB)],
      ["save", () => saveWebhookUrl(clientA, ids.clientB, "https://evil.example.com/")],
      ["rotate", () => rotateWebhookSecret(clientA, ids.clientB)],
      ["reveal", () => revealWebhookSecret(clientA, ids.clientB)],
      ["remove", () => removeWebhook(clientA, ids.clientB)],
      ["resend", () => resendWebhookDelivery(clientA, ids.clientB, bDelivery!.id)],
      ["not a client", () => getWebhookSettings(admin, ids.plain)],
      ["no one", () => getWebhookSettings(admin, "nobody")],
    ];
    for (const [what, run] of refusals) {
      await expect(run(), what).rejects.toMatchObject({ name: "NotAllowedError", status: 404 });
    }
    // Their own path with another's delivery id: not found either.
    expect(await resendWebhookDelivery(clientA, ids.clientA, bDelivery!.id)).toBe("not-found");
    await expect(listClientWebhooks(clientA)).rejects.toBeInstanceOf(NotAllowedError);
    // B's webhook is untouched.
    expect((await getWebhookSettings(clientB, ids.clientB)).endpoint?.url).toBe("https://crm.example.com/b");
    expect(await revealWebhookSecret(clientB, ids.clientB)).toMatch(/^whsec_/);

    const overview = await listClientWebhooks(admin);
    expect(overview.map((c) => c.clientId)).toEqual(expect.arrayContaining([ids.clientA, ids.clientB]));
    expect(overview.find((c) => c.clientId === ids.clientB)).toMatchObject({
      url: "https://crm.example.com/b",
      pending: 1,
    });
    expect(await removeWebhook(clientB, ids.clientB)).toBe(true);
    expect(await db().$count(webhookDeliveries, eq(webhookDeliveries.clientId, ids.clientB))).toBe(0);
  });
});
