/**
 * Keeps insight_counts small (ADR 030): the deliveries' trigger only ever inserts rows of +1 and -1, so
 * that concurrent writers never wait on a shared counter; this sums each day that has new rows into one
 * row per figure. Readers sum every row, merged or not, so the figures are the same before and after.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

/** How often the server compacts. */
export const COMPACT_EVERY_MS = 60_000;

/**
 * Sums the days with unmerged rows; returns how many rows it removed. Safe beside writers and beside
 * another server's compaction: a row inserted meanwhile is not in the statement's snapshot and waits for
 * the next pass, and a row another pass already took is skipped by the delete (each row is summed once).
 */
export async function compactInsightCounts(db: Pick<Database, "execute">): Promise<number> {
  const [row] = await queryRows<{ removed: unknown }>(
    db,
    sql`
    with days as (select distinct day from insight_counts where not merged),
    taken as (
      delete from insight_counts c using days where c.day = days.day
      returning c.day, c.section, c.a, c.b, c.n, c.profit),
    kept as (
      insert into insight_counts (day, section, a, b, n, profit, merged)
      select day, section, a, b, sum(n), sum(profit), true from taken
      group by day, section, a, b
      having sum(n) <> 0 or coalesce(sum(profit), 0) <> 0
      returning 1)
    select (select count(*) from taken) - (select count(*) from kept) as removed`,
  );
  return Number(row?.removed ?? 0);
}
