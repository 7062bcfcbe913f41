/** Delivery webhooks (ADR 023, 032): endpoints and the delivery outbox. */
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { webhookDeliveryStatus, webhookEventType } from "./pg-enums";
import { user } from "./accounts";

/**
 * A client's webhook: one HTTPS URL per client and its signing secret, sealed (AES-256-GCM with a key
 * derived from AUTH_SECRET, lib/sealing.server.ts), never stored in plain text.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  clientId: text("client_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  sealedSecret: text("sealed_secret").notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  /** Failed attempts since the last 2xx, and when the first of them was made (null after a 2xx). */
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  failingSince: timestamp("failing_since", { withTimezone: true }),
  /** Set when every attempt failed for hours (lib/webhooks/endpoint-health): nothing is sent until resumed. */
  pausedAt: timestamp("paused_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The webhook outbox and its delivery log: one row per event per endpoint, written in the same transaction
 * as the change (lib/webhooks/outbox.server.ts). `seq` orders a lead's events: a row is sent only when no
 * earlier row of the same client and lead is still pending. `payload` is the lead as it was at the change.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** The event's id, sent in the body and the Leadworks-Event-Id header: receivers dedupe by it. */
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    clientId: text("client_id")
      .notNull()
      .references(() => webhookEndpoints.clientId, { onDelete: "cascade" }),
    /** No foreign key: the log outlives a deleted lead. */
    leadId: uuid("lead_id").notNull(),
    eventType: webhookEventType("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop after this (24 hours after the event, or after a resend). */
    giveUpAt: timestamp("give_up_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    /** The claim in flight: only the worker holding this token may record the outcome. */
    claimToken: text("claim_token"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastDurationMs: integer("last_duration_ms"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The claim, per client: its due rows in time order, and how many it has in flight (claimed rows).
    index("webhook_deliveries_client_due_idx")
      .on(t.clientId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_claimed_idx")
      .on(t.clientId)
      .where(sql`${t.claimToken} is not null`),
    index("webhook_deliveries_client_created_idx").on(t.clientId, t.createdAt.desc(), t.seq.desc()),
    // The claim's "no earlier pending event of this client and lead" check, over the few pending rows only.
    index("webhook_deliveries_pending_lead_idx")
      .on(t.clientId, t.leadId, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
);
