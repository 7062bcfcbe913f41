/**
 * API keys (issue 14): admins create, list and revoke them at /admin/api-keys; every request to
 * /api/v1 presents one. The secret is 32 random bytes shown once; only its SHA-256 is stored (a
 * high-entropy secret needs no slow hash). Every key action goes to the audit log.
 *
 * Authenticating a request is one UPDATE of the key's row: it finds the key by its hash (revoked keys
 * match nothing, so a revocation takes effect with the next request), counts the request (usage count,
 * last used), and advances the key's rate-limit window, a counter per minute held in the same row, so
 * the limit holds across servers at no extra round trip (ADR 022).
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

export const API_KEY_PREFIX = "lw_";
/** Requests a key may make per window, unless its row says otherwise. */
export const API_RATE_LIMIT = 600;
export const API_RATE_WINDOW_S = 60;

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
  /** Requests counted in the current window, this one included. */
  used: number;
  /** Seconds until the window starts over. */
  resetSeconds: number;
}

/**
 * The key with this secret, counted as used once more; null when no live key has it. One statement,
 * atomic under any concurrency (the row lock orders parallel requests of one key).
 */
export async function countApiKeyUse(secret: string): Promise<ApiKeyUse | null> {
  const db = await getDb();
  const window = sql.raw(`interval '${API_RATE_WINDOW_S} seconds'`);
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
      window_count: number;
      reset_ms: number | string;
    }>(
      q,
      sql`update api_keys set
          window_count = case when window_started_at > now() - ${window} then window_count + 1 else 1 end,
          window_started_at = case when window_started_at > now() - ${window} then window_started_at else now() end,
          usage_count = usage_count + 1,
          last_used_at = now()
        where secret_hash = ${hashApiSecret(secret)} and revoked_at is null
        returning id, name, scopes, rate_limit, window_count,
          extract(epoch from (window_started_at + ${window} - now())) * 1000 as reset_ms`,
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
  return {
    actor: {
      kind: "api-key",
      id: row.id,
      name: row.name,
      clientId: null,
      permissions: permissionsOfScopes(scopes),
    },
    limit: Number(row.rate_limit),
    used: Number(row.window_count),
    resetSeconds: Math.max(1, Math.ceil(Number(row.reset_ms) / 1000)),
  };
}

/** A text[] as PostgreSQL writes it ({a,b}), for drivers that do not parse it; scope names need no quotes. */
function parseTextArray(raw: string): string[] {
  const inner = raw.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map((s) => s.replace(/^"|"$/g, "")) : [];
}
