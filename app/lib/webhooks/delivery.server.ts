/**
 * The webhook worker (issue 14, ADR 023; fair between clients since issue 23, ADR 032): a pool of delivery
 * slots in every server (delivery-pool.server.ts) claims due deliveries, POSTs each as signed JSON
 * (post-json.server.ts), and records the answer.
 * - Fair: a client has at most `perClientCap` deliveries in flight across all servers, so an endpoint that
 *   never answers holds that many slots and the others go to other clients' due deliveries at once.
 * - In order per lead: a delivery is due only when no earlier delivery of the same client and lead is
 *   still pending (being sent or waiting for a retry), so a later event waits for the earlier one.
 * - Exactly one acknowledged delivery per event: a claim carries a fresh token, and only the holder of
 *   the token records the outcome; the lease (60 s) outlasts the 10 s exchange cap, so a row is never in
 *   two workers' hands while its request may still be answered. Receivers dedupe by Leadworks-Event-Id
 *   should a server die between their 2xx and our record of it.
 * - 2xx is success; anything else (3xx included: redirects are not followed), a timeout or a refused
 *   address is retried with exponential backoff (10 s doubling to 1 h) until 24 hours after the event.
 *   An endpoint failing for hours is paused (endpoint-health.server.ts): its deliveries are not claimed.
 */
import crypto from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { log } from "~/lib/log.server";
import { dueBefore, type OutboxWorker } from "~/lib/outbox/outbox.server";
import { notify } from "~/lib/realtime.server";
import { unseal } from "~/lib/sealing.server";
import { startSlotPool, type SlotPool } from "./delivery-pool.server";
import { recordEndpointHealth } from "./endpoint-health.server";
import { subscribeToLeadEvents } from "./outbox.server";
import { postJson, type PostOptions, type PostOutcome } from "./post-json.server";
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from "./signature";

export const WEBHOOKS_CHANNEL = "webhooks";
export const WEBHOOK_SECRET_PURPOSE = "webhook-secret";
/** A claimed delivery stays with its worker this long: well past the exchange cap (post-json). */
const LEASE_MS = 60_000;
/** Deliveries in flight at once in one process. */
export const WEBHOOK_SLOTS = 16;
/** Deliveries of one client in flight at once, all servers together. */
export const PER_CLIENT_CAP = 4;
/** 10 s, 20 s, 40 s ... capped at one hour between attempts. */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface WebhookDeliveryOptions extends PostOptions {
  /** Deliveries of one client in flight at once (PER_CLIENT_CAP). */
  perClientCap?: number;
}

type Delivery = typeof webhookDeliveries.$inferSelect;

/** A claimed delivery with what sending it needs: its endpoint's URL and secret (null: unreadable). */
interface ClaimedDelivery {
  delivery: Delivery;
  url: string;
  secret: string | null;
  claimToken: string;
}

/** The body a receiver gets: the event's id, type and time, and the lead as it was at the change. */
export const webhookBody = (delivery: Pick<Delivery, "id" | "eventType" | "createdAt" | "payload">) =>
  JSON.stringify({
    id: delivery.id,
    type: delivery.eventType,
    createdAt: delivery.createdAt.toISOString(),
    data: { lead: delivery.payload },
  });

/**
 * Claims at most `limit` due deliveries, at most `perClientCap` in flight per client (counting every
 * server's claims), none of a paused endpoint, oldest due first; leases them with one fresh token.
 * Claims run one at a time across servers (an advisory lock held for the claim's few milliseconds) so
 * each sees the others' claims and the cap holds exactly; the rows themselves are still taken `FOR UPDATE
 * SKIP LOCKED` and re-checked, so a row is never claimed twice.
 */
async function claimDeliveries(
  db: Database,
  limit: number,
  perClientCap: number,
): Promise<ClaimedDelivery[]> {
  const now = new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = sql`${dueBefore(now).toISOString()}::timestamptz`;
  const claimToken = crypto.randomUUID();
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('webhook-claims', 0))`);
    // Per open endpoint (lateral), its earliest due deliveries that are first of their lead, as many as
    // its cap leaves room for.
    const candidates = sql`select d.id from webhook_endpoints w
      cross join lateral (
        select d.id, d.next_attempt_at, d.seq from webhook_deliveries d
        where d.client_id = w.client_id and d.status = 'pending' and d.next_attempt_at < ${due}
          and not exists (select 1 from webhook_deliveries earlier
            where earlier.client_id = d.client_id and earlier.lead_id = d.lead_id
              and earlier.status = 'pending' and earlier.seq < d.seq)
        order by d.next_attempt_at, d.seq
        limit greatest(0, ${perClientCap} - (select count(*) from webhook_deliveries f
          where f.client_id = w.client_id and f.claim_token is not null and f.status = 'pending'
            and f.next_attempt_at > ${at}))
      ) d
      where w.paused_at is null
      order by d.next_attempt_at, d.seq
      limit ${limit}`;
    const rows = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), claimToken })
      .where(
        sql`${webhookDeliveries.id} in (select id from webhook_deliveries
          where id in (${candidates}) and status = 'pending' and next_attempt_at < ${due}
          for update skip locked)`,
      )
      .returning();
    if (rows.length === 0) return [];
    const endpoints = await tx
      .select({
        clientId: webhookEndpoints.clientId,
        url: webhookEndpoints.url,
        sealedSecret: webhookEndpoints.sealedSecret,
      })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.clientId, [...new Set(rows.map((row) => row.clientId))]));
    return rows.map((delivery) => ({
      delivery,
      endpoint: endpoints.find((e) => e.clientId === delivery.clientId)!,
    }));
  });
  // One unsealing per endpoint and claim, not per delivery.
  const secrets = new Map<string, string | null>();
  return claimed.map(({ delivery, endpoint }) => {
    if (!secrets.has(endpoint.clientId)) {
      secrets.set(endpoint.clientId, unseal(endpoint.sealedSecret, WEBHOOK_SECRET_PURPOSE));
    }
    return { delivery, url: endpoint.url, secret: secrets.get(endpoint.clientId)!, claimToken };
  });
}

/** What one attempt leaves on its row: delivered on a 2xx; else a retry after the backoff, or failed. */
interface OutcomeRow {
  id: string;
  clientId: string;
  claimToken: string;
  ok: boolean;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextAt: string;
}

function outcomeRow(
  claimed: ClaimedDelivery,
  outcome: PostOutcome,
  at: Date,
  durationMs: number,
): OutcomeRow {
  const { delivery } = claimed;
  const attempts = delivery.attempts + 1;
  const ok =
    outcome.error === null &&
    outcome.statusCode !== null &&
    outcome.statusCode >= 200 &&
    outcome.statusCode < 300;
  const retryAt = new Date(Date.now() + webhookRetryDelayMs(attempts));
  const status = ok ? "delivered" : retryAt > delivery.giveUpAt ? "failed" : "pending";
  return {
    id: delivery.id,
    clientId: delivery.clientId,
    claimToken: claimed.claimToken,
    ok,
    status,
    attempts,
    at: at.toISOString(),
    statusCode: outcome.statusCode,
    durationMs,
    error: ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`).slice(0, 500),
    nextAt: (status === "pending" ? retryAt : at).toISOString(),
  };
}

/** Sends one claimed delivery and says what to record. Never throws. */
async function attempt(claimed: ClaimedDelivery, options: PostOptions): Promise<OutcomeRow> {
  const { delivery } = claimed;
  const at = new Date();
  const started = performance.now();
  let outcome: PostOutcome;
  if (!claimed.secret) {
    outcome = { statusCode: null, error: "The signing secret cannot be read: generate a new one." };
  } else {
    const body = webhookBody(delivery);
    outcome = await postJson(
      claimed.url,
      body,
      {
        "Content-Type": "application/json",
        "User-Agent": "Leadworks-Webhooks/1",
        [SIGNATURE_HEADER]: signatureHeader(claimed.secret, body),
        [EVENT_ID_HEADER]: delivery.id,
        [EVENT_TYPE_HEADER]: delivery.eventType,
      },
      options,
    );
  }
  if (outcome.refused) {
    log.warn(
      { clientId: delivery.clientId, deliveryId: delivery.id, ...outcome.refused },
      "[webhooks] refused a private, loopback or reserved address",
    );
  }
  return outcomeRow(claimed, outcome, at, Math.round(performance.now() - started));
}

/**
 * Records outcomes in one statement and one commit, each only on a row still held by its claim (its
 * token): an outcome whose lease passed to another worker is dropped, so an event is never recorded as
 * acknowledged twice. The endpoints' runs of failures move on in the same transaction (and may pause
 * one); the clients' open logs hear of it at commit.
 */
async function recordOutcomes(db: Database, outcomes: readonly OutcomeRow[]) {
  await db.transaction(async (tx) => {
    const recorded = await queryRows<{ n: number }>(
      tx,
      sql`update webhook_deliveries d set
          status = o.status::webhook_delivery_status, attempts = o.attempts, claim_token = null,
          last_attempt_at = o."at", last_status_code = o."statusCode", last_duration_ms = o."durationMs",
          last_error = o.error, delivered_at = case when o.status = 'delivered' then o."at" end,
          next_attempt_at = o."nextAt"
        from jsonb_to_recordset(${JSON.stringify(outcomes.map((o, n) => ({ ...o, n })))}::jsonb) as o(
          n int, id uuid, "claimToken" text, status text, attempts int, "at" timestamptz, "statusCode" int,
          "durationMs" int, error text, "nextAt" timestamptz)
        where d.id = o.id and d.claim_token = o."claimToken"
        returning o.n`,
    );
    // In the order the attempts finished (the order of `outcomes`).
    const kept = recorded
      .map((r) => Number(r.n))
      .sort((a, b) => a - b)
      .map((n) => outcomes[n]!);
    await recordEndpointHealth(
      tx,
      kept.map((o) => ({ clientId: o.clientId, ok: o.ok, at: new Date(o.at) })),
    );
    const clients = [...new Set(kept.map((o) => o.clientId))];
    if (clients.length) await notify(tx, WEBHOOKS_CHANNEL, { clients });
  });
}

/**
 * Claims up to `batch` due deliveries (within the per-client cap), sends them in parallel and records the
 * outcomes together; returns how many it attempted. One round of what the worker does continuously:
 * tests and benchmarks drive delivery step by step with it. Safe to run from several processes.
 */
export async function deliverDueWebhooks(
  db: Database,
  options: WebhookDeliveryOptions & { batch?: number },
): Promise<number> {
  const claimed = await claimDeliveries(db, options.batch ?? 20, options.perClientCap ?? PER_CLIENT_CAP);
  if (claimed.length === 0) return 0;
  await recordOutcomes(db, await Promise.all(claimed.map((c) => attempt(c, options))));
  return claimed.length;
}

/**
 * Records outcomes as they come, grouped: while one commit runs, the outcomes finishing meanwhile wait and
 * go in the next one (a commit per delivery under load would cost more than the deliveries). Resolves
 * when the outcome is recorded, or the recording failed (logged; the lease then sends the event again).
 */
function outcomeRecorder(db: Database) {
  let queue: { outcome: OutcomeRow; done: () => void }[] = [];
  let writing = false;
  const write = () => {
    if (writing || queue.length === 0) return;
    writing = true;
    const batch = queue;
    queue = [];
    void recordOutcomes(
      db,
      batch.map((b) => b.outcome),
    )
      .catch((error: unknown) => log.warn({ error }, "[webhooks] recording outcomes failed"))
      .finally(() => {
        writing = false;
        for (const b of batch) b.done();
        write();
      });
  };
  return (outcome: OutcomeRow) =>
    new Promise<void>((done) => {
      queue.push({ outcome, done });
      write();
    });
}

/**
 * The webhook worker: `slots` deliveries at once in this process, each slot refilled with a due delivery
 * (of another client when this one is at its cap) as soon as it frees. Polls every `intervalMs` (retries
 * coming due, other servers' events) and wakes at once when this process enqueues events.
 */
export function startWebhookWorker(
  options: WebhookDeliveryOptions & { db: Database; intervalMs?: number; slots?: number },
): OutboxWorker & Pick<SlotPool, "busy"> {
  const record = outcomeRecorder(options.db);
  return startSlotPool<ClaimedDelivery>({
    name: "webhooks",
    slots: options.slots ?? WEBHOOK_SLOTS,
    claim: (free) => claimDeliveries(options.db, free, options.perClientCap ?? PER_CLIENT_CAP),
    run: async (claimed) => record(await attempt(claimed, options)),
    intervalMs: options.intervalMs ?? 2_000,
    subscribe: subscribeToLeadEvents,
  });
}
