/**
 * The webhook worker (issue 14, ADR 023): a worker in every server claims due deliveries from the outbox
 * (lib/outbox: FOR UPDATE SKIP LOCKED and a lease), POSTs each as signed JSON, and records the answer.
 * - In order per lead: a delivery is due only when no earlier delivery of the same client and lead is
 *   still pending (being sent or waiting for a retry), so a later event waits for the earlier one.
 * - Exactly one acknowledged delivery per event: a claim carries a fresh token, and only the holder of
 *   the token records the outcome; the lease (60 s) outlasts the 10 s timeout, so a row is never in two
 *   workers' hands while its request may still be answered. Receivers dedupe by Leadworks-Event-Id
 *   should a server die between their 2xx and our record of it.
 * - 2xx is success; anything else (3xx included: redirects are not followed), a timeout or a refused
 *   address is retried with exponential backoff (10 s doubling to 1 h) until 24 hours after the event.
 */
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { claimDue, startOutboxWorker, type OutboxWorker } from "~/lib/outbox/outbox.server";
import { notify } from "~/lib/realtime.server";
import { unseal } from "~/lib/sealing.server";
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress } from "./address-guard.server";
import { subscribeToLeadEvents } from "./outbox.server";
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from "./signature";

export const WEBHOOKS_CHANNEL = "webhooks";
export const WEBHOOK_SECRET_PURPOSE = "webhook-secret";
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claimed delivery stays with its worker this long: well past the request's timeout. */
const LEASE_MS = 60_000;
/** 10 s, 20 s, 40 s ... capped at one hour between attempts. */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface WebhookDeliveryOptions {
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: loopback and private addresses, and http://, are allowed. */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Deliveries claimed per pass (sent in parallel: they belong to different leads). */
  batch?: number;
}

type Delivery = typeof webhookDeliveries.$inferSelect;

/** The body a receiver gets: the event's id, type and time, and the lead as it was at the change. */
export const webhookBody = (delivery: Pick<Delivery, "id" | "eventType" | "createdAt" | "payload">) =>
  JSON.stringify({
    id: delivery.id,
    type: delivery.eventType,
    createdAt: delivery.createdAt.toISOString(),
    data: { lead: delivery.payload },
  });

/** The earliest pending delivery of its client and lead, due now. */
const dueNow = (now: Date) =>
  and(
    eq(webhookDeliveries.status, "pending"),
    lte(webhookDeliveries.nextAttemptAt, now),
    sql`not exists (select 1 from webhook_deliveries earlier
      where earlier.client_id = ${webhookDeliveries.clientId} and earlier.lead_id = ${webhookDeliveries.leadId}
        and earlier.status = 'pending' and earlier.seq < ${webhookDeliveries.seq})`,
  );

/** Delivers due webhooks once; returns how many it attempted. Safe to run from several processes. */
export async function deliverDueWebhooks(db: Database, options: WebhookDeliveryOptions): Promise<number> {
  const now = new Date();
  const claimToken = crypto.randomUUID();
  const claimed = await claimDue(db, webhookDeliveries, {
    id: webhookDeliveries.id,
    due: dueNow(now),
    // Walks the due index in time order; the "no earlier pending event" check keeps each lead in order.
    orderBy: [asc(webhookDeliveries.nextAttemptAt)],
    limit: options.batch ?? 20,
    lease: { nextAttemptAt: new Date(now.getTime() + LEASE_MS), claimToken },
  });
  if (claimed.length === 0) return 0;
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.clientId, [...new Set(claimed.map((d) => d.clientId))]));
  // One unsealing per endpoint and pass, not per delivery.
  const secrets = new Map(
    endpoints.map((e) => [
      e.clientId,
      { url: e.url, secret: unseal(e.sealedSecret, WEBHOOK_SECRET_PURPOSE) },
    ]),
  );
  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const endpoint = secrets.get(delivery.clientId);
      const at = new Date();
      const started = performance.now();
      let outcome: { statusCode: number | null; error: string | null };
      if (!endpoint?.secret) {
        outcome = { statusCode: null, error: "The signing secret cannot be read: generate a new one." };
      } else {
        const body = webhookBody(delivery);
        outcome = await postJson(
          endpoint.url,
          body,
          {
            "Content-Type": "application/json",
            "User-Agent": "Leadworks-Webhooks/1",
            [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, body),
            [EVENT_ID_HEADER]: delivery.id,
            [EVENT_TYPE_HEADER]: delivery.eventType,
          },
          options,
        );
      }
      return outcomeRow(delivery, outcome, at, Math.round(performance.now() - started));
    }),
  );
  await recordOutcomes(db, claimToken, outcomes);
  return claimed.length;
}

interface OutcomeRow {
  id: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextAt: string;
}

/** What one attempt leaves on its row: delivered on a 2xx; else a retry after the backoff, or failed. */
function outcomeRow(
  delivery: Delivery,
  outcome: { statusCode: number | null; error: string | null },
  at: Date,
  durationMs: number,
): OutcomeRow {
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
    status,
    attempts,
    at: at.toISOString(),
    statusCode: outcome.statusCode,
    durationMs,
    error: ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`).slice(0, 500),
    nextAt: (status === "pending" ? retryAt : at).toISOString(),
  };
}

/**
 * Records a pass's outcomes in one statement and one commit, only on rows still held by this claim (its
 * token): an outcome whose lease passed to another worker is dropped, so an event is never recorded as
 * acknowledged twice. The clients' open logs hear of it at commit.
 */
async function recordOutcomes(db: Database, claimToken: string, outcomes: OutcomeRow[]) {
  await db.transaction(async (tx) => {
    const recorded = await queryRows<{ clientId: string }>(
      tx,
      sql`update webhook_deliveries d set
          status = o.status::webhook_delivery_status, attempts = o.attempts, claim_token = null,
          last_attempt_at = o."at", last_status_code = o."statusCode", last_duration_ms = o."durationMs",
          last_error = o.error, delivered_at = case when o.status = 'delivered' then o."at" end,
          next_attempt_at = o."nextAt"
        from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as o(id uuid, status text,
          attempts int, "at" timestamptz, "statusCode" int, "durationMs" int, error text, "nextAt" timestamptz)
        where d.id = o.id and d.claim_token = ${claimToken}
        returning d.client_id as "clientId"`,
    );
    const clients = [...new Set(recorded.map((r) => r.clientId))];
    if (clients.length) await notify(tx, WEBHOOKS_CHANNEL, { clients });
  });
}

/**
 * POSTs `body` to `url` once: no redirects followed, `timeoutMs` for the whole exchange, and the address
 * guard on every address the host resolves to and on the socket actually connected.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: WebhookDeliveryOptions,
): Promise<{ statusCode: number | null; error: string | null }> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ statusCode: null, error: "The URL is not valid" });
    }
    const secure = target.protocol === "https:";
    if (!secure && !(options.allowPrivate && target.protocol === "http:")) {
      return resolve({ statusCode: null, error: "Only https:// URLs are delivered" });
    }
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host) && !options.allowPrivate && isForbiddenAddress(host)) {
      return resolve({ statusCode: null, error: new ForbiddenAddressError(host, host).message });
    }
    let settled = false;
    const finish = (result: { statusCode: number | null; error: string | null }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = (secure ? https : http).request(target, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`));
    }, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    request.on("socket", (socket) => {
      socket.once("connect", () => {
        const address = socket.remoteAddress ?? "";
        if (!options.allowPrivate && isForbiddenAddress(address)) {
          request.destroy(new ForbiddenAddressError(target.hostname, address));
        }
      });
    });
    request.on("response", (response) => {
      // The answer's body is not needed: read and drop at most what arrives before the timeout.
      response.resume();
      response.on("end", () => finish({ statusCode: response.statusCode ?? null, error: null }));
      response.on("error", (error) =>
        finish({ statusCode: response.statusCode ?? null, error: error.message }),
      );
    });
    request.on("error", (error) => finish({ statusCode: null, error: error.message }));
    request.end(body);
  });
}

/** Polls the webhook outbox every `intervalMs`, and at once when this process enqueues events. */
export function startWebhookWorker(
  options: WebhookDeliveryOptions & { db: Database; intervalMs?: number },
): OutboxWorker {
  return startOutboxWorker({
    name: "webhooks",
    pass: () => deliverDueWebhooks(options.db, options),
    intervalMs: options.intervalMs ?? 2_000,
    subscribe: subscribeToLeadEvents,
  });
}
