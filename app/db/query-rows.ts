import type { SQL } from "drizzle-orm";
import type { Database } from "./client.server";

/** Rows of a raw SQL query; both drivers return `{ rows }`, typed here once. */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
