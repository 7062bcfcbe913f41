/** Leads (seller records), the agency's lead sources, and what hangs off a lead: activities, documents, saved views, selections. */
import { sql, type SQL } from "drizzle-orm";
import { addressKeySql } from "../address-key";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, money, updatedAt } from "./columns";
import {
  activityType,
  clientFeedbackStatus,
  leadStatus,
  motivationLevel,
  notInterestedReason,
  propertyType,
} from "./pg-enums";
import { user } from "./accounts";
import { storedFiles } from "./files";
import { leadImports } from "./imports";
import { apiKeys } from "./api";

/**
 * The lead sources (ADR 057): the built-in ones (app/db/enums.ts, seeded by migration 0044)
 * and, as the agency adds them, its own. A lead, a delivery and a routing switch name a source by its
 * key; the key never changes (a rename changes the label), so every past figure keeps its source.
 */
export const sources = pgTable("lead_sources", {
  /** Lower-case letters, digits and "_": what the API, filters and exports say. */
  key: text("key").primaryKey(),
  label: text("label").notNull(),
  /** The order sources are listed in. */
  position: integer("position").notNull(),
  /** One of the built-in sources of app/db/enums.ts (never deleted). */
  builtIn: boolean("built_in").notNull().default(false),
  /** Retired: no longer offered for new leads; its leads keep it. */
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: varchar("first_name", { length: 50 }).notNull(),
    lastName: varchar("last_name", { length: 50 }).notNull(),
    phone: varchar("phone", { length: 16 }).notNull(),
    email: varchar("email", { length: 255 }),
    address: varchar("address", { length: 200 }).notNull(),
    city: varchar("city", { length: 100 }).notNull(),
    state: varchar("state", { length: 2 }).notNull(),
    zipCode: varchar("zip_code", { length: 10 }).notNull(),
    propertyType: propertyType("property_type").notNull().default("single_family"),
    motivationLevel: motivationLevel("motivation_level").notNull().default("warm"),
    situationNotes: varchar("situation_notes", { length: 2000 }),
    leadSource: text("lead_source")
      .notNull()
      .default("cold_call")
      .references(() => sources.key, { onUpdate: "cascade" }),
    askingPrice: money("asking_price"),
    estimatedValue: money("estimated_value"),
    estimatedRepairCost: money("estimated_repair_cost"),
    isSold: boolean("is_sold").notNull().default(false),
    soldPrice: money("sold_price"),
    leadStatus: leadStatus("lead_status").notNull().default("new"),
    assignedToClientId: text("assigned_to_client_id").references(() => user.id, { onDelete: "set null" }),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The member of the assigned company who took the lead ("mine", ADR 037); null while unclaimed.
     * Cleared by a trigger (migration 0024) whenever the lead changes hands. */
    claimedByUserId: text("claimed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    clientFeedbackStatus: clientFeedbackStatus("client_feedback_status").notNull().default("not_reviewed"),
    clientNotes: varchar("client_notes", { length: 1000 }),
    clientReviewedAt: timestamp("client_reviewed_at", { withTimezone: true }),
    /** Why the client passed ("Not Interested"), and a closed deal's figures (private to the
     * client and the agency). */
    notInterestedReason: notInterestedReason("not_interested_reason"),
    dealPurchasePrice: money("deal_purchase_price"),
    dealProfit: money("deal_profit"),
    /** The CSV import that brought the lead in (ADR 021); null for leads typed in by hand. */
    importId: uuid("import_id").references((): AnyPgColumn => leadImports.id, { onDelete: "set null" }),
    /** The API key that sent the lead (ADR 022); null for leads typed in or imported. */
    apiKeyId: uuid("api_key_id").references((): AnyPgColumn => apiKeys.id, { onDelete: "set null" }),
    /**
     * An imported lead's own words for its source, motivation, property type or status where our value's
     * name differs ("Direct Mailer" imported as Direct Mail, ADR 056), by field; null for other leads.
     */
    valuesInFile: jsonb("values_in_file").$type<Partial<Record<string, string>>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Computed by the database for every row, however it arrives (address-key.ts): duplicate checks.
    addressKey: text("address_key").generatedAlwaysAs((): SQL =>
      addressKeySql(sql.raw(`"address"`), sql.raw(`"zip_code"`)),
    ),
    // Everything the admin search reads (first name, last name, phone, address, city), as one
    // lower-case string kept by the database. A column, not an index expression, so that the list's
    // order indexes can carry it (INCLUDE, migration 0008) and a search walks them without the table.
    searchText: text("search_text").generatedAlwaysAs((): SQL =>
      sql.raw(
        `lower("first_name" || ' ' || "last_name" || ' ' || "phone" || ' ' || "address" || ' ' || "city")`,
      ),
    ),
  },
  (t) => [
    // Every order ends on the id, and so does each index that serves it: a keyset page (ADR 020) is then
    // one index range read in order, with no sort, at any depth. A filter's index leads with the filter's
    // column, so one value's newest rows come straight off it, and its capped count is an index-only scan.
    // DESC NULLS FIRST is what `order by x desc` means: an index with NULLS LAST (drizzle's default for
    // desc()) does not serve it, even on a NOT NULL column. Migration 0008 adds by hand what drizzle-kit
    // cannot say: the order indexes INCLUDE search_text (the created-at one every filter's column too), and
    // search_text keeps a 1,000-entry histogram. Keep those when an index here changes.
    index("leads_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A possible duplicate shares the phone or the normalised address and ZIP5.
    index("leads_phone_idx").on(t.phone),
    index("leads_address_key_idx").on(t.addressKey),
    index("leads_assigned_created_idx").on(
      t.assignedToClientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("leads_status_idx").on(t.leadStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's other filters and orders (ADR 040).
    index("leads_motivation_created_idx").on(
      t.motivationLevel,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("leads_source_created_idx").on(
      t.leadSource,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("leads_created_by_created_idx").on(
      t.createdByUserId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("leads_updated_at_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The client portal: a client's leads by feedback status, newest first (My Leads filtered by
    // feedback), and the dashboard's counters as one index-only scan of the client's entries.
    index("leads_client_feedback_idx").on(
      t.assignedToClientId,
      t.clientFeedbackStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // My Leads filtered by motivation, and its count, without visiting the table.
    index("leads_client_motivation_idx").on(
      t.assignedToClientId,
      t.motivationLevel,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // My Leads filtered by who took them (mine, unclaimed), newest first.
    index("leads_client_claimed_idx").on(
      t.assignedToClientId,
      t.claimedByUserId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // "Waiting for client feedback" (a built-in view of the admin list, ADR 040): the assigned leads no
    // one at the client reviewed yet, newest first, straight off one small index at any book size.
    index("leads_awaiting_feedback_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.assignedToClientId} is not null and ${t.clientFeedbackStatus} = 'not_reviewed'`),
    index("leads_name_idx").on(t.lastName, t.firstName, t.id),
    index("leads_import_created_idx").on(
      t.importId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("leads_api_key_created_idx").on(
      t.apiKeyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The search's trigram index: finds the few matches of a rare term without walking any order.
    index("leads_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * What one person chose to see in the admin lead list (ADR 040): the optional columns, in
 * the list's own order. Kept on the server, so the list is drawn with them from the first byte and
 * follows the person to another browser.
 */
export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  leadColumns: text("lead_columns").array().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A person's saved views of the admin lead list (ADR 040): a name and the list's URL search
 * (filters, sort, rows per page), so a view's link is the list itself. Names are unique per person
 * whatever their case; the built-in views are not stored.
 */
export const savedLeadViews = pgTable(
  "saved_lead_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 40 }).notNull(),
    /** The list's URL search as parseLeadListQuery reads it and leadListSearch writes it ("?client=unassigned"). */
    search: varchar("search", { length: 2000 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("saved_lead_views_user_name_idx").on(t.userId, sql`lower(${t.name})`)],
);

/**
 * What undoing a bulk assignment needs (bulk-undo.server.ts): the client, the moment of the assignment
 * (its transaction's time: its deliveries, mail and webhook rows carry it), the leads it gave that were
 * nobody's before, and the e-mails it queued.
 */
export type BulkUndo = { kind: "assign"; clientId: string; at: string; leadIds: string[]; mailIds: string[] };

/**
 * The leads one bulk action changed (ADR 040): "View these N" after it is a list filter on exactly
 * them (`selection=<id>`), whatever changed since. Kept a week (the next action of the same person
 * removes older ones).
 */
export const leadSelections = pgTable(
  "lead_selections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** What was done, as the result said it ("12 leads assigned to Red Oak Property Group"). */
    description: varchar("description", { length: 300 }).notNull(),
    leadIds: uuid("lead_ids").array().notNull(),
    /** How to take the action back for a few minutes (bulk-undo.server.ts); null: it cannot be. */
    undo: jsonb("undo").$type<BulkUndo>(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("lead_selections_created_by_idx").on(t.createdBy, t.createdAt)],
);

export const leadActivities = pgTable(
  "lead_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    activityType: activityType("activity_type").notNull(),
    // Unbounded: an entry composes already limited inputs ("Return requested: <reason>. <note of up to
    // 1,000>"), and the input's own limit is the one that counts, not a cut of what the user wrote.
    description: text("description").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    performedBy: text("performed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_activities_lead_created_idx").on(t.leadId, t.createdAt.desc()),
    // The staff's feedback digest reads one day's client feedback across every lead.
    index("lead_activities_feedback_created_idx")
      .on(t.createdAt)
      .where(sql`activity_type = 'client_feedback_submitted'`),
  ],
);

export const leadDocuments = pgTable(
  "lead_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    documentName: text("document_name").notNull(),
    documentType: text("document_type").notNull(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "restrict" }),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("lead_documents_lead_idx").on(t.leadId, t.createdAt.desc())],
);
