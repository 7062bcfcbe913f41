/**
 * CSV imports for admins (issue 13): the upload (streamed into the database a megabyte at a time while
 * it is read once to learn its columns and count its rows), the mapping and its preview, starting,
 * cancelling or discarding an import, the list of imports, and the rejected rows as CSV.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { byteaValue } from "~/db/bytea";
import { getDb } from "~/db/db.server";
import {
  importLayouts,
  importValueChoices,
  leadImportChunks,
  leadImportRejects,
  leadImports,
  profiles,
  type ImportSettings,
} from "~/db/schema";
import type { Database } from "~/db/client.server";
import { csvLines } from "~/lib/csv";
import { printableFileName } from "~/lib/files/document-type";
import { isUuid } from "~/lib/data-guards";
import { UploadTooLargeError } from "~/lib/multipart.server";
import { authorize, type ActorRef } from "~/lib/permissions";
import { leadDefaults } from "../leads.schema";
import { assertClientAccount } from "../lead-commands.server";
import { assessRows } from "./assess.server";
import { guessMapping, rowToLead, SKIP_ROWS, type ColumnMapping, type ValueMapping } from "./columns";
import { CsvFileError, csvRecords } from "./csv-source.server";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  PREVIEW_ROWS,
  csvFileMessages,
  unmappedMessage,
  unmappedNeeds,
  type Delimiter,
} from "./import.schema";
import { checkStoredFile } from "./check.server";
import { importQueued, storedFile } from "./job.server";
import { openSourceKeys, openSourceOptions } from "../sources/sources.server";

/** Bytes per stored piece of an upload: big enough for few rows, small enough to hold one at a time. */
const CHUNK_BYTES = 1024 * 1024;
/** Rejected rows per page of the rejected-rows CSV. */
const REJECTS_BATCH = 1_000;

/**
 * Receives an uploaded list: stores its bytes, reads it as CSV once (headers, first rows, row count,
 * delimiter, SHA-256 of the bytes) and leaves the import waiting for its mapping. A file that cannot be
 * imported throws `CsvFileError` (or `UploadTooLargeError`) and leaves nothing behind.
 */
export async function receiveImport(
  actor: ActorRef,
  file: AsyncIterable<Uint8Array>,
  fileName: string,
): Promise<string> {
  authorize(actor, "lead:write:any");
  const db = await getDb();
  const [created] = await db
    .insert(leadImports)
    .values({ fileName: printableFileName(fileName) || "import.csv", createdBy: actor.id })
    .returning({ id: leadImports.id });
  const id = created!.id;
  const hash = createHash("sha256");
  let size = 0;
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  // Not one transaction: on the embedded database it would hold the only connection for as long as the
  // upload lasts. A failed upload deletes its row (the pieces go with it); the worker sweeps leftovers.
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await db.insert(leadImportChunks).values({ importId: id, seq: seq++, data: byteaValue(data) });
  };
  async function* storing(): AsyncGenerator<Uint8Array> {
    for await (const chunk of file) {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) throw new UploadTooLargeError();
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
      yield chunk;
    }
    await flush();
  }
  try {
    let headers: string[] | undefined;
    let delimiter: Delimiter = ",";
    const sampleRows: string[][] = [];
    let totalRows = 0;
    for await (const record of csvRecords(storing(), { onDelimiter: (d) => (delimiter = d) })) {
      if (!headers) {
        headers = record.cells.map((h) => h.trim());
        if (headers.length > IMPORT_MAX_COLUMNS) {
          throw new CsvFileError(
            `The file has ${headers.length} columns; a list can have at most ${IMPORT_MAX_COLUMNS}.`,
          );
        }
        continue;
      }
      totalRows++;
      if (sampleRows.length < PREVIEW_ROWS) sampleRows.push(record.cells);
    }
    if (size === 0 && !fileName) throw new CsvFileError(csvFileMessages.missing);
    if (!headers) throw new CsvFileError(csvFileMessages.noHeader);
    if (totalRows === 0) throw new CsvFileError(csvFileMessages.noRows);
    const layout = await rememberedSettings(db, headers);
    const settings: ImportSettings = {
      ...(layout ?? {
        mapping: guessMapping(headers),
        defaults: { ...leadDefaults },
        assignToClientId: null,
        duplicates: "skip",
      }),
      // The agency's earlier choices for values, whatever file they came in; this layout's own win.
      values: withChoices(await agencyValueChoices(db), layout?.values),
    };
    await db
      .update(leadImports)
      .set({
        status: "mapping",
        sizeBytes: size,
        sha256: hash.digest("hex"),
        delimiter,
        headers,
        sampleRows,
        totalRows,
        settings,
      })
      .where(eq(leadImports.id, id));
    await recheck(db, id, settings);
    return id;
  } catch (error) {
    await db.delete(leadImports).where(eq(leadImports.id, id));
    throw error;
  }
}

/** A layout of file: its header row's comparison keys, hashed (the same columns in the same order). */
export const headerSignature = (headers: readonly string[]) =>
  createHash("sha256")
    .update(headers.map((h) => h.toLowerCase().replace(/[^a-z0-9]/g, "")).join("\u0001"))
    .digest("hex");

/** The most value choices a new import starts from: the agency's most recent. */
const MAX_REMEMBERED_CHOICES = 2_000;

/** The agency's value choices (ADR 056), the most recent first, as a value mapping. */
async function agencyValueChoices(db: Database): Promise<ValueMapping> {
  const rows = await db
    .select()
    .from(importValueChoices)
    .orderBy(desc(importValueChoices.updatedAt))
    .limit(MAX_REMEMBERED_CHOICES);
  // A source retired since is not given again by a remembered choice: such a value is matched afresh.
  const open = new Set(await openSourceKeys(db));
  const values: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    if (row.field === "leadSource" && row.target !== SKIP_ROWS && !open.has(row.target)) continue;
    (values[row.field] ??= {})[row.valueKey] = row.target;
  }
  return values as ValueMapping;
}

/** `choices` with `own` laid over them, field by field; undefined when both are empty. */
function withChoices(choices: ValueMapping, own: ValueMapping | undefined): ValueMapping | undefined {
  const fields = new Set([...Object.keys(choices), ...Object.keys(own ?? {})]) as Set<keyof ValueMapping>;
  if (fields.size === 0) return undefined;
  return Object.fromEntries([...fields].map((field) => [field, { ...choices[field], ...own?.[field] }]));
}

/**
 * The settings last started for files laid out as `headers` (their columns, defaults and values); null
 * if none. The client and importing duplicates anyway are choices for one file: they start over.
 */
async function rememberedSettings(db: Database, headers: string[]): Promise<ImportSettings | null> {
  const [layout] = await db
    .select({ settings: importLayouts.settings })
    .from(importLayouts)
    .where(eq(importLayouts.signature, headerSignature(headers)));
  if (!layout || layout.settings.mapping.length !== headers.length) return null;
  return { ...layout.settings, assignToClientId: null, duplicates: "skip", fixes: undefined };
}

/** Checks the whole stored file with `settings` and keeps the result with the import (if still mapping). */
async function recheck(db: Database, id: string, settings: ImportSettings) {
  const check = await checkStoredFile(db, settings, storedFile(db, id));
  await db
    .update(leadImports)
    .set({ check })
    .where(and(eq(leadImports.id, id), eq(leadImports.status, "mapping")));
  return check;
}

const creator = {
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: profiles.email,
};

const summaryColumns = {
  id: leadImports.id,
  fileName: leadImports.fileName,
  sizeBytes: leadImports.sizeBytes,
  status: leadImports.status,
  totalRows: leadImports.totalRows,
  rowsDone: leadImports.rowsDone,
  imported: leadImports.imported,
  rejected: leadImports.rejected,
  duplicates: leadImports.duplicates,
  createdAt: leadImports.createdAt,
  startedAt: leadImports.startedAt,
  finishedAt: leadImports.finishedAt,
  error: leadImports.error,
};

/** The latest imports, newest first (uploads still streaming in are not shown). */
export async function listImports(actor: ActorRef, limit = 25) {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  return db
    .select({ ...summaryColumns, creator })
    .from(leadImports)
    .leftJoin(profiles, eq(profiles.userId, leadImports.createdBy))
    .where(ne(leadImports.status, "uploading"))
    .orderBy(desc(leadImports.createdAt))
    .limit(limit);
}
export type ImportSummary = Awaited<ReturnType<typeof listImports>>[number];

/** One import with what its page shows, and the earlier imports of the very same file; null if none. */
export async function getImport(actor: ActorRef, id: string) {
  authorize(actor, "lead:read:any");
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...summaryColumns,
      creator,
      sha256: leadImports.sha256,
      delimiter: leadImports.delimiter,
      headers: leadImports.headers,
      sampleRows: leadImports.sampleRows,
      settings: leadImports.settings,
      check: leadImports.check,
    })
    .from(leadImports)
    .leftJoin(profiles, eq(profiles.userId, leadImports.createdBy))
    .where(and(eq(leadImports.id, id), ne(leadImports.status, "uploading")));
  if (!row) return null;
  const sameFile = row.sha256
    ? await db
        .select({
          id: leadImports.id,
          fileName: leadImports.fileName,
          createdAt: leadImports.createdAt,
          status: leadImports.status,
          imported: leadImports.imported,
        })
        .from(leadImports)
        .where(
          and(
            eq(leadImports.sha256, row.sha256),
            ne(leadImports.id, id),
            inArray(leadImports.status, ["queued", "running", "done", "cancelled", "failed"]),
          ),
        )
        .orderBy(asc(leadImports.createdAt))
        .limit(5)
    : [];
  return { ...row, sameFile };
}
export type ImportDetail = NonNullable<Awaited<ReturnType<typeof getImport>>>;

/** The first rows of the file with what the import would do with each, under the current settings. */
export async function previewImport(actor: ActorRef, detail: ImportDetail) {
  authorize(actor, "lead:read:any");
  if (!detail.settings) return [];
  const db = await getDb();
  const rows = await assessRows(
    db,
    detail.settings,
    detail.sampleRows.map((cells, i) => ({ row: i + 2, cells })),
  );
  const settings = detail.settings;
  // What each row reads as, shown beside the verdict whether it passed or not.
  const sources = await openSourceOptions(db);
  const fields = (cells: string[]) =>
    rowToLead(cells, settings.mapping as ColumnMapping, settings.defaults, settings.values, sources).fields;
  return rows.map((r) =>
    r.kind === "lead"
      ? { row: r.row, ok: true as const, fields: fields(r.cells), lead: r.lead, duplicateOf: r.duplicateOf }
      : {
          row: r.row,
          ok: false as const,
          fields: fields(r.cells),
          reason: r.reason,
          duplicateOf: r.duplicateOf,
        },
  );
}
export type PreviewRow = Awaited<ReturnType<typeof previewImport>>[number];

/** Why an import cannot start with these settings (a field every lead needs is not mapped), or null. */
export function settingsProblem(settings: ImportSettings): string | null {
  const missing = unmappedNeeds(settings.mapping);
  return missing.length ? unmappedMessage(missing) : null;
}

/**
 * Stores the settings of an import still waiting for its mapping and checks the whole file with them
 * (`check: false` leaves the stored check as it is); false when the import is past its mapping.
 */
export async function saveImportSettings(
  actor: ActorRef,
  id: string,
  settings: ImportSettings,
  options: { check?: boolean } = {},
) {
  authorize(actor, "lead:write:any");
  if (!isUuid(id)) return false;
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    await assertClientAccount(tx, settings.assignToClientId);
    const changed = await tx
      .update(leadImports)
      .set({ settings })
      .where(and(eq(leadImports.id, id), eq(leadImports.status, "mapping")))
      .returning({ id: leadImports.id });
    return changed.length === 1;
  });
  if (saved && options.check !== false) await recheck(db, id, settings);
  return saved;
}

/** Saves the settings and queues the import for the worker; false when it was not waiting to start. */
export async function startImport(actor: ActorRef, id: string, settings: ImportSettings) {
  authorize(actor, "lead:write:any");
  if (!isUuid(id)) return false;
  const db = await getDb();
  const started = await db.transaction(async (tx) => {
    await assertClientAccount(tx, settings.assignToClientId);
    const [changed] = await tx
      .update(leadImports)
      .set({ settings, status: "queued" })
      .where(and(eq(leadImports.id, id), eq(leadImports.status, "mapping")))
      .returning({ headers: leadImports.headers });
    if (!changed) return false;
    // Every file holding these values starts from these choices (ADR 056).
    const choices = Object.entries(settings.values ?? {}).flatMap(([field, byKey]) =>
      Object.entries(byKey ?? {}).map(([valueKey, target]) => ({ field, valueKey, target })),
    );
    if (choices.length > 0) {
      await tx
        .insert(importValueChoices)
        .values(choices)
        .onConflictDoUpdate({
          target: [importValueChoices.field, importValueChoices.valueKey],
          set: { target: sql`excluded.target`, updatedAt: new Date() },
        });
    }
    // The next file with these columns starts from these settings.
    const layout = { ...settings, assignToClientId: null, duplicates: "skip" as const, fixes: undefined };
    await tx
      .insert(importLayouts)
      .values({ signature: headerSignature(changed.headers), headers: changed.headers, settings: layout })
      .onConflictDoUpdate({
        target: importLayouts.signature,
        set: { headers: changed.headers, settings: layout, updatedAt: new Date() },
      });
    return true;
  });
  if (started) importQueued();
  return started;
}

/**
 * Stops a queued or running import. The leads it already imported stay (the list filters by import, so
 * they can be reviewed or deleted); the worker stops at its next batch, whose rows are not written.
 */
export async function cancelImport(actor: ActorRef, id: string) {
  authorize(actor, "lead:write:any");
  if (!isUuid(id)) return false;
  const db = await getDb();
  const changed = await db
    .update(leadImports)
    .set({ status: "cancelled", finishedAt: new Date(), leasedBy: null, leaseUntil: null })
    .where(and(eq(leadImports.id, id), inArray(leadImports.status, ["queued", "running"])))
    .returning({ id: leadImports.id });
  return changed.length === 1;
}

/** Deletes an upload that was never started (its file goes with it). */
export async function discardImport(actor: ActorRef, id: string) {
  authorize(actor, "lead:write:any");
  if (!isUuid(id)) return false;
  const db = await getDb();
  const deleted = await db
    .delete(leadImports)
    .where(and(eq(leadImports.id, id), eq(leadImports.status, "mapping")))
    .returning({ id: leadImports.id });
  return deleted.length === 1;
}

/**
 * The rows an import did not take, as CSV: the file's own columns and a `reason`, so the list can be
 * fixed and imported again. Read in pages by row number: any count in constant memory.
 */
export async function* rejectedRowsCsv(actor: ActorRef, detail: ImportDetail): AsyncGenerator<string> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const width = detail.headers.length;
  yield csvLines([[...detail.headers, "reason"]]);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        rowNumber: leadImportRejects.rowNumber,
        cells: leadImportRejects.cells,
        reason: leadImportRejects.reason,
      })
      .from(leadImportRejects)
      .where(and(eq(leadImportRejects.importId, detail.id), gt(leadImportRejects.rowNumber, after)))
      .orderBy(asc(leadImportRejects.rowNumber))
      .limit(REJECTS_BATCH);
    if (rows.length === 0) return;
    yield csvLines(rows.map((r) => [...Array.from({ length: width }, (_, i) => r.cells[i] ?? ""), r.reason]));
    if (rows.length < REJECTS_BATCH) return;
    after = rows.at(-1)!.rowNumber;
  }
}

/** The file name of an import, for the lead list's filter chip and the lead page; null if unknown. */
export async function importFileName(actor: ActorRef, id: string): Promise<string | null> {
  authorize(actor, "lead:read:any");
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ fileName: leadImports.fileName })
    .from(leadImports)
    .where(eq(leadImports.id, id));
  return row?.fileName ?? null;
}
