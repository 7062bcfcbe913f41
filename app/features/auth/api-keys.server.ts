/**
 * API keys (issue 14): admins create, list and revoke them at /admin/api-keys; every request to
 * /api/v1 presents one. The secret is 32 random bytes shown once; only its SHA-256 is stored (a
 * high-entropy secret needs no slow hash). Every key action goes to the audit log.
 *
 * Authenticating a request is one statement on the key's row: it finds the key by its hash (revoked keys
 * match nothing, so a revocation takes effect with the next request), counts the request (usage count,
 * last used), and slides the key's rate-limit window, one-second slots held in the same row
 * (api-rate-window.ts), so the limit holds across servers at no extra round trip (ADR 022).
 */
import crypto from "node:crypto";
import { aliasedTable, and, desc, eq, isNull, like, sql } from "drizzle-orm";
import { queryRows, type Database, type Transaction } from "~/db/client.server";
import { databaseHandle, getDb } from "~/db/db.server";
import { apiKeys, auditLog, profiles } from "~/db/schema";
import type { ApiKeyActor } from "~/lib/actor";
import { audit } from "~/lib/audit.server";
import { authorize, permissionsOfScopes, type Principal } from "~/lib/permissions";
import type { CreateApiKeyInput } from "./api-keys.schema";
import { API_RATE_SLOT_MS, API_RATE_SLOTS, msUntilOldestLeaves, msUntilRoom } from "./api-rate-window";

export const API_KEY_PREFIX = "lw_";
/** Requests a key may make per window (API_RATE_WINDOW_S), unless its row says otherwise. */
export const API_RATE_LIMIT = 600;

/** An admin; or, with no id, a script run by whoever holds the server's files (tests, benchmarks). */
interface Operator extends Principal {
  id: string | null;
}

export const hashApiSecret = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");

/** A new secret: the prefix and 32 random bytes, base64url. */
export const newApiSecret = () => API_KEY_PREFIX + crypto.randomBytes(32).toString("base64url");

/** Creates a key; returns it with its secret, which is not kept and cannot be shown again. */
export async function createApiKey(operator: Operator, input: CreateApiKeyInput, rateLimit = API_RATE_LIMIT) {
  authorize(operator, "api-key:manage:any");
  const secret = newApiSecret();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
        secretHash: hashApiSecret(secret),
        scopes: [...new Set(input.scopes)],
        createdBy: operator.id,
        rateLimit,
      })
      .returning({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes });
    await audit(tx, operator.id, null, "api_key.created", {
      keyId: row!.id,
      name: row!.name,
      scopes: row!.scopes,
    });
    return { ...row!, secret };
  });
}

/** Revokes a key at once; false when there is no such key or it was revoked already. */
export async function revokeApiKey(operator: Operator, keyId: string) {
  authorize(operator, "api-key:manage:any");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: operator.id })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (!row) return false;
    await audit(tx, operator.id, null, "api_key.revoked", { keyId: row.id, name: row.name });
    return true;
  });
}

/** Every key, newest first, with who made it. */
export async function listApiKeys(operator: Operator) {
  authorize(operator, "api-key:manage:any");
  const db = await getDb();
  const creator = aliasedTable(profiles, "creator");
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      createdBy: sql<
        string | null
      >`coalesce(nullif(concat_ws(' ', ${creator.firstName}, ${creator.lastName}), ''), ${creator.email})`,
      lastUsedAt: apiKeys.lastUsedAt,
      usageCount: apiKeys.usageCount,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.userId, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt))
    .limit(500);
}

/** The latest key actions from the audit log, newest first. */
export async function listApiKeyAudit(operator: Operator, limit = 20) {
  authorize(operator, "api-key:manage:any");
  const db = await getDb();
  const by = aliasedTable(profiles, "by");
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      by: by.email,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(by, eq(by.userId, auditLog.actorId))
    .where(like(auditLog.action, "api_key.%"))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** The keys' names, for the lead list's "Arrived by" filter. */
export async function apiKeyNames(operator: Principal) {
  authorize(operator, "lead:read:any");
  const db = await getDb();
  return db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).orderBy(apiKeys.name);
}

/** A request's key and its rate-limit window after counting this request. */
export interface ApiKeyUse {
  actor: ApiKeyActor;
  limit: number;
  /** Whether this request is within the limit (a refused one is not counted). */
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  used: number;
  /** Seconds until the oldest counted request leaves the window. */
  resetSeconds: number;
  /** Seconds until one more request may pass (0: now). */
  retryAfterSeconds: number;
}

/**
 * The key with this secret, counted as used once more; null when no live key has it. One statement,
 * atomic under any concurrency: the row lock orders parallel requests of one key, and each reads the
 * slots the one before it left. `at` stands in for the database's clock (tests move time with it).
 */
export async function countApiKeyUse(secret: string, at?: Date): Promise<ApiKeyUse | null> {
  const db = await getDb();
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const slots = sql.raw(String(API_RATE_SLOTS));
  const slotSeconds = sql.raw(String(API_RATE_SLOT_MS / 1000));
  // One hot row per key: under synchronous commit, each request would hold the row's lock until its
  // commit reached the disk, and a key's requests would pass one flush at a time (16 connections
  // updating one key on this machine: ~740 a second, ~1,300 committed asynchronously).
  // Committed asynchronously, the lock goes at once; a crash can forget the last few counted requests
  // (their leads, committed normally, stay).
  const { kind } = await databaseHandle();
  const countUse = (q: Database | Transaction) =>
    queryRows<{
      id: string;
      name: string;
      scopes: string[] | string;
      rate_limit: number;
      allowed: boolean;
      slots: string;
      elapsed_ms: number | string;
    }>(
      q,
      // The key's row is locked first (FOR UPDATE reads its latest version), its slots shifted by the
      // whole seconds passed since the current slot began, and the request counted when they hold fewer
      // than the limit.
      sql`with k as (
          select id, rate_limit, window_started_at, rate_slots,
            greatest(0, floor(extract(epoch from (${now} - window_started_at)) / ${slotSeconds}))::bigint
              as shift
          from api_keys
          where secret_hash = ${hashApiSecret(secret)} and revoked_at is null
          for update
        ), shifted as (
          select id, rate_limit,
            window_started_at + shift * ${slotSeconds} * interval '1 second' as started,
            (array_fill(0, array[least(shift, ${slots})::int]) || rate_slots)[1:${slots}] as slots
          from k
        ), judged as (
          select shifted.*, (select coalesce(sum(n), 0) from unnest(slots) n) < rate_limit as allowed
          from shifted
        )
        update api_keys a set
          window_started_at = j.started,
          rate_slots = case when j.allowed
            then array[coalesce(j.slots[1], 0) + 1] || j.slots[2:${slots}] else j.slots end,
          usage_count = a.usage_count + 1,
          last_used_at = now()
        from judged j
        where a.id = j.id
        returning a.id, a.name, a.scopes, a.rate_limit, j.allowed,
          array_to_string(a.rate_slots, ',') as slots,
          extract(epoch from (${now} - j.started)) * 1000 as elapsed_ms`,
    );
  // The embedded database never flushes to disk: there, the statement alone.
  const [row] =
    kind === "postgres"
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`set local synchronous_commit = off`);
          return countUse(tx);
        })
      : await countUse(db);
  if (!row) return null;
  const scopes = Array.isArray(row.scopes) ? row.scopes : parseTextArray(row.scopes);
  const counted = row.slots ? row.slots.split(",").map(Number) : [];
  const elapsedMs = Number(row.elapsed_ms);
  const limit = Number(row.rate_limit);
  const seconds = (ms: number) => Math.ceil(ms / 1000);
  return {
    actor: {
      kind: "api-key",
      id: row.id,
      name: row.name,
      clientId: null,
      permissions: permissionsOfScopes(scopes),
    },
    limit,
    allowed: row.allowed === true || String(row.allowed) === "t",
    used: counted.reduce((sum, n) => sum + n, 0),
    resetSeconds: seconds(msUntilOldestLeaves(counted, elapsedMs)),
    retryAfterSeconds: seconds(msUntilRoom(counted, elapsedMs, limit)),
  };
}

/** A text[] as PostgreSQL writes it ({a,b}), for drivers that do not parse it; scope names need no quotes. */
function parseTextArray(raw: string): string[] {
  const inner = raw.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map((s) => s.replace(/^"|"$/g, "")) : [];
}
