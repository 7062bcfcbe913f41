/** This installation, rate-limit hits, the mail and text outboxes, the job schedule. */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { mailStatus } from "./pg-enums";
import { user } from "./accounts";

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
 * Text messages (ADR 045), written in the same transaction as the change that causes them and
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
