/**
 * This installation's identity (the `installation` row, ADR 028): made the first time something needs it,
 * not by a migration, so that a database just migrated stays empty (db:move copies only into an empty
 * one) and the row a move or a restore brings is the one kept.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { installation } from "./schema";

export interface Installation {
  id: string;
  ownsLegacyObjects: boolean;
}

const known = new WeakMap<Database, Promise<Installation>>();

/** This database's installation, made on first need (one row, whoever asks first). */
export function installationOf(db: Database): Promise<Installation> {
  let found = known.get(db);
  if (!found) {
    found = (async () => {
      await db.insert(installation).values({}).onConflictDoNothing();
      const [row] = await db
        .select({ id: installation.id, ownsLegacyObjects: installation.ownsLegacyObjects })
        .from(installation);
      return row!;
    })();
    known.set(db, found);
    found.catch(() => known.delete(db));
  }
  return found;
}

/**
 * Gives this database a new installation id, for a copy that runs beside its original on the same bucket
 * (a staging server made from a backup): the copy then writes and sweeps only under its new id, and
 * leaves alone the objects its rows share with the original. Run it before the copy's first start.
 */
export async function renewInstallation(db: Database): Promise<Installation> {
  known.delete(db);
  await installationOf(db);
  known.delete(db);
  const [row] = await db
    .update(installation)
    .set({ id: sql`gen_random_uuid()`, ownsLegacyObjects: false, createdAt: new Date() })
    .where(eq(installation.singleton, true))
    .returning({ id: installation.id, ownsLegacyObjects: installation.ownsLegacyObjects });
  return row!;
}
