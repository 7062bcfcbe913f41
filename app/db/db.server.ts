/**
 * The process's database: opened once from the environment (or installed by a test), shared by every
 * feature. A failed start is not cached, so the next call tries again.
 */
import { env } from "~/lib/env.server";
import { openDatabase, type Database, type DatabaseHandle, type DatabaseTarget } from "./client.server";

// Kept on globalThis so the dev server's module reloads reuse one handle (and one folder lock).
const state = globalThis as typeof globalThis & { __leadworksDb?: Promise<DatabaseHandle> };

export function targetFromEnv(): DatabaseTarget {
  const config = env();
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.DATA_DIR };
}

export function databaseHandle(): Promise<DatabaseHandle> {
  if (!state.__leadworksDb) {
    const opening = openDatabase(targetFromEnv());
    state.__leadworksDb = opening;
    opening.catch(() => {
      if (state.__leadworksDb === opening) state.__leadworksDb = undefined;
    });
  }
  return state.__leadworksDb;
}

/** The Drizzle database for queries and transactions. */
export async function getDb(): Promise<Database> {
  return (await databaseHandle()).db;
}

/** Uses an already opened handle (integration tests, CLI). */
export function installDatabase(handle: DatabaseHandle): void {
  state.__leadworksDb = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const opening = state.__leadworksDb;
  state.__leadworksDb = undefined;
  if (opening) await (await opening).close();
}
