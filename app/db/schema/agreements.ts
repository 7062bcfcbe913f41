/** Client agreements and their first months (ADR 024, 035, 042). */
import { sql } from "drizzle-orm";
import {
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";
import { propertyType } from "./pg-enums";
import { user } from "./accounts";

// ---------------------------------------------------------------- client agreements
/**
 * What the agency promised a client (ADR 024): one row per version, never updated, so the history of
 * changes is the table itself and the ledger can ask which terms held in any month. The client's current
 * agreement is their highest version.
 */
export const clientAgreements = pgTable(
  "client_agreements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    leadsPerMonth: integer("leads_per_month").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    pricePerLead: money("price_per_lead").notNull(),
    returnWindowDays: integer("return_window_days").notNull().default(7),
    returnCapPercent: integer("return_cap_percent").notNull().default(20),
    targetMarkets: text("target_markets").notNull().default(""),
    buyBox: text("buy_box").notNull().default(""),
    /**
     * ADR 042: the markets and buy box a machine checks (the texts above stay for nuance). `markets`
     * as written ("Harris County, TX", "25 miles of 77002"); `marketStates` and `marketZips` what they
     * cover, resolved when the version is saved; all empty: anywhere.
     */
    markets: text("markets")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    marketStates: text("market_states")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    marketZips: text("market_zips")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Property types the client buys; empty: any. */
    propertyTypes: propertyType("property_types")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The highest asking price (or value, without one) the client buys at; null: no ceiling. */
    maxPrice: money("max_price"),
    /** The most leads a day routing sends the client (ADR 046); null: no daily pace. */
    dailyPace: integer("daily_pace"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("client_agreements_client_version_idx").on(t.clientId, t.version)],
);

/**
 * A client's first month under an agreement (the start's milestones, guarantee.ts) once it can no longer
 * change: the first delivery since the start and the first 50 qualified ones up to the 30-day deadline,
 * kept when the start is past its deadline and the longest return window (90 days), with no return of
 * those deliveries waiting for a decision. Read instead of each client's deliveries of that month on
 * every view of the admin home and the clients list (200 clients: 10,000 deliveries and their returns).
 * Keyed by the start, so an agreement that moves its start is read live again.
 */
export const agreementFirstMonths = pgTable(
  "agreement_first_months",
  {
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
    /** The qualified deliveries' times, oldest first, as startDeliveries reads them (JSON array). */
    qualified: jsonb("qualified").notNull(),
    keptAt: timestamp("kept_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.startsOn] })],
);
