import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./client.server";

/** Rows of a raw SQL query; both drivers return `{ rows }`, typed here once. */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A list of uuids as a subquery (`id in ${uuidsIn(ids)}`): one JSON parameter, whatever a driver does
 * with arrays, and no parameter limit however long the list.
 */
export const uuidsIn = (ids: readonly string[]): SQL =>
  sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`;

/** The same for text ids (accounts' ids are text). */
export const textsIn = (ids: readonly string[]): SQL =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
