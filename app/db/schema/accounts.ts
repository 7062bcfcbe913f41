/** Accounts: better-auth's tables, profiles, roles, client companies and their people, the audit log. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { appRole, clientMemberRole, newLeadsMail } from "./pg-enums";

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
 * Which notifications a person gets by e-mail (ADR 038); no row means the defaults (everything, new leads
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
   * Text messages (ADR 045): the person's mobile number in E.164 ("+13125550123") and what
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
 * The people of each client company (ADR 037). A company's id is its first account's user id,
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
 * A client company's own settings, keyed by the company's id (its first account's, ADR 037);
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
