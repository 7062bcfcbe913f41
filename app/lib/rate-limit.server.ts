/**
 * Sliding-window rate limits counted in the database. The check and the hit happen in one transaction
 * under an advisory lock on the bucket, so parallel requests for one key (on one or many servers) never
 * let more than the limit through.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/** Records a hit and returns true when the bucket is under its limit; returns false (no hit) when full. */
export async function consumeRateLimit(tx: Transaction, limit: Limit): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${limit.bucket}, 0))`);
  const since = new Date(Date.now() - limit.windowMs);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, limit.bucket), gt(rateLimitHits.createdAt, since)));
  if (Number(row?.n ?? 0) >= limit.max) return false;
  await tx.insert(rateLimitHits).values({ bucket: limit.bucket });
  return true;
}

/** Drops hits older than the longest window in use; run now and then. */
export async function pruneRateLimitHits(db: Database, olderThanMs = 24 * 3_600_000): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - olderThanMs)));
}
