/**
 * The one database schema: every table of both spec documents, the auth tables of better-auth,
 * stored files, rate-limit hits and the mail outbox. Migrations are generated from this file by
 * drizzle-kit (`npm run db:generate`) and work on PGlite and PostgreSQL 15+.
 */
import { sql, type SQL } from "drizzle-orm";
import { addressKeySql } from "./address-key";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  activityTypes,
  appRoles,
  clientMemberRoles,
  experienceLevels,
  feedbackStatuses,
  importStatuses,
  notInterestedReasons,
  returnReasons,
  returnStates,
  leadStatuses,
  mailStatuses,
  motivationLevels,
  newLeadsMailChoices,
  positions,
  propertyTypes,
  valuesOf,
  webhookDeliveryStatuses,
  webhookEventTypes,
} from "./enums";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- enumerations (spec 01 §3, spec 02 §3)
// The values and their order come from enums.ts, the one list each form, select and badge also reads.
export const appRole = pgEnum("app_role", appRoles);
export const clientMemberRole = pgEnum("client_member_role", clientMemberRoles);
export const propertyType = pgEnum("property_type", valuesOf(propertyTypes));
export const motivationLevel = pgEnum("motivation_level", valuesOf(motivationLevels));
export const newLeadsMail = pgEnum("new_leads_mail", valuesOf(newLeadsMailChoices));
export const leadStatus = pgEnum("lead_status", valuesOf(leadStatuses));
export const clientFeedbackStatus = pgEnum("client_feedback_status", valuesOf(feedbackStatuses));
/** The spec's five user-entered types, the feedback flow's type, and system entries for the timeline. */
export const activityType = pgEnum("activity_type", valuesOf(activityTypes));
export const positionInterest = pgEnum("position_interest", valuesOf(positions));
export const experienceLevel = pgEnum("experience_level", valuesOf(experienceLevels));
export const mailStatus = pgEnum("mail_status", mailStatuses);
export const importStatus = pgEnum("import_status", valuesOf(importStatuses));
export const returnReason = pgEnum("return_reason", valuesOf(returnReasons));
export const notInterestedReason = pgEnum("not_interested_reason", valuesOf(notInterestedReasons));
export const returnState = pgEnum("return_state", valuesOf(returnStates));
export const webhookEventType = pgEnum("webhook_event_type", valuesOf(webhookEventTypes));
export const webhookDeliveryStatus = pgEnum("webhook_delivery_status", valuesOf(webhookDeliveryStatuses));

// ---------------------------------------------------------------- better-auth core tables
// Written by hand (the better-auth CLI needs Node 22). Property names are better-auth's field names;
// column names are snake_case.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** Set when an admin disables the account; its sessions are deleted at the same moment. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /**
   * The first session's start: until then (an invitation never taken up, an account made for someone),
   * no lead data goes to the address by e-mail or text.
   */
  firstSignedInAt: timestamp("first_signed_in_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------- profiles and roles
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  firstName: varchar("first_name", { length: 50 }),
  lastName: varchar("last_name", { length: 50 }),
  email: varchar("email", { length: 255 }).notNull(),
  companyName: varchar("company_name", { length: 100 }),
  phone: varchar("phone", { length: 20 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Which notifications a person gets by e-mail (issue 27); no row means the defaults (everything, new leads
 * at once). The one-click unsubscribe of a notification turns its kind off here.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  newLeads: newLeadsMail("new_leads").notNull().default("immediate"),
  /** The receipt of a return request and the decision on it. */
  returns: boolean("returns").notNull().default(true),
  /** An admin's report of an import they started, when it ends or fails. */
  importReports: boolean("import_reports").notNull().default(true),
  /** An admin's daily digest of the feedback clients gave (feedback-digest.server.ts). */
  feedbackDigest: boolean("feedback_digest").notNull().default(true),
  /** An admin's notice that a client's webhook endpoint was paused after failing. */
  webhookAlerts: boolean("webhook_alerts").notNull().default(true),
  /** Until when the daily digest of new leads has told of them. */
  digestThrough: timestamp("digest_through", { withTimezone: true }),
  /** A client member's reminders of the company's leads waiting for their feedback (feedback-reminders). */
  leadReminders: boolean("lead_reminders").notNull().default(true),
  /**
   * Text messages (issue 26 §2, ADR 045): the person's mobile number in E.164 ("+13125550123") and what
   * they asked to be texted about. Off until they tick it: a text costs, and reaches a phone at any hour.
   */
  smsNumber: varchar("sms_number", { length: 16 }),
  smsNewLeads: boolean("sms_new_leads").notNull().default(false),
  smsReminders: boolean("sms_reminders").notNull().default(false),
  /**
   * When the person typed back the code texted to `smsNumber`: until then, and again after the number
   * changes, no text but the code goes to it. The code is kept as a hash, for 10 minutes, 5 tries.
   */
  smsConfirmedAt: timestamp("sms_confirmed_at", { withTimezone: true }),
  smsCodeHash: text("sms_code_hash"),
  smsCodeExpiresAt: timestamp("sms_code_expires_at", { withTimezone: true }),
  smsCodeAttempts: integer("sms_code_attempts").notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * The staff's daily digests of client feedback, one row per business day in the agency's time zone
 * (feedback-digest.server.ts). The day is the key: the first server to insert it sends that day's digest,
 * in the same transaction, and every other server, or a restart, finds the row and sends nothing.
 */
export const feedbackDigests = pgTable("feedback_digests", {
  /** The agency's calendar day (AGENCY_TIME_ZONE) the digest belongs to. */
  day: date("day", { mode: "string" }).primaryKey(),
  /** The feedback it covers was given after the previous digest's `through` and up to this instant. */
  through: timestamp("through", { withTimezone: true }).notNull(),
  /** How many feedback entries it listed, and to how many admins it went (0 and 0 on a quiet day). */
  entries: integer("entries").notNull(),
  recipients: integer("recipients").notNull(),
  createdAt: createdAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: appRole("role").notNull(),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_roles_user_role_idx").on(t.userId, t.role),
    index("user_roles_role_idx").on(t.role),
  ],
);

/**
 * The people of each client company (issue 26, ADR 037). A company's id is its first account's user id,
 * so every record that names a client (leads, deliveries, agreements, returns, webhooks) names the company.
 * A person belongs to at most one company (the primary key). A company's own account is a member of
 * itself; a trigger (migration 0024) makes every account that gets the client role a one-person company
 * unless it already belongs to one, so no way of creating a client can forget it.
 */
export const clientMembers = pgTable(
  "client_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: text("company_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: clientMemberRole("role").notNull().default("member"),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("client_members_company_idx").on(t.companyId, t.userId)],
);

/**
 * A client company's own settings (issue 26 §2), keyed by the company's id (its first account's, ADR 037);
 * no row means the defaults. Owners set them on /client/team, admins on the client's page.
 */
export const clientCompanySettings = pgTable(
  "client_company_settings",
  {
    companyId: text("company_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * After how many business hours a delivered lead without feedback reminds the company's people
     * (enums.reminderChoices); null: never.
     */
    reminderHours: integer("reminder_hours").default(4),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("client_company_settings_reminder_hours", sql`${t.reminderHours} between 1 and 45`)],
);

/** Who changed which account, and how (user admin, CLI). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    targetUserId: text("target_user_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt.desc())],
);

// ---------------------------------------------------------------- files
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

/**
 * An uploaded file: its bytes in `data` (FILE_STORAGE=database, written in the same transaction as the
 * record that owns them) or in an S3-compatible bucket under `storage_key` (ADR 028); never both.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data"),
    storageKey: text("storage_key").unique(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("stored_files_data_or_storage_key", sql`(${t.data} is null) <> (${t.storageKey} is null)`)],
);

// ---------------------------------------------------------------- public form submissions
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    company: varchar("company", { length: 100 }),
    subject: varchar("subject", { length: 200 }).notNull(),
    message: varchar("message", { length: 2000 }).notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_submissions_created_at_idx").on(t.createdAt.desc()),
    index("contact_submissions_search_idx").using(
      "gin",
      sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.subject}) gin_trgm_ops`,
    ),
  ],
);

export const careerApplications = pgTable(
  "career_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: varchar("first_name", { length: 50 }).notNull(),
    lastName: varchar("last_name", { length: 50 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    phone: varchar("phone", { length: 20 }),
    positionInterest: positionInterest("position_interest"),
    experienceLevel: experienceLevel("experience_level"),
    coverLetter: varchar("cover_letter", { length: 3000 }).notNull(),
    /** The spec's resume_url: the resume is served only through the admin download route. */
    resumeFileId: uuid("resume_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("career_applications_created_at_idx").on(t.createdAt.desc()),
    index("career_applications_search_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);

// ---------------------------------------------------------------- leads (spec 02)
const money = (name: string) => numeric(name, { precision: 11, scale: 2, mode: "number" });

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
    /** The member of the assigned company who took the lead ("mine", issue 26); null while unclaimed.
     * Cleared by a trigger (migration 0024) whenever the lead changes hands. */
    claimedByUserId: text("claimed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    clientFeedbackStatus: clientFeedbackStatus("client_feedback_status").notNull().default("not_reviewed"),
    clientNotes: varchar("client_notes", { length: 1000 }),
    clientReviewedAt: timestamp("client_reviewed_at", { withTimezone: true }),
    /** Issue 15: why the client passed ("Not Interested"), and a closed deal's figures (private to the
     * client and the agency). */
    notInterestedReason: notInterestedReason("not_interested_reason"),
    dealPurchasePrice: money("deal_purchase_price"),
    dealProfit: money("deal_profit"),
    /** The CSV import that brought the lead in (issue 13); null for leads typed in by hand. */
    importId: uuid("import_id").references((): AnyPgColumn => leadImports.id, { onDelete: "set null" }),
    /** The API key that sent the lead (issue 14); null for leads typed in or imported. */
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
    // Everything the admin search reads (spec 02 §7: first name, last name, phone, address, city), as one
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
    // A possible duplicate shares the phone or the normalised address and ZIP5 (issue 13).
    index("leads_phone_idx").on(t.phone),
    index("leads_address_key_idx").on(t.addressKey),
    index("leads_assigned_created_idx").on(
      t.assignedToClientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("leads_status_idx").on(t.leadStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's other filters and orders (issue 13).
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
    // "Waiting for client feedback" (a built-in view of the admin list, issue 25): the assigned leads no
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
 * What one person chose to see in the admin lead list (issue 25, ADR 040): the optional columns, in
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
 * A person's saved views of the admin lead list (issue 25, ADR 040): a name and the list's URL search
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
 * The leads one bulk action changed (issue 25): "View these N" after it is a list filter on exactly
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
    /** How to take the action back for a few minutes (issue 24 §3, bulk-undo.server.ts); null: it cannot be. */
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

// ---------------------------------------------------------------- lead imports (issue 13)

/** How an import's columns become lead fields, and what fills the fields the file leaves empty. */
export interface ImportSettings {
  /** One target per column of the file, in order; null leaves the column out. */
  mapping: (string | null)[];
  defaults: { propertyType: string; motivationLevel: string; leadSource: string };
  /**
   * Per enumerated field (leadSource, motivationLevel, propertyType, leadStatus), the admin's target for
   * each value of the file, by the value's comparison key: one of the field's values, or "skip" (issue 24).
   */
  values?: Record<string, Record<string, string>>;
  /**
   * Rows fixed in the browser before the import (issue 24), by row number: the row's cells as edited, or
   * null for a row excluded from the import (it goes to the rejected rows).
   */
  fixes?: Record<string, string[] | null>;
  /** Every imported lead goes to this client; null: each row's client e-mail column, if mapped. */
  assignToClientId: string | null;
  /** Rows that look like an existing lead: skipped (listed with the rejected rows), or imported anyway. */
  duplicates: "skip" | "import";
}

/** One distinct value of an enumerated column, as first written, with the rows holding it. */
export interface CheckedValue {
  /** The value's comparison key (letters and digits, lower case): what the value mapping is keyed by. */
  key: string;
  value: string;
  rows: number;
  /** What it imports as unless the admin chooses: the matcher's target, else the field's default. */
  suggested: string | null;
  /**
   * How sure the match is, 0 to 1 (1: a spelling we know); null when nothing matched and `suggested` is
   * the default. Absent in checks stored before matching had a confidence.
   */
  confidence?: number | null;
}

/** What the whole-file check found (issue 24): stored with the import, for the settings it was made with. */
export interface ImportCheck {
  /** The settings the check was made with (as JSON): it stands for them only. */
  settingsKey: string;
  rows: number;
  /** Rows of the file holding nothing, left out (absent in checks stored before they were counted). */
  emptyRows?: number;
  willImport: number;
  /** Rows left out for a problem of their own (a bad value, an unknown client), duplicates aside. */
  problemRows: number;
  /** Possible duplicates: skipped with the "skip" setting, imported (and counted in willImport) otherwise. */
  duplicates: { inFile: number; inBook: number };
  /** Problems, the most frequent first: how many rows have each, and the first of them. */
  problems: { message: string; rows: number; examples: number[] }[];
  /** Rows whose problems fall outside the groups kept. */
  otherProblemRows: number;
  /** The first rows with problems, as the file (or a fix) has them, with their reason: the fix grid. */
  failing: { row: number; cells: string[]; reason: string }[];
  /** Per mapped enumerated field: its distinct values, most frequent first, and those past the count. */
  values: Record<string, { values: CheckedValue[]; moreValues: number; moreRows: number }>;
  seconds: number;
}

/**
 * A CSV import: the file (its bytes in `lead_import_chunks`), what the upload learnt of it, the admin's
 * settings, and the job's state. The worker holding the job renews `lease_until` with every batch; a job
 * whose lease ran out (its server died) is taken up by the next worker, from `rows_done`.
 */
export const leadImports = pgTable(
  "lead_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull().default(0),
    sha256: text("sha256"),
    delimiter: text("delimiter").notNull().default(","),
    headers: jsonb("headers").$type<string[]>().notNull().default([]),
    /** The first rows as read, for the mapping page's preview. */
    sampleRows: jsonb("sample_rows").$type<string[][]>().notNull().default([]),
    totalRows: integer("total_rows").notNull().default(0),
    settings: jsonb("settings").$type<ImportSettings>(),
    /** The last whole-file check (issue 24), made when the file arrived and with every change of settings. */
    check: jsonb("check").$type<ImportCheck>(),
    status: importStatus("status").notNull().default("uploading"),
    rowsDone: integer("rows_done").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    /** Whoever holds the job (a random id per server process) and until when. */
    leasedBy: text("leased_by"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("lead_imports_created_at_idx").on(t.createdAt.desc()),
    index("lead_imports_sha256_idx").on(t.sha256),
    index("lead_imports_status_idx").on(t.status, t.leaseUntil),
  ],
);

/**
 * The settings last started for a layout of file (issue 24): the same header row, compared without case,
 * spaces or punctuation, pre-fills the columns, defaults and value mapping of the next import.
 */
export const importLayouts = pgTable("import_layouts", {
  /** SHA-256 of the header row's comparison keys. */
  signature: text("signature").primaryKey(),
  headers: jsonb("headers").$type<string[]>().notNull(),
  settings: jsonb("settings").$type<ImportSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the agency chose a file's value to import as (ADR 056), whatever the columns of the file it came
 * in: the next file holding the same value (by its comparison key) starts from the same choice.
 */
export const importValueChoices = pgTable(
  "import_value_choices",
  {
    /** The enumerated lead field: leadSource, motivationLevel, propertyType or leadStatus. */
    field: text("field").notNull(),
    /** The value's comparison key (lower-case letters and digits), as the value mapping keys it. */
    valueKey: text("value_key").notNull(),
    /** One of the field's values, or "skip" (leave such rows out). */
    target: text("target").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.field, t.valueKey] })],
);

/** The uploaded file in pieces of about a megabyte, read back in order by the job. */
export const leadImportChunks = pgTable(
  "lead_import_chunks",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => leadImports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** A row the import did not take, as it was in the file, and why: the rejected-rows CSV. */
export const leadImportRejects = pgTable(
  "lead_import_rejects",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => leadImports.id, { onDelete: "cascade" }),
    /** The row's number in the file, the header being row 1 (as a spreadsheet numbers it). */
    rowNumber: integer("row_number").notNull(),
    cells: jsonb("cells").$type<string[]>().notNull(),
    reason: text("reason").notNull(),
    duplicateOf: uuid("duplicate_of"),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

// ---------------------------------------------------------------- public API (issue 14)

/**
 * An API key: an actor of its own (its scopes grant permissions, permissions.ts). Only the SHA-256 of
 * the secret is kept; the secret is shown once, when the key is made. The key's row also carries its
 * usage count and its sliding rate-limit window (requests per second over the last minute), so that one
 * statement authenticates a request, counts it and applies the limit (ADR 022).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    /** The start of the secret, shown in lists so that people can tell their keys apart. */
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    usageCount: bigint("usage_count", { mode: "number" }).notNull().default(0),
    /** Requests a minute; 600 unless set otherwise (a benchmark's key). */
    rateLimit: integer("rate_limit").notNull().default(600),
    /** When the newest of `rateSlots` began. */
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Requests counted per second over the last minute, newest first (features/auth/api-rate-window.ts). */
    rateSlots: integer("rate_slots")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_idx").on(t.secretHash),
    index("api_keys_created_at_idx").on(t.createdAt.desc()),
  ],
);

/**
 * An Idempotency-Key's first answer, kept 24 hours. The row is inserted in the same transaction as the
 * leads it creates: a parallel request with the same key waits on the unique index until that
 * transaction ends, then replays the stored answer.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** The answer, written before the transaction ends (0 and "" only inside it). */
    status: integer("status").notNull().default(0),
    body: text("body").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] }),
    index("api_idempotency_created_at_idx").on(t.createdAt),
  ],
);

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

// ---------------------------------------------------------------- client agreements
/**
 * What the agency promised a client (issue 15): one row per version, never updated, so the history of
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
     * Issue 24 §2: the markets and buy box a machine checks (the texts above stay for nuance). `markets`
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
    /** The most leads a day routing sends the client (issue 24 §2, §4); null: no daily pace. */
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

// ---------------------------------------------------------------- routing (issue 24 §4)
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

// ---------------------------------------------------------------- this installation
/**
 * Which installation this database is (one row, made at first need: installation.server.ts). A bucket
 * may be shared by several installations (production and a staging copy, say): each writes and sweeps its
 * objects only under its own id (ADR 028). The row travels with the data (backup, restore, db:move): a
 * copy that runs beside its original takes a new id with `npm run installation -- --new`.
 */
export const installation = pgTable(
  "installation",
  {
    /** Always true: the primary key that keeps the table to one row. */
    singleton: boolean("singleton").primaryKey().default(true),
    id: uuid("id").notNull().defaultRandom(),
    /**
     * Whether this installation may delete objects under the bucket's old, shared `stored-files/` prefix
     * (objects written before installation ids): the first installation of the data does, a copy given a
     * new id does not.
     */
    ownsLegacyObjects: boolean("owns_legacy_objects").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check("installation_singleton", sql`${t.singleton}`)],
);

// ---------------------------------------------------------------- rate limits and mail
/** One row per counted attempt; a sliding window counts the rows of a bucket newer than the window. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_bucket_created_idx").on(t.bucket, t.createdAt)],
);

export type MailAttachment = { fileId: string; fileName: string; contentType: string };
/** Header fields a message carries besides the ones the sender writes (From, To, Subject...), by name. */
export type MailHeaders = Record<string, string>;

/** E-mails written in the same transaction as the change that causes them, delivered by a worker. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /** Auto-Submitted and the like (lib/mail/outbox.server.ts), sent as they are stored. */
    headers: jsonb("headers").$type<MailHeaders>().notNull().default({}),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * Text messages (issue 26 §2, ADR 045), written in the same transaction as the change that causes them and
 * sent by a worker through the SMS provider (lib/sms) with retries, like the mail outbox. The status
 * values are the mail outbox's: pending (also while being sent), sent, failed.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The person texted: a STOP they sent to the provider turns their texts off (lib/sms/outbox). */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    toNumber: varchar("to_number", { length: 16 }).notNull(),
    body: text("body").notNull(),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** The provider's id of the message (Twilio's "SM..."), once it accepted it. */
    providerId: text("provider_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

// ---------------------------------------------------------------- background work (lib/jobs)

/**
 * One row per periodic task that runs once per period across every server on the database (ADR 031):
 * a server claims a due row with FOR UPDATE SKIP LOCKED and leases it while the task runs; a crashed
 * holder's lease runs out and another server takes the task.
 */
export const jobSchedule = pgTable("job_schedule", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  /** The server running it now (a random id per process) and until when; renewed while it runs. */
  leasedBy: text("leased_by"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastOkAt: timestamp("last_ok_at", { withTimezone: true }),
  lastError: text("last_error"),
  /** Failed runs since the last success: the retry's backoff doubles with each. */
  failures: integer("failures").notNull().default(0),
});

// ---------------------------------------------------------------- delivery webhooks (issue 14)

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
