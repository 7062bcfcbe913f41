/**
 * Uploaded files (`stored_files`), their bytes in the database (FILE_STORAGE=database, the default) or
 * in an S3-compatible bucket (FILE_STORAGE=s3), ADR 028.
 *
 * Writing: `withStagedFile` puts the bytes where they go before the caller's transaction (a bucket
 * cannot join it), the caller records the row with `storeFile(tx, staged)` inside it, and an object whose
 * row did not commit is deleted again. Reading follows the row, not the setting: a row with `data` is
 * read from the database even after a switch to s3.
 *
 * In a bucket, this installation's objects are under `<installation id>/stored-files/` (the id is kept in
 * the database, db/installation.server.ts), so that installations sharing a bucket never delete each
 * other's objects; objects written before installation ids, under `stored-files/`, are still read by
 * their rows' keys (ADR 028).
 */
import crypto from "node:crypto";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { byteaValue } from "~/db/bytea";
import type { Database, Transaction } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { installationOf, type Installation } from "~/db/installation.server";
import { storedFiles } from "~/db/schema";
import { log } from "~/lib/log.server";
import { objectStore, type ObjectStore } from "./object-store.server";

export interface FileToStore {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  uploadedBy?: string;
}

/** Where objects were written before installation ids: read by their rows, never swept. */
export const LEGACY_KEY_PREFIX = "stored-files/";

/** Where this installation writes its objects; the orphan sweep looks nowhere else in the bucket. */
export const objectKeyPrefix = (installation: Pick<Installation, "id">) =>
  `${installation.id}/${LEGACY_KEY_PREFIX}`;

/** Whether an object is this installation's to delete (not one its rows share with another installation). */
const isOurs = (installation: Installation, key: string) =>
  key.startsWith(objectKeyPrefix(installation)) ||
  (installation.ownsLegacyObjects && key.startsWith(LEGACY_KEY_PREFIX));

/** A file whose bytes are in place, waiting for its row. */
export interface StagedFile {
  readonly values: Omit<typeof storedFiles.$inferInsert, "data"> & { data?: SQL };
  /** Set once the row is inserted (inside a transaction that may still roll back). */
  recorded: boolean;
}

/**
 * Stages the file, runs `run` (the transaction that records it) and, when that fails or commits without
 * recording the file (a rate limit, a lead that is gone), deletes the object again.
 */
export async function withStagedFile<T>(
  file: FileToStore,
  run: (staged: StagedFile) => Promise<T>,
): Promise<T> {
  const store = objectStore();
  const common = {
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
    sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
    uploadedBy: file.uploadedBy,
  };
  if (!store) return run({ values: { ...common, data: byteaValue(file.bytes) }, recorded: false });

  // A random key: nothing the uploader chose reaches the bucket's namespace.
  const storageKey = `${objectKeyPrefix(await installationOf(await getDb()))}${crypto.randomUUID()}`;
  await (await store).put(storageKey, file.bytes, file.contentType);
  const staged: StagedFile = { values: { ...common, storageKey }, recorded: false };
  let result: T;
  try {
    result = await run(staged);
  } catch (error) {
    await removeObjects([storageKey], "its transaction failed");
    throw error;
  }
  if (!staged.recorded) await removeObjects([storageKey], "it was not recorded");
  return result;
}

/** Records a staged file in the caller's transaction; returns the new file's id. */
export async function storeFile(tx: Transaction, staged: StagedFile): Promise<string> {
  const [stored] = await tx.insert(storedFiles).values(staged.values).returning({ id: storedFiles.id });
  staged.recorded = true;
  return stored!.id;
}

/** Deletes files' rows in the caller's transaction; returns their object keys, for `removeObjects` after the commit. */
export async function deleteStoredFiles(tx: Transaction, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await tx
    .delete(storedFiles)
    .where(inArray(storedFiles.id, fileIds))
    .returning({ storageKey: storedFiles.storageKey });
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}

/**
 * Deletes objects whose rows are gone (after the commit) or never committed. Best effort: a failure is
 * logged, and the hourly `sweepOrphanObjects` removes what is left. An object of another installation
 * (a copy's row naming its original's object) is left to its owner.
 */
export async function removeObjects(keys: string[], why = "its row was deleted"): Promise<void> {
  const store = objectStore();
  if (!store || keys.length === 0) return;
  const bucket = await store;
  const installation = await installationOf(await getDb());
  for (const key of keys) {
    if (!isOurs(installation, key)) {
      log.info({ key }, `[files] object kept (${why}): another installation wrote it`);
      continue;
    }
    try {
      await bucket.delete(key);
    } catch (error) {
      log.warn({ error, key }, `[files] object not deleted (${why}); the orphan sweep will retry`);
    }
  }
}

/** The columns `openStoredFile` needs, for a select that joins `stored_files`. */
export const storedFileColumns = {
  fileName: storedFiles.fileName,
  contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes,
  storageKey: storedFiles.storageKey,
  // base64 text: PGlite converts a bytea result byte by byte (see db/bytea.ts).
  dataBase64: sql<string | null>`encode(${storedFiles.data}, 'base64')`,
};

export interface StoredFileRow {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string | null;
  dataBase64: string | null;
}

export interface OpenedFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  body: ReadableStream<Uint8Array>;
}

/** The file's bytes as a stream: from the row, or from the bucket without holding the whole file. */
export async function openStoredFile(row: StoredFileRow): Promise<OpenedFile> {
  const { fileName, contentType, sizeBytes } = row;
  if (row.dataBase64 !== null) {
    const bytes = Buffer.from(row.dataBase64, "base64");
    return { fileName, contentType, sizeBytes, body: new Blob([bytes]).stream() };
  }
  const store = objectStore();
  if (!store) throw new Error("This file is in object storage, but FILE_STORAGE is not s3");
  return { fileName, contentType, sizeBytes, body: await (await store).get(row.storageKey!) };
}

/** A file's whole content (an e-mail attachment); null when the row is gone. */
export async function readStoredFile(db: Database, fileId: string): Promise<Buffer | null> {
  const [row] = await db.select(storedFileColumns).from(storedFiles).where(eq(storedFiles.id, fileId));
  if (!row) return null;
  const { body } = await openStoredFile(row);
  return Buffer.from(await new Response(body).arrayBuffer());
}

const ORPHAN_AGE_MS = 60 * 60_000;
/**
 * The largest share of this installation's objects one sweep deletes (and a count it may always delete).
 * Orphans are rare (a failed delete, a process killed mid-upload); many at once means the database does
 * not match the bucket (another installation on this prefix, a restore of the wrong backup): then the
 * sweep deletes nothing and says so.
 */
export const SWEEP_MAX_SHARE = 0.1;
export const SWEEP_ALWAYS_ALLOWED = 3;

/**
 * Deletes this installation's objects older than an hour that no row names: left by a process that died
 * between the upload and its transaction, or by a delete that failed. An hour is far longer than any
 * upload's transaction, so an object whose row is about to commit is never taken. Only this
 * installation's prefix is listed: objects of other installations and those from before installation ids
 * are never swept. Returns how many were deleted.
 */
export async function sweepOrphanObjects(
  db: Database,
  store: ObjectStore,
  now = new Date(),
): Promise<number> {
  const prefix = objectKeyPrefix(await installationOf(db));
  const before = now.getTime() - ORPHAN_AGE_MS;
  let listed = 0;
  const orphans: string[] = [];
  for await (const objects of store.list(prefix)) {
    listed += objects.length;
    const old = objects
      .filter((object) => object.lastModified.getTime() < before)
      .map((object) => object.key);
    if (old.length === 0) continue;
    const known = await db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(inArray(storedFiles.storageKey, old));
    const named = new Set(known.map((row) => row.key));
    orphans.push(...old.filter((key) => !named.has(key)));
  }
  if (orphans.length > Math.max(SWEEP_ALWAYS_ALLOWED, listed * SWEEP_MAX_SHARE)) {
    log.warn(
      { prefix, orphans: orphans.length, objects: listed },
      `[files] orphan sweep deleted nothing: ${orphans.length} of ${listed} objects under ${prefix} ` +
        "are named by no row, more than a sweep may take; check that this database belongs with this bucket",
    );
    return 0;
  }
  for (const key of orphans) await store.delete(key);
  return orphans.length;
}
