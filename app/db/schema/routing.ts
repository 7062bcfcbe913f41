/** Routing (ADR 046): which sources are routed, the queue, wake-ups and each decision. */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { user } from "./accounts";
import { leads, sources } from "./leads";

/** Which lead sources routing takes (features/leads/routing): a source without a row is not routed. */
export const routingSources = pgTable("routing_sources", {
  leadSource: text("lead_source")
    .primaryKey()
    .references(() => sources.key, { onUpdate: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/**
 * New unassigned leads of a routed source, waiting for their one decision. Filled by a trigger on leads
 * (migration 0031), so every way in (the API, the import, the admin's form) is routed alike. No foreign
 * key: a lead deleted while waiting leaves its row, which the router drops (and a cascade would lock
 * this row from the lead's side, against the router's order).
 */
export const routingQueue = pgTable("routing_queue", {
  leadId: uuid("lead_id").primaryKey(),
  enqueuedAt: timestamp("enqueued_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Something gave clients room or changed what they take (an agreement saved, a return approved): rows
 * written by triggers (migration 0034) and consumed by the router, which then decides the leads held for
 * want of room again. Append-only, so the transaction that saves an agreement or approves a return never
 * waits on the router's rows.
 */
export const routingWakeups = pgTable("routing_wakeups", {
  id: uuid("id").primaryKey().defaultRandom(),
  cause: text("cause", { enum: ["agreement", "return"] }).notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every lead's routing decision, one row per lead: to whom and why, or why it was held for review. A
 * hold that room may lift (no room this month or today, no agreement that takes it) is decided again:
 * `retry_after` says when (the next UTC day for a full day or month; at once when an agreement is saved
 * or a return approved: routingWakeups); a possible duplicate waits for a person.
 */
export const leadRouting = pgTable(
  "lead_routing",
  {
    leadId: uuid("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: ["routed", "held"] }).notNull(),
    clientId: text("client_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** Why a lead was held: what must change before it is decided again. */
    heldFor: text("held_for", { enum: ["duplicate", "no_client", "no_fit", "no_room"] }),
    retryAfter: timestamp("retry_after", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_routing_decided_idx").on(t.decidedAt),
    index("lead_routing_retry_idx")
      .on(t.retryAfter)
      .where(sql`retry_after is not null`),
    // The holds only (the admin home counts those still unassigned): a small part of a large log.
    index("lead_routing_held_idx")
      .on(t.leadId)
      .where(sql`outcome = 'held'`),
  ],
);
