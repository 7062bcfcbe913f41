/**
 * Sliding-window rate limits counted in the database. The check and the hit happen in one transaction
 * under an advisory lock on the bucket, so parallel requests for one key (on one or many servers) never
 * let more than the limit through.
 */
import { and, eq, gt, inArray, lt, notLike, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

/** At most `max` hits in any `windowMs`. */
export interface Window {
  max: number;
  windowMs: number;
}

export interface Limit extends Window {
  bucket: string;
}

/** Serialises everyone counting on `bucket` until the transaction ends (on every server of the database). */
export async function lockBucket(tx: Transaction, bucket: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`);
}

/** Records a hit and returns true when the bucket is under its limit; returns false (no hit) when full. */
export async function consumeRateLimit(tx: Transaction, limit: Limit): Promise<boolean> {
  await lockBucket(tx, limit.bucket);
  const since = new Date(Date.now() - limit.windowMs);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, limit.bucket), gt(rateLimitHits.createdAt, since)));
  if (Number(row?.n ?? 0) >= limit.max) return false;
  await tx.insert(rateLimitHits).values({ bucket: limit.bucket });
  return true;
}

// ---------------------------------------------------------------- counting first, judging later
// For limits where only some outcomes count (sign-in failures): take a hit before the work under the
// bucket's lock (so parallel requests cannot all slip under the limit), then take it back if the
// outcome does not count. Times are the database's clock, the one every server shares.

const milliseconds = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

/** Milliseconds until the bucket has room under every window again (0: room now). Lock the bucket first. */
export async function msUntilRoom(tx: Transaction, bucket: string, windows: Window[]): Promise<number> {
  let wait = 0;
  for (const { max, windowMs } of windows) {
    // When the max-th newest hit of the window leaves it, the window holds max - 1.
    const [row] = await tx
      .select({
        ms: sql<number>`greatest(0, extract(epoch from (${rateLimitHits.createdAt} + ${milliseconds(windowMs)} - now()))::float8 * 1000)`,
      })
      .from(rateLimitHits)
      .where(
        and(
          eq(rateLimitHits.bucket, bucket),
          gt(rateLimitHits.createdAt, sql`now() - ${milliseconds(windowMs)}`),
        ),
      )
      .orderBy(sql`${rateLimitHits.createdAt} desc`)
      .offset(max - 1)
      .limit(1);
    if (row) wait = Math.max(wait, Number(row.ms));
  }
  return wait;
}

/** The bucket's hits within the window and how long ago the newest was (null: none). */
export async function bucketActivity(
  tx: Transaction,
  bucket: string,
  windowMs: number,
): Promise<{ hits: number; msSinceLatest: number | null }> {
  const [row] = await tx
    .select({
      hits: sql<number>`count(*)::int`,
      msSinceLatest: sql<
        number | null
      >`extract(epoch from (now() - max(${rateLimitHits.createdAt})))::float8 * 1000`,
    })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, bucket),
        gt(rateLimitHits.createdAt, sql`now() - ${milliseconds(windowMs)}`),
      ),
    );
  return {
    hits: Number(row?.hits ?? 0),
    msSinceLatest: row?.msSinceLatest == null ? null : Number(row.msSinceLatest),
  };
}

/** Records one hit; the id lets `removeHits` take it back. */
export async function addHit(tx: Transaction, bucket: string): Promise<number> {
  const [row] = await tx.insert(rateLimitHits).values({ bucket }).returning({ id: rateLimitHits.id });
  return row!.id;
}

export async function removeHits(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
}

/** Forgets every hit of the bucket. */
export async function clearBucket(tx: Transaction, bucket: string): Promise<void> {
  await tx.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
}

// ---------------------------------------------------------------- remembered facts
// Facts kept longer than any window (such as "this account signed in from this address"), stored as
// hits in their own namespace so pruning keeps them for REMEMBER_MS.

const REMEMBERED = "remembered:";
export const REMEMBER_MS = 30 * 24 * 3_600_000;

/** Notes that `fact` holds as of now. */
export async function remember(tx: Transaction, fact: string): Promise<void> {
  await clearBucket(tx, REMEMBERED + fact);
  await addHit(tx, REMEMBERED + fact);
}

/** Whether `fact` was noted within the last `withinMs` (at most REMEMBER_MS). */
export async function isRemembered(tx: Transaction, fact: string, withinMs = REMEMBER_MS): Promise<boolean> {
  return (await bucketActivity(tx, REMEMBERED + fact, withinMs)).hits > 0;
}

/** Drops hits older than the longest window in use (remembered facts after REMEMBER_MS); run now and then. */
export async function pruneRateLimitHits(db: Database, olderThanMs = 24 * 3_600_000): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(
      or(
        and(
          lt(rateLimitHits.createdAt, new Date(Date.now() - olderThanMs)),
          notLike(rateLimitHits.bucket, `${REMEMBERED}%`),
        ),
        lt(rateLimitHits.createdAt, new Date(Date.now() - REMEMBER_MS)),
      ),
    );
}
