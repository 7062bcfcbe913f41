/**
 * Delivery webhooks, as admins and clients manage them (issue 14): a client's URL and signing secret, the
 * delivery log and "resend". Every function takes the actor and asks `authorizeOwner` first: admins reach
 * every client's webhook, a client only their own; anyone else's is 404, as missing as an unknown client.
 * The outbox and the worker live in lib/webhooks (the lead changes write to it).
 */
import net from "node:net";
import { and, asc, desc, eq, isNull, lt, max, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import type { WebhookDeliveryStatus, WebhookEventType } from "~/db/enums";
import { profiles, userRoles, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { audit } from "~/lib/audit.server";
import { findClientAccount, isCompanyAccount } from "~/lib/client-accounts.server";
import { isUuid } from "~/lib/data-guards";
import { env } from "~/lib/env.server";
import { authorize, authorizeOwner, NotAllowedError, type ActorRef } from "~/lib/permissions";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { notify } from "~/lib/realtime.server";
import { seal, unseal } from "~/lib/sealing.server";
import { isForbiddenAddress } from "~/lib/webhooks/address-guard.server";
import { resumeEndpoint } from "~/lib/webhooks/endpoint-health.server";
import { WEBHOOK_SECRET_PURPOSE, WEBHOOKS_CHANNEL } from "~/lib/webhooks/delivery.server";
import { wakeWebhookWorker } from "~/lib/webhooks/outbox.server";
import { newWebhookSecret } from "~/lib/webhooks/signature";
import { webhookMessages } from "./webhooks.schema";

const webhookPermissions = { any: "webhook:manage:any", own: "webhook:manage:own" } as const;

/** Deliveries per page of the log. */
export const DELIVERY_LOG_PAGE = 50;

/** A URL the form accepted but the server will not deliver to: its message goes under the field. */
export class WebhookUrlError extends Error {}

const notFound = () => new NotAllowedError("Not found", 404, "webhook:manage:own");

/** The actor may manage `clientId`'s webhook, and `clientId` is a client account; 404 otherwise. */
async function authorizeClient(actor: ActorRef, clientId: string) {
  authorizeOwner(actor, webhookPermissions, clientId);
  const db = await getDb();
  const client = await findClientAccount(db, clientId);
  if (!client) throw notFound();
  return { db, client };
}

/**
 * The client, their webhook (URL and dates; never the secret) and how it stands: paused, or failing since
 * when and how many attempts in a row.
 */
export async function getWebhookSettings(actor: ActorRef, clientId: string) {
  const { db, client } = await authorizeClient(actor, clientId);
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      createdAt: webhookEndpoints.createdAt,
      updatedAt: webhookEndpoints.updatedAt,
      pausedAt: webhookEndpoints.pausedAt,
      failingSince: webhookEndpoints.failingSince,
      consecutiveFailures: webhookEndpoints.consecutiveFailures,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.clientId, clientId));
  return { client, endpoint: endpoint ?? null };
}

/** Checks what the schema cannot: https (unless private addresses are allowed) and a public host. */
function checkDeliverable(url: string) {
  const allowPrivate = env().WEBHOOK_ALLOW_PRIVATE_ADDRESSES;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && !allowPrivate) throw new WebhookUrlError(webhookMessages.https);
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const local =
    host === "localhost" || host.endsWith(".localhost") || (net.isIP(host) > 0 && isForbiddenAddress(host));
  if (local && !allowPrivate) throw new WebhookUrlError(webhookMessages.privateHost);
}
/**
 * Sets the client's webhook URL. A new webhook gets its signing secret, returned here to be shown; an
 * existing one keeps its secret (null), and is resumed if it was paused.
 */
export async function saveWebhookUrl(
  actor: ActorRef,
  clientId: string,
  url: string,
): Promise<{ secret: string | null }> {
  const { db } = await authorizeClient(actor, clientId);
  checkDeliverable(url);
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, clientId))
      .for("update");
    if (existing) {
      await tx
        .update(webhookEndpoints)
        .set({ url, updatedBy: actor.id, updatedAt: new Date() })
        .where(eq(webhookEndpoints.clientId, clientId));
      const resumed = await resumeEndpoint(tx, clientId);
      await audit(tx, actor.id, clientId, "webhook.url_changed", { from: existing.url, to: url, resumed });
      if (resumed) await notify(tx, WEBHOOKS_CHANNEL, { clients: [clientId] });
      return { secret: null, resumed };
    }
    const secret = newWebhookSecret();
    await tx.insert(webhookEndpoints).values({
      clientId,
      url,
      sealedSecret: seal(secret, WEBHOOK_SECRET_PURPOSE),
      updatedBy: actor.id,
    });
    await audit(tx, actor.id, clientId, "webhook.created", { url });
    return { secret, resumed: false };
  });
  if (saved.resumed) wakeWebhookWorker();
  return { secret: saved.secret };
}

/**
 * Resumes a paused webhook: its held events are sent from now, in order, with 24 hours of retries.
 * "not-paused" when it was not paused, "no-webhook" when there is none.
 */
export async function resumeWebhook(
  actor: ActorRef,
  clientId: string,
): Promise<"resumed" | "not-paused" | "no-webhook"> {
  const { db } = await authorizeClient(actor, clientId);
  const result = await db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, clientId))
      .for("update");
    if (!endpoint) return "no-webhook" as const;
    if (!(await resumeEndpoint(tx, clientId))) return "not-paused" as const;
    await audit(tx, actor.id, clientId, "webhook.resumed", { url: endpoint.url });
    await notify(tx, WEBHOOKS_CHANNEL, { clients: [clientId] });
    return "resumed" as const;
  });
  if (result === "resumed") wakeWebhookWorker();
  return result;
}

/** A new signing secret (the old one stops working at once); null when there is no webhook. */
export async function rotateWebhookSecret(actor: ActorRef, clientId: string): Promise<string | null> {
  const { db } = await authorizeClient(actor, clientId);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookEndpoints)
      .set({ sealedSecret: seal(secret, WEBHOOK_SECRET_PURPOSE), updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(webhookEndpoints.clientId, clientId))
      .returning({ clientId: webhookEndpoints.clientId });
    if (!updated.length) return null;
    await audit(tx, actor.id, clientId, "webhook.secret_rotated");
    return secret;
  });
}

/** The signing secret, unsealed for its owner or an admin; null when there is none (or it is unreadable). */
export async function revealWebhookSecret(actor: ActorRef, clientId: string): Promise<string | null> {
  const { db } = await authorizeClient(actor, clientId);
  const [row] = await db
    .select({ sealed: webhookEndpoints.sealedSecret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.clientId, clientId));
  if (!row) return null;
  await audit(db, actor.id, clientId, "webhook.secret_revealed");
  return unseal(row.sealed, WEBHOOK_SECRET_PURPOSE);
}

/** Removes the webhook, its pending deliveries and its log; false when there was none. */
export async function removeWebhook(actor: ActorRef, clientId: string): Promise<boolean> {
  const { db } = await authorizeClient(actor, clientId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, clientId))
      .returning({ url: webhookEndpoints.url });
    if (!removed.length) return false;
    await audit(tx, actor.id, clientId, "webhook.removed", { url: removed[0]!.url });
    return true;
  });
}

export interface DeliveryLogEntry {
  id: string;
  seq: number;
  eventType: WebhookEventType;
  leadId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/** The client's deliveries, newest first, a page at a time (`before`: the last seq of the page before). */
export async function listWebhookDeliveries(
  actor: ActorRef,
  clientId: string,
  options: { before?: number } = {},
): Promise<{ entries: DeliveryLogEntry[]; olderBefore: number | null }> {
  const { db } = await authorizeClient(actor, clientId);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      seq: webhookDeliveries.seq,
      eventType: webhookDeliveries.eventType,
      leadId: webhookDeliveries.leadId,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastDurationMs: webhookDeliveries.lastDurationMs,
      lastError: webhookDeliveries.lastError,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.clientId, clientId),
        options.before ? lt(webhookDeliveries.seq, options.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(DELIVERY_LOG_PAGE + 1);
  const entries = rows.slice(0, DELIVERY_LOG_PAGE).map((row) => ({
    ...row,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt : null,
  }));
  return {
    entries,
    olderBefore: rows.length > DELIVERY_LOG_PAGE ? entries[entries.length - 1]!.seq : null,
  };
}

/**
 * Resends of one client's deliveries, by them or an admin: enough to resend by hand what failed during an
 * outage, not enough to flood the delivery slots (issue 23).
 */
export const RESEND_LIMIT = { max: 20, windowMs: 10 * 60_000 };

export type ResendResult = "resent" | "not-found" | "paused" | "rate-limited";

/**
 * Sends a delivery again (the same event id, the lead as it was then), now and with a fresh 24 hours of
 * retries. A delivery being sent at this moment is left alone ("not-found", as for another client's); a
 * paused webhook sends nothing until resumed ("paused"); past RESEND_LIMIT, "rate-limited". Every try
 * counts toward the limit, one naming no delivery of theirs too.
 */
export async function resendWebhookDelivery(
  actor: ActorRef,
  clientId: string,
  deliveryId: string,
): Promise<ResendResult> {
  const { db } = await authorizeClient(actor, clientId);
  if (!isUuid(deliveryId)) return "not-found";
  const result = await db.transaction(async (tx): Promise<ResendResult> => {
    const [endpoint] = await tx
      .select({ pausedAt: webhookEndpoints.pausedAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, clientId));
    if (!endpoint) return "not-found";
    if (endpoint.pausedAt) return "paused";
    if (!(await consumeRateLimit(tx, { bucket: `webhook-resend:${clientId}`, ...RESEND_LIMIT }))) {
      return "rate-limited";
    }
    const rows = await tx
      .update(webhookDeliveries)
      .set({
        status: "pending",
        nextAttemptAt: new Date(),
        giveUpAt: sql`now() + interval '24 hours'`,
        deliveredAt: null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.clientId, clientId),
          isNull(webhookDeliveries.claimToken),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!rows.length) return "not-found";
    await notify(tx, WEBHOOKS_CHANNEL, { clients: [clientId] });
    return "resent";
  });
  if (result === "resent") wakeWebhookWorker();
  return result;
}

/** Every client with their webhook, if any, and how its deliveries stand: the admin's overview. */
export async function listClientWebhooks(actor: ActorRef) {
  authorize(actor, "webhook:manage:any");
  const db = await getDb();
  const stats = db
    .select({
      clientId: webhookDeliveries.clientId,
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')::int`.as(
        "pending",
      ),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')::int`.as("failed"),
      lastAt: max(webhookDeliveries.lastAttemptAt).as("last_at"),
    })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.clientId)
    .as("stats");
  return db
    .select({
      clientId: userRoles.userId,
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      companyName: profiles.companyName,
      url: webhookEndpoints.url,
      pausedAt: webhookEndpoints.pausedAt,
      pending: stats.pending,
      failed: stats.failed,
      lastAttemptAt: stats.lastAt,
    })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.clientId, userRoles.userId))
    .leftJoin(stats, eq(stats.clientId, userRoles.userId))
    .where(and(eq(userRoles.role, "client"), isCompanyAccount(userRoles.userId)))
    .orderBy(asc(sql`coalesce(${profiles.companyName}, ${profiles.email})`));
}

/**
 * What a client's live stream forwards of a webhook notification: a bare "changed" when it concerns them,
 * nothing otherwise (no other client's id reaches them).
 */
export function clientWebhookEvent(payload: string, clientId: string): string | null {
  try {
    const { clients } = JSON.parse(payload) as { clients?: unknown };
    return Array.isArray(clients) && clients.includes(clientId) ? "{}" : null;
  } catch {
    return null;
  }
}
