/**
 * The process's database: opened once where the entry point says (app/entry.server.tsx, from the
 * environment) or installed by a test or command, and shared by every feature. This module knows no
 * configuration of its own: the database layer sits below everything. A failed start is not cached, so
 * the next call tries again.
 */
import { openDatabase, type Database, type DatabaseHandle, type DatabaseTarget } from "./client.server";

// Kept on globalThis so the dev server's module reloads reuse one handle (and one folder lock).
const state = globalThis as typeof globalThis & {
  __leadworksDb?: Promise<DatabaseHandle>;
  __leadworksDbTarget?: () => DatabaseTarget;
};

/** Says where the database is, once at start; it is opened on first use. */
export function configureDatabase(target: () => DatabaseTarget): void {
  state.__leadworksDbTarget = target;
}

export function databaseHandle(): Promise<DatabaseHandle> {
  if (!state.__leadworksDb) {
    const target = state.__leadworksDbTarget;
    if (!target) return Promise.reject(new Error("No database configured: call configureDatabase first."));
    const opening = openDatabase(target());
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
