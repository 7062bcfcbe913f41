/**
 * A PostgreSQL connection that dies while the app holds it (a restart ends every session with 57P01):
 * the transaction on it fails, the process goes on, and the pool serves the next query on a fresh
 * connection. Before the pool's connections had an error listener of their own, the error arrived as an
 * unhandled 'error' event and ended the server. PostgreSQL only (TEST_DATABASE_URL; CI sets it).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~/db/client.server";
import { createPostgresDatabase } from "../support/databases";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("a PostgreSQL connection lost inside a transaction", () => {
  it("fails that transaction, not the process, and the next query gets a new connection", async () => {
    const database = await createPostgresDatabase(adminUrl!);
    const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
    try {
      const lost = handle.db.transaction(async (tx) => {
        const [own] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        await admin.query("select pg_terminate_backend($1)", [own!.pid]);
        await admin.end();
        // The termination reaches the connection while it sits checked out between two queries.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(lost).rejects.toThrow();
      expect(await queryRows<{ one: number }>(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
