/**
 * Webhook delivery is fair between clients (issue 23), on both databases: an endpoint that accepts the
 * connection and never answers holds only its cap of delivery slots, across two workers (two servers),
 * while other clients' events arrive promptly; the connect, first-byte and whole-exchange time limits;
 * an endpoint failing for hours is paused, its owner and the admins e-mailed in the same transaction, its
 * events held until it is resumed; a refused address is generic in the delivery log and precise in the
 * server log.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  leads,
  mailOutbox,
  profiles,
  user,
  userRoles,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import {
  getWebhookSettings,
  listWebhookDeliveries,
  resendWebhookDelivery,
  resumeWebhook,
  saveWebhookUrl,
} from "~/features/webhooks/webhooks.server";
import { captureLog } from "~/lib/log.server";
import { permissionsOf } from "~/lib/permissions";
import { deliverDueWebhooks, startWebhookWorker } from "~/lib/webhooks/delivery.server";
import { PAUSE_AFTER_MS, PAUSE_MIN_FAILURES } from "~/lib/webhooks/endpoint-health.server";
import { enqueueLeadEvents } from "~/lib/webhooks/outbox.server";
import { publicLeadSql } from "~/features/leads/public-lead.server";
import { ADDRESS_NOT_ALLOWED, postJson } from "~/lib/webhooks/post-json.server";
import { testDatabases } from "../support/databases";
import { stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import {
  startSilentEndpoint,
  startWebhookReceiver,
  type SilentEndpoint,
  type WebhookReceiver,
} from "../support/webhook-receiver";

stubAuthEnv({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });

const admin = { id: "wf-admin", permissions: permissionsOf(["admin"]) };
const HEALTHY = ["wf-h1", "wf-h2", "wf-h3", "wf-h4", "wf-h5"];
const BAD = "wf-bad";
const FLAKY = "wf-flaky";
const asClient = (id: string) => ({ id, permissions: permissionsOf(["client"], "owner") });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(testDatabases)("fair webhook delivery on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  let receiver: WebhookReceiver;
  let silent: SilentEndpoint;
  let leadNo = 0;

  /** `count` leads held by `clientId` and one lead.assigned event each; returns the leads' ids. */
  async function eventsFor(clientId: string, count: number): Promise<string[]> {
    const rows = await db()
      .insert(leads)
      .values(
        Array.from({ length: count }, () => {
          const n = ++leadNo;
          return {
            firstName: "Fair",
            lastName: `Seller${n}`,
            phone: `+1303${String(5_000_000 + n)}`,
            address: `${n} Main St`,
            city: "Denver",
            state: "CO",
            zipCode: "80202",
            assignedToClientId: clientId,
          };
        }),
      )
      .returning({ id: leads.id });
    const ids = rows.map((row) => row.id);
    await enqueueLeadEvents(
      db(),
      ids.map((leadId) => ({ type: "lead.assigned" as const, leadId, clientId })),
      publicLeadSql("l", "client"),
    );
    return ids;
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    silent = await startSilentEndpoint();
    const people = [admin.id, BAD, FLAKY, ...HEALTHY];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails and texts.
      .values(people.map((id) => ({ id, email: `${id}@wf.test`, name: id, firstSignedInAt: new Date() })));
    await db()
      .insert(profiles)
      .values(people.map((id) => ({ userId: id, email: `${id}@wf.test`, companyName: `${id} Co` })));
    await db()
      .insert(userRoles)
      .values(
        people.map((id) => ({
          userId: id,
          role: id === admin.id ? ("admin" as const) : ("client" as const),
        })),
      );
  });
  afterAll(async () => {
    await receiver.stop();
    await silent.stop();
  });
  beforeEach(async () => {
    await db().delete(webhookEndpoints);
    await db().delete(leads);
    await db().delete(mailOutbox);
    receiver.received.length = 0;
    receiver.respond = () => 200;
    await saveWebhookUrl(admin, BAD, silent.url);
    await saveWebhookUrl(admin, FLAKY, `${receiver.url}/${FLAKY}`);
    for (const id of HEALTHY) await saveWebhookUrl(admin, id, `${receiver.url}/${id}`);
  });

  it("lets a never-answering endpoint hold only its cap while the other clients' events arrive promptly", async () => {
    const cap = 2;
    // Long enough that, on a loaded machine too, the healthy events are all in before the first silent
    // attempt gives up: what is checked is the order (nobody waited for the silent endpoint), not a time.
    const firstByteMs = 8_000;
    await eventsFor(BAD, 30);
    // Two servers' workers on one database, 4 slots each.
    const workers = [1, 2].map(() =>
      startWebhookWorker({
        db: db(),
        allowPrivate: true,
        slots: 4,
        perClientCap: cap,
        intervalMs: 200,
        timeouts: { firstByteMs },
      }),
    );
    try {
      await waitFor("the silent endpoint to hold its cap", () => silent.open() === cap);
      // The healthy clients' events come in while the silent endpoint holds its slots.
      const sentAt = new Map<string, number>();
      for (let round = 0; round < 3; round++) {
        for (const clientId of HEALTHY) {
          const [leadId] = await eventsFor(clientId, 1);
          sentAt.set(leadId!, Date.now());
        }
        const claimedBad = await db().$count(
          webhookDeliveries,
          and(
            eq(webhookDeliveries.clientId, BAD),
            sql`${webhookDeliveries.claimToken} is not null`,
            eq(webhookDeliveries.status, "pending"),
          ),
        );
        expect(claimedBad).toBeLessThanOrEqual(cap);
        expect(silent.open()).toBeLessThanOrEqual(cap);
        await sleep(300);
      }
      await waitFor("every healthy event", () => receiver.received.length === sentAt.size);
      // Every healthy event arrived while the silent endpoint still held its first attempts: none of them
      // has ended yet, so no healthy delivery waited for one.
      const silentAttemptsEnded = await db().$count(
        webhookDeliveries,
        and(eq(webhookDeliveries.clientId, BAD), sql`${webhookDeliveries.attempts} > 0`),
      );
      expect(silentAttemptsEnded).toBe(0);
      expect(silent.open()).toBe(cap);
      expect(new Set(receiver.received.map((r) => r.path))).toEqual(
        new Set(HEALTHY.map((id) => `/hooks/leadworks/${id}`)),
      );
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const healthy = await db()
      .select({ status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.clientId} <> ${BAD}`)
      .groupBy(webhookDeliveries.status);
    expect(healthy).toEqual([{ status: "delivered", n: 15 }]);
    // The silent endpoint's attempts ended by the first-byte timeout, each recorded for a retry.
    const [tried] = await db()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.clientId, BAD), eq(webhookDeliveries.attempts, 1)))
      .limit(1);
    expect(tried).toMatchObject({
      status: "pending",
      lastStatusCode: null,
      lastError: "No answer within 8 s",
    });
  });

  it("gives up connecting, waiting for the headers and on the whole exchange at their own limits", async () => {
    const timed = async (url: string, timeouts: Parameters<typeof postJson>[3]["timeouts"]) => {
      const started = Date.now();
      const outcome = await postJson(url, "{}", {}, { allowPrivate: true, timeouts });
      return { ...outcome, ms: Date.now() - started };
    };
    // TLS to an endpoint that never answers: the handshake never ends.
    const tls = await timed(`https://127.0.0.1:${silent.port}/`, { connectMs: 300, firstByteMs: 5_000 });
    expect(tls).toMatchObject({ statusCode: null, error: "Could not connect within 0.3 s" });
    expect(tls.ms).toBeLessThan(2_000);
    // Connected, never answered.
    const mute = await timed(silent.url, { connectMs: 5_000, firstByteMs: 300 });
    expect(mute).toMatchObject({ statusCode: null, error: "No answer within 0.3 s" });
    expect(mute.ms).toBeLessThan(2_000);
    // Headers at once, then a body that never ends.
    const trickle = http.createServer((_req, res) => {
      res.writeHead(200);
      res.write("x");
    });
    await new Promise<void>((resolve) => trickle.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = trickle.address() as AddressInfo;
      const slow = await timed(`http://127.0.0.1:${port}/`, { firstByteMs: 300, totalMs: 600 });
      expect(slow).toMatchObject({ error: "The exchange took longer than 0.6 s" });
      expect(slow.ms).toBeLessThan(2_000);
    } finally {
      trickle.closeAllConnections();
      await new Promise((resolve) => trickle.close(resolve));
    }
  });

  it("pauses an endpoint after hours of failures, e-mails its owner once, holds its events and resumes them", async () => {
    // The silent endpoint's events of the test above are not this test's: on a loaded machine their
    // claims' leases run out meanwhile and they would take this test's passes.
    await db().delete(webhookDeliveries).where(eq(webhookDeliveries.clientId, BAD));
    receiver.respond = ({ path }) => (path.endsWith(FLAKY) ? 500 : 200);
    const endpointOf = async () =>
      (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.clientId, FLAKY)))[0]!;
    const dueNow = () =>
      db()
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(and(eq(webhookDeliveries.clientId, FLAKY), eq(webhookDeliveries.status, "pending")));
    const [first] = await eventsFor(FLAKY, 1);
    expect(await deliverDueWebhooks(db(), { allowPrivate: true })).toBe(1);
    expect(await endpointOf()).toMatchObject({ consecutiveFailures: 1, pausedAt: null });
    expect((await endpointOf()).failingSince).not.toBeNull();

    // Many failures within the last hour: an outage, not yet a pause.
    await db()
      .update(webhookEndpoints)
      .set({ consecutiveFailures: 40, failingSince: new Date(Date.now() - 3_600_000) })
      .where(eq(webhookEndpoints.clientId, FLAKY));
    await dueNow();
    await deliverDueWebhooks(db(), { allowPrivate: true });
    expect(await endpointOf()).toMatchObject({ consecutiveFailures: 41, pausedAt: null });

    // Failing for longer than PAUSE_AFTER_MS, one failure short of the minimum: still not paused.
    const longAgo = new Date(Date.now() - PAUSE_AFTER_MS - 60_000);
    await db()
      .update(webhookEndpoints)
      .set({ consecutiveFailures: PAUSE_MIN_FAILURES - 2, failingSince: longAgo })
      .where(eq(webhookEndpoints.clientId, FLAKY));
    await dueNow();
    await deliverDueWebhooks(db(), { allowPrivate: true });
    expect((await endpointOf()).pausedAt).toBeNull();
    expect(await db().$count(mailOutbox)).toBe(0);
    // The next failure reaches it: paused, told by e-mail and in the audit log.
    await dueNow();
    await deliverDueWebhooks(db(), { allowPrivate: true });
    const paused = await endpointOf();
    expect(paused.pausedAt).not.toBeNull();
    expect(paused.consecutiveFailures).toBe(PAUSE_MIN_FAILURES);
    // The owner's notice, and the admin's (tests/integration/staff-notices.test.ts reads it).
    const mails = await db().select().from(mailOutbox);
    expect(mails.map((mail) => [mail.toAddress, mail.subject]).sort()).toEqual([
      [`${admin.id}@wf.test`, `Webhook paused: ${FLAKY} Co`],
      [`${FLAKY}@wf.test`, "Your Leadworks webhook is paused"],
    ]);
    const owners = mails.find((mail) => mail.toAddress === `${FLAKY}@wf.test`)!;
    expect(owners.textBody).toContain(`${receiver.url}/${FLAKY}`);
    expect(owners.textBody).toContain("Resume deliveries");
    expect(owners.textBody).toContain("http://leadworks.test/client/settings");
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "webhook.paused"));
    expect(audits.map((a) => a.targetUserId)).toEqual([FLAKY]);
    // Their settings page says so.
    const settings = await getWebhookSettings(asClient(FLAKY), FLAKY);
    expect(settings.endpoint?.pausedAt).toEqual(paused.pausedAt);

    // Paused: new events are kept, nothing is attempted, a resend is refused, no more e-mail.
    await eventsFor(FLAKY, 2);
    await dueNow();
    const before = receiver.received.length;
    expect(await deliverDueWebhooks(db(), { allowPrivate: true })).toBe(0);
    expect(receiver.received.length).toBe(before);
    expect(
      await resendWebhookDelivery(
        asClient(FLAKY),
        FLAKY,
        (await listWebhookDeliveries(asClient(FLAKY), FLAKY)).entries[0]!.id,
      ),
    ).toBe("paused");
    // Other clients are delivered meanwhile.
    await eventsFor(HEALTHY[0]!, 1);
    // Due a moment ago: the database dates the event in microseconds, the claim's clock in milliseconds.
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(and(eq(webhookDeliveries.clientId, HEALTHY[0]!), eq(webhookDeliveries.status, "pending")));
    expect(await deliverDueWebhooks(db(), { allowPrivate: true })).toBe(1);
    expect(receiver.received.at(-1)?.path).toBe(`/hooks/leadworks/${HEALTHY[0]}`);

    // Fixed and resumed: the kept events go, with 24 hours of retries from now; the failures are forgotten.
    receiver.respond = () => 200;
    expect(await resumeWebhook(asClient(FLAKY), FLAKY)).toBe("resumed");
    expect(await resumeWebhook(asClient(FLAKY), FLAKY)).toBe("not-paused");
    expect(await endpointOf()).toMatchObject({ pausedAt: null, consecutiveFailures: 0, failingSince: null });
    const held = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.clientId, FLAKY));
    expect(held.every((d) => d.giveUpAt.getTime() > Date.now() + 23 * 3_600_000)).toBe(true);
    while ((await deliverDueWebhooks(db(), { allowPrivate: true })) > 0);
    const flaky = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.clientId, FLAKY));
    expect(flaky.map((d) => d.status)).toEqual(["delivered", "delivered", "delivered"]);
    // Four failures before the pause, the fifth attempt after the resume.
    expect(flaky.find((d) => d.leadId === first)?.attempts).toBe(5);
    expect(await db().$count(mailOutbox)).toBe(2);

    // Saving the URL resumes a paused webhook too.
    await db()
      .update(webhookEndpoints)
      .set({ pausedAt: new Date() })
      .where(eq(webhookEndpoints.clientId, FLAKY));
    await saveWebhookUrl(asClient(FLAKY), FLAKY, `${receiver.url}/${FLAKY}/v2`);
    expect((await endpointOf()).pausedAt).toBeNull();
  });

  it("takes an event written earlier in the same millisecond as the claim", async () => {
    // A Date holds whole milliseconds, the database's clock microseconds: the event's time lies half a
    // millisecond into the claim's millisecond, as when a fast machine enqueues and claims within one.
    await eventsFor(FLAKY, 1);
    const now = new Date();
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`${now.toISOString()}::timestamptz + interval '500 microseconds'` })
      .where(eq(webhookDeliveries.clientId, FLAKY));
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      expect(await deliverDueWebhooks(db(), { allowPrivate: true })).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(receiver.received.map((r) => r.path)).toEqual([`/hooks/leadworks/${FLAKY}`]);
  });

  it("shows a refused address as not allowed in the client's log and keeps the address for the server log", async () => {
    await db()
      .update(webhookEndpoints)
      .set({ url: `https://localhost:${receiver.port}/hooks` })
      .where(eq(webhookEndpoints.clientId, HEALTHY[0]!));
    await eventsFor(HEALTHY[0]!, 1);
    const capture = captureLog();
    try {
      expect(await deliverDueWebhooks(db(), { allowPrivate: false })).toBe(1);
    } finally {
      capture.stop();
    }
    const log = await listWebhookDeliveries(asClient(HEALTHY[0]!), HEALTHY[0]!);
    expect(log.entries[0]).toMatchObject({ status: "pending", lastError: ADDRESS_NOT_ALLOWED });
    expect(JSON.stringify(log)).not.toMatch(/127\.0\.0\.1|::1|resolves/);
    const refused = capture
      .entries()
      .find((e) => e.msg === "[webhooks] refused a private, loopback or reserved address");
    expect(refused).toMatchObject({ clientId: HEALTHY[0], host: "localhost" });
    expect(String(refused?.address)).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(receiver.received).toHaveLength(0);
  });
});
