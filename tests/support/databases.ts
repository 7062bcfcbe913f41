/**
 * The databases integration tests run against: in-memory PGlite always, and a fresh PostgreSQL database
 * per test file when TEST_DATABASE_URL is set (CI sets it). Both get the real migrations.
 */
import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";

export interface TestDatabase {
  name: "pglite" | "postgresql";
  open(): Promise<DatabaseHandle>;
}

export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lw_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const testDatabases: TestDatabase[] = [
  { name: "pglite", open: () => openDatabase({ kind: "pglite-memory" }) },
];

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  testDatabases.push({
    name: "postgresql",
    async open() {
      const database = await createPostgresDatabase(adminUrl);
      const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 20 });
      return {
        ...handle,
        kind: handle.kind,
        db: handle.db,
        ping: handle.ping,
        listen: handle.listen,
        async close() {
          await handle.close();
          await database.drop();
        },
      };
    },
  });
}
