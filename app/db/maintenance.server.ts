/**
 * Keeping the planner's statistics and the visibility map fresh where nothing else does.
 *
 * PostgreSQL's autovacuum does it for a server database, except after a migration that rewrites a table
 * (adding a stored column): the rewritten table has no visibility map until a vacuum, so index-only
 * scans visit the table again. The embedded database has no autovacuum at all: a book grown from 1,000
 * to 200,000 leads by imports would keep the statistics of 1,000, and the list's plans would follow them.
 */
import { sql } from "drizzle-orm";
import { log } from "~/lib/log.server";
import type { Database } from "./client.server";
import { queryRows } from "./query-rows";

/** The tables of our schema with their size now and their size at the last vacuum or analyze. */
async function tableSizes(db: Database) {
  return queryRows<{ name: string; pages: number; known: number }>(
    db,
    sql`select c.relname as name,
               (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
               c.relpages as known
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema()`,
  );
}

/** A table this many pages large, grown by this share since its statistics were taken, is vacuumed. */
const MIN_PAGES = 128;
const GROWTH = 0.2;

/**
 * Vacuums and analyzes each table that has grown by a fifth since its last vacuum or analyze (or every
 * table, with `all`). Returns the names done. VACUUM cannot run in a transaction: `db` must be the
 * database, not a transaction.
 */
export async function tidyTables(db: Database, options: { all?: boolean } = {}): Promise<string[]> {
  const due = (await tableSizes(db)).filter(
    (t) => options.all || (t.pages >= MIN_PAGES && t.pages > Math.max(t.known, 0) * (1 + GROWTH)),
  );
  for (const table of due) await db.execute(sql.raw(`vacuum (analyze) "${table.name.replace(/"/g, '""')}"`));
  return due.map((t) => t.name);
}

/**
 * How often the embedded database's stand-in for autovacuum runs (a local periodic task, server/jobs.ts).
 * Each vacuum holds the one connection for a moment (about a second for 200,000 leads), so it runs rarely
 * and only on the tables that grew.
 */
export const TIDY_EVERY_MS = 10 * 60_000;

/** Vacuums and analyzes the tables that grew, and says which. */
export async function tidyGrownTables(db: Database): Promise<void> {
  const done = await tidyTables(db);
  if (done.length) log.info(`[db] vacuumed and analyzed: ${done.join(", ")}`);
}
