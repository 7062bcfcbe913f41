/** Deliveries (a lead in a client's hands), reminders, returns and the insight counts (ADR 024, 030). */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { money } from "./columns";
import { clientFeedbackStatus, leadStatus, notInterestedReason, returnReason, returnState } from "./pg-enums";
import { user } from "./accounts";
import { leads, sources } from "./leads";

/**
 * Every time a lead was in a client's hands: opened when the lead is assigned to the client, ended when
 * it is unassigned or given to another. Kept by a trigger on `leads` (migration 0010), so every way of
 * assigning (a form, a bulk action, an import, the API) counts, and nothing in the code can forget to.
 * The return window runs from `delivered_at`; the ledger counts deliveries per month.
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The client's first feedback on the lead while it was theirs (submitFeedback writes it once): the
     * insights' response times read this table alone instead of the timeline (ADR 027). */
    firstFeedbackAt: timestamp("first_feedback_at", { withTimezone: true }),
    /** Who gave that first feedback: the member of the company (ADR 037), for the response time per
     * member (ADR 050). Null before it is given, or when that person's account was deleted. */
    firstFeedbackBy: text("first_feedback_by").references(() => user.id, { onDelete: "set null" }),
    /** The lead's facts the insights count, copied by triggers (migration 0017): on insert from the lead,
     * and again whenever the lead's change. The client's insights read this table without joining leads,
     * and each change of a delivery adds its difference to insight_counts (ADR 030). */
    leadSource: text("lead_source").references(() => sources.key, { onUpdate: "cascade" }),
    leadStatus: leadStatus("lead_status"),
    clientFeedbackStatus: clientFeedbackStatus("client_feedback_status"),
    notInterestedReason: notInterestedReason("not_interested_reason"),
    zipCode: varchar("zip_code", { length: 10 }),
    dealProfit: money("deal_profit"),
  },
  (t) => [
    // With the response time's column, the insights read a range's response times per client from the
    // index alone, already grouped by client (a year of 350,000 deliveries: 135 ms instead of 330).
    index("lead_deliveries_client_delivered_idx").on(t.clientId, t.deliveredAt, t.firstFeedbackAt),
    // Every client's deliveries of one month (/admin/clients) without reading all months.
    index("lead_deliveries_delivered_idx").on(t.deliveredAt),
    // A lead's deliveries, open or ended: the triggers copy its facts to them on every change (ADR 030),
    // and deleting a lead deletes them.
    index("lead_deliveries_lead_idx").on(t.leadId),
    // At most one open delivery per lead: a lead is in one client's hands at a time.
    uniqueIndex("lead_deliveries_open_idx")
      .on(t.leadId)
      .where(sql`ended_at is null`),
    // Leads still waiting for their client's first word, oldest first (the admin home's "no feedback
    // after 48 h"): a delivery leaves this index when the client answers or the lead leaves them.
    index("lead_deliveries_awaiting_feedback_idx")
      .on(t.deliveredAt, t.clientId)
      .where(sql`ended_at is null and first_feedback_at is null`),
  ],
);

/**
 * The reminders sent of leads waiting for their client's feedback (feedback-reminders.server.ts): one row
 * per delivery reminded, written in the transaction that writes the reminders' e-mails. The delivery is
 * the key: a second server, a second run or a restart finds the row and reminds nobody again; a lead
 * delivered again is a new delivery and may be reminded again.
 */
export const leadReminders = pgTable("lead_reminders", {
  deliveryId: uuid("delivery_id")
    .primaryKey()
    .references(() => leadDeliveries.id, { onDelete: "cascade" }),
  /** The company and the person reminded (null: the whole team, nobody having taken the lead). */
  companyId: text("company_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  claimedBy: text("claimed_by").references(() => user.id, { onDelete: "set null" }),
  remindedAt: timestamp("reminded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The agency-wide insights, counted per UTC day (ADR 030): each row is one change to one figure (a
 * delivery's section, key and sign, written by the lead_deliveries trigger of migration 0017), and a
 * minute's compaction (insight-counts.server.ts) sums a day's rows into one per figure. Readers sum
 * whatever is there, merged or not, so the figures are exact at every moment; the admin's year reads a
 * few thousand rows instead of joining 350,000 deliveries to their leads.
 */
export const insightCounts = pgTable(
  "insight_counts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    day: date("day", { mode: "string" }).notNull(),
    /** week (a = source), status (a), passed (a = reason, b = source), zip (a), deal (a = source). */
    section: text("section").notNull(),
    a: text("a"),
    b: text("b"),
    n: integer("n").notNull(),
    profit: numeric("profit", { precision: 14, scale: 2, mode: "number" }),
    /** False until the compaction has summed the row into its day. */
    merged: boolean("merged").notNull().default(false),
  },
  (t) => [
    index("insight_counts_day_idx").on(t.day, t.section),
    index("insight_counts_unmerged_idx")
      .on(t.day)
      .where(sql`not merged`),
  ],
);

/** A client's request to send a delivered lead back, and the agency's decision on it. */
export const leadReturns = pgTable(
  "lead_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => leadDeliveries.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: returnReason("reason").notNull(),
    note: varchar("note", { length: 1000 }),
    state: returnState("state").notNull().default("requested"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decisionNote: varchar("decision_note", { length: 1000 }),
  },
  (t) => [
    // One return per delivery: a rejected one is final for that delivery.
    uniqueIndex("lead_returns_delivery_idx").on(t.deliveryId),
    index("lead_returns_queue_idx").on(t.state, t.requestedAt),
    index("lead_returns_client_idx").on(t.clientId, t.requestedAt),
  ],
);
