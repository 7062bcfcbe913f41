/** The public API's keys and idempotency records (ADR 022). */
import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { user } from "./accounts";

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
