/**
 * Tests of one migration on a database that already holds data: a copy of the migrations folder that
 * stops just before it, and the two databases to run it on (PGlite always, PostgreSQL with
 * TEST_DATABASE_URL), each opened empty.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "~/db/client.server";
import { createPostgresDatabase } from "./databases";

/** A copy of the migrations folder that stops just before the migration tagged `tag` (remove it after). */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  if (stop <= 0) throw new Error(`No migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

export interface MigrationTarget {
  name: string;
  /** Opens an empty database: migrate with a folder, run one statement and get its rows. */
  open(): Promise<{
    migrate(folder: string): Promise<void>;
    rows<T>(query: string): Promise<T[]>;
    close(): Promise<void>;
  }>;
}

export const migrationTargets: MigrationTarget[] = [
  {
    name: "pglite",
    async open() {
      const client = new PGlite({ extensions: { pg_trgm } });
      const db = drizzlePglite({ client });
      return {
        migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
        rows: async <T>(query: string) => (await db.execute(sql.raw(query))).rows as T[],
        close: () => client.close(),
      };
    },
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  migrationTargets.push({
    name: "postgresql",
    async open() {
      const database = await createPostgresDatabase(adminUrl);
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      const db = drizzlePg({ client: pool });
      return {
        migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
        rows: async <T>(query: string) => (await pool.query(query)).rows as T[],
        close: async () => {
          await pool.end();
          await database.drop();
        },
      };
    },
  });
}
