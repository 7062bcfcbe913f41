/**
 * The import job (issue 13): a queue of the job runtime (lib/jobs, ADR 031). A worker in every server
 * process takes queued imports from the database, one at a time, and imports them in batches. Each
 * batch (its leads, its rejected rows and the job's progress) commits in one transaction, so a job killed
 * at any moment resumes from its last batch with nothing lost and nothing twice. A job is held by a lease
 * renewed with every batch: a second server does not take it while the lease runs, and takes it up when
 * its server died.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { byteaAsBase64 } from "~/db/bytea";
import type { Database, Transaction } from "~/db/client.server";
import { leadImportChunks, leadImportRejects, leadImports, leads, profiles } from "~/db/schema";
import { importStatuses, type ImportStatus } from "~/db/enums";
import { announceAssignment, announceBatch, recordLeadChanges } from "../lead-changes.server";
import { insertLeads } from "../new-leads.server";
import { assessRows } from "./assess.server";
import { CsvFileError, csvRecords, type CsvRecord } from "./csv-source.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { notificationOptOut } from "~/lib/mail/notification-settings.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { importReportMail, type ImportReportInput } from "~/lib/mail/templates/imports";
import {
  startOutboxWorker,
  wakeups,
  type Backlog,
  type OutboxWorker,
  type PassControl,
} from "~/lib/outbox/outbox.server";

/** Rows per batch: a few hundred leads per statement keeps each transaction short. */
export const IMPORT_BATCH = 500;
/** How long a claimed job stays with its worker without news; every batch renews it. */
const LEASE_MS = 60_000;
/** A job that failed this often is marked failed instead of being tried again. */
const MAX_ATTEMPTS = 5;
/**
 * On the embedded database the job rests half as long as each batch took: requests get a third of the
 * time while an import runs (pages answer within a batch's time), and imports run at two thirds speed.
 */
const EMBEDDED_REST_RATIO = 0.5;
/** Uploads that never finished (the server died mid-upload) are removed after this long. */
const STALE_UPLOAD_MS = 60 * 60_000;
/** How often the server looks for such leftovers (a periodic task, server/jobs.ts). */
export const SWEEP_UPLOADS_EVERY_MS = 10 * 60_000;

const queued = wakeups();
/** Wakes this process's worker (a job was queued here; others find it within their interval). */
export const importQueued = () => queued.wake();

/** The job's lease was lost (cancelled, or taken over after a stall): its batch must not commit. */
class LeaseLost extends Error {}

type Job = typeof leadImports.$inferSelect;

/** Takes the oldest queued (or abandoned) job, if any, and leases it to `worker`. */
export async function claimJob(db: Database, worker: string): Promise<Job | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: leadImports.id })
      .from(leadImports)
      .where(
        and(
          inArray(leadImports.status, ["queued", "running"]),
          or(isNull(leadImports.leaseUntil), lt(leadImports.leaseUntil, new Date())),
        ),
      )
      .orderBy(asc(leadImports.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [job] = await tx
      .update(leadImports)
      .set({
        status: "running",
        leasedBy: worker,
        leaseUntil: new Date(Date.now() + LEASE_MS),
        attempts: sql`${leadImports.attempts} + 1`,
        startedAt: sql`coalesce(${leadImports.startedAt}, now())`,
      })
      .where(eq(leadImports.id, due.id))
      .returning();
    await announceBatch(tx, []);
    return job ?? null;
  });
}

/** The stored file, piece by piece in order. */
export async function* storedFile(db: Database, importId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await db
      .select({ data: byteaAsBase64(leadImportChunks.data) })
      .from(leadImportChunks)
      .where(and(eq(leadImportChunks.importId, importId), eq(leadImportChunks.seq, seq)));
    if (!chunk) return;
    yield Buffer.from(chunk.data, "base64");
  }
}

/** Writes one batch and the job's progress together; throws LeaseLost if the job is no longer ours. */
async function commitBatch(db: Database, job: Job, worker: string, batch: CsvRecord[]) {
  const settings = job.settings!;
  await db.transaction(async (tx) => {
    const assessed = await assessRows(tx, settings, batch);
    const taken = assessed.flatMap((r) => (r.kind === "lead" ? [r] : []));
    const rejected = assessed.flatMap((r) => (r.kind === "rejected" ? [r] : []));
    const duplicates = assessed.filter((r) => r.duplicateOf).length;
    const [progress] = await tx
      .update(leadImports)
      .set({
        rowsDone: sql`${leadImports.rowsDone} + ${batch.length}`,
        imported: sql`${leadImports.imported} + ${taken.length}`,
        rejected: sql`${leadImports.rejected} + ${rejected.length}`,
        duplicates: sql`${leadImports.duplicates} + ${duplicates}`,
        leaseUntil: new Date(Date.now() + LEASE_MS),
      })
      .where(
        and(eq(leadImports.id, job.id), eq(leadImports.leasedBy, worker), eq(leadImports.status, "running")),
      )
      .returning({ id: leadImports.id });
    if (!progress) throw new LeaseLost();
    if (taken.length) {
      const inserted = await insertLeads(
        tx,
        taken.map((r) => r.lead),
        { createdByUserId: job.createdBy, importId: job.id },
      );
      // Each client hears of their leads in one e-mail when the import ends (finishJob).
      await recordLeadChanges(
        tx,
        inserted.flatMap((o) =>
          o.kind === "created" ? [{ leadId: o.lead.id, from: null, to: o.lead.assignedToClientId }] : [],
        ),
        { by: job.createdBy, mail: "none", live: "coalesced", metadata: { importId: job.id } },
      );
    }
    if (rejected.length) {
      await tx.insert(leadImportRejects).values(
        rejected.map((r) => ({
          importId: job.id,
          rowNumber: r.row,
          cells: r.cells,
          reason: r.reason,
          duplicateOf: r.duplicateOf && "leadId" in r.duplicateOf ? r.duplicateOf.leadId : null,
        })),
      );
    }
  });
}

/** Marks the job done and tells each client who received leads, in one e-mail (and text) per client. */
async function finishJob(db: Database, job: Job, worker: string) {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(leadImports)
      .set({ status: "done", finishedAt: new Date(), leasedBy: null, leaseUntil: null, error: null })
      .where(
        and(eq(leadImports.id, job.id), eq(leadImports.leasedBy, worker), eq(leadImports.status, "running")),
      )
      .returning(reportColumns);
    if (!done) throw new LeaseLost();
    await mailImportReport(tx, done, { kind: "done" });
    const perClient = await tx
      .select({
        clientId: leads.assignedToClientId,
        total: sql<number>`count(*)::int`,
        firstIds: sql<
          string[]
        >`(array_agg(${leads.id} order by ${leads.lastName}, ${leads.firstName}))[1:25]`,
      })
      .from(leads)
      .where(and(eq(leads.importId, job.id), sql`${leads.assignedToClientId} is not null`))
      .groupBy(leads.assignedToClientId);
    await announceBatch(
      tx,
      perClient.map((c) => c.clientId),
    );
    for (const { clientId, total, firstIds } of perClient) {
      await announceAssignment(tx, clientId!, firstIds, Number(total));
    }
  });
}

async function failJob(db: Database, job: Job, worker: string, message: string) {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(leadImports)
      .set({ status: "failed", error: message, finishedAt: new Date(), leasedBy: null, leaseUntil: null })
      .where(and(eq(leadImports.id, job.id), eq(leadImports.leasedBy, worker)))
      .returning(reportColumns);
    if (failed) await mailImportReport(tx, failed, { kind: "failed", error: message });
  });
}

const reportColumns = {
  id: leadImports.id,
  fileName: leadImports.fileName,
  createdBy: leadImports.createdBy,
  rowsDone: leadImports.rowsDone,
  imported: leadImports.imported,
  rejected: leadImports.rejected,
  duplicates: leadImports.duplicates,
};

/** Tells the admin who started the import that it ended or failed, when they want import reports. */
async function mailImportReport(
  tx: Transaction,
  job: {
    id: string;
    fileName: string;
    createdBy: string | null;
    rowsDone: number;
    imported: number;
    rejected: number;
    duplicates: number;
  },
  outcome: ImportReportInput["outcome"],
) {
  if (!job.createdBy) return;
  const optOut = await notificationOptOut(tx, job.createdBy, "import_reports");
  if (!optOut) return;
  const [admin] = await tx
    .select({ to: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(eq(profiles.userId, job.createdBy));
  if (!admin) return;
  await enqueueMail(
    tx,
    importReportMail({
      to: admin.to,
      greetingName: admin.firstName || "there",
      importId: job.id,
      fileName: job.fileName,
      outcome,
      rowsDone: job.rowsDone,
      imported: job.imported,
      rejected: job.rejected,
      duplicates: job.duplicates,
      siteUrl: env().SITE_URL,
      optOut,
    }),
  );
}

/**
 * Runs a claimed job from where it stands (`rows_done`) to its end. Returns when it is done, failed,
 * cancelled or taken away; other errors (the database went away) leave the job to be claimed again
 * when its lease runs out.
 */
export async function runJob(
  db: Database,
  job: Job,
  worker: string,
  shouldStop: () => boolean = () => false,
  /** Rest after each batch, as a share of the time the batch took (0: at once). */
  restRatio = 0,
): Promise<void> {
  if (job.attempts > MAX_ATTEMPTS) {
    await failJob(db, job, worker, `Stopped after ${MAX_ATTEMPTS} attempts: ${job.error ?? "unknown error"}`);
    return;
  }
  try {
    let batch: CsvRecord[] = [];
    let batchStarted = performance.now();
    // Between batches, requests get their turn: the embedded database runs on this process's one
    // thread, so a job that never paused would hold every page for as long as it runs.
    const pause = async () => {
      const spent = performance.now() - batchStarted;
      await new Promise((resolve) => setTimeout(resolve, spent * restRatio));
      batchStarted = performance.now();
    };
    // Data rows are numbered from 2 (the header is row 1); the first rows_done of them are in already.
    const firstRow = job.rowsDone + 2;
    for await (const record of csvRecords(storedFile(db, job.id))) {
      if (record.row < firstRow) continue;
      batch.push(record);
      if (batch.length === IMPORT_BATCH) {
        await commitBatch(db, job, worker, batch);
        batch = [];
        if (shouldStop()) {
          // The server is stopping: hand the job back at once instead of when the lease runs out.
          await db
            .update(leadImports)
            .set({ leasedBy: null, leaseUntil: null })
            .where(and(eq(leadImports.id, job.id), eq(leadImports.leasedBy, worker)));
          return;
        }
        await pause();
      }
    }
    if (batch.length) await commitBatch(db, job, worker, batch);
    await finishJob(db, job, worker);
  } catch (error) {
    if (error instanceof LeaseLost) return;
    if (error instanceof CsvFileError) {
      await failJob(db, job, worker, error.message);
      return;
    }
    const message = String((error as Error)?.message ?? error).slice(0, 500);
    log.warn({ error }, `[import] ${job.id} paused after an error, retried when its lease ends`);
    await db
      .update(leadImports)
      .set({ error: message })
      .where(and(eq(leadImports.id, job.id), eq(leadImports.leasedBy, worker)))
      .catch((noted: unknown) =>
        log.warn({ error: noted }, `[import] ${job.id}: its error could not be recorded`),
      );
  }
}

/** Removes uploads that never finished streaming in (their server died while receiving them). */
export async function sweepStaleUploads(db: Database): Promise<void> {
  await db
    .delete(leadImports)
    .where(
      and(
        eq(leadImports.status, "uploading"),
        lt(leadImports.createdAt, new Date(Date.now() - STALE_UPLOAD_MS)),
      ),
    );
}

/**
 * Polls for queued imports every `intervalMs` (and at once when one is queued in this process), one job
 * per pass. `soleWorker`: no other process can use this database (the embedded one is locked to one
 * server), so a job still leased at start was this server's before it died, and is taken up at once.
 * Stopping lets the batch in progress commit and hands the job back; it resumes on the next start.
 */
export function startImportWorker(options: {
  db: Database;
  intervalMs?: number;
  soleWorker?: boolean;
}): OutboxWorker {
  const { db } = options;
  const worker = randomUUID();
  let orphansFreed = !options.soleWorker;
  const pass = async (control: PassControl) => {
    if (!orphansFreed) {
      await db
        .update(leadImports)
        .set({ leasedBy: null, leaseUntil: null })
        .where(eq(leadImports.status, "running"));
      orphansFreed = true;
    }
    const job = await claimJob(db, worker);
    if (!job) return 0;
    // Asked after every batch: each one is progress, so a long import does not look stalled.
    const shouldStop = () => {
      control.progressed();
      return control.stopping();
    };
    await runJob(db, job, worker, shouldStop, options.soleWorker ? EMBEDDED_REST_RATIO : 0);
    return 1;
  };
  return startOutboxWorker({
    name: "import",
    pass,
    intervalMs: options.intervalMs ?? 2_000,
    subscribe: queued.subscribe,
  });
}

/** What waits in the import queue (metrics): queued or running jobs, the oldest's age, failed ones. */
export async function importBacklog(db: Database): Promise<Backlog> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${leadImports.status} in ('queued', 'running')))::int`,
      oldest: sql<number>`coalesce(extract(epoch from (now() - min(${leadImports.createdAt})
        filter (where ${leadImports.status} in ('queued', 'running')))), 0)::float8`,
      failed: sql<number>`(count(*) filter (where ${leadImports.status} = 'failed'))::int`,
    })
    .from(leadImports)
    .where(inArray(leadImports.status, ["queued", "running", "failed"]));
  return {
    pending: row?.pending ?? 0,
    oldestPendingSeconds: Math.max(0, row?.oldest ?? 0),
    failed: row?.failed ?? 0,
  };
}

/** How many imports are in each state, every state present (metrics). */
export async function importJobCounts(db: Database): Promise<Record<ImportStatus, number>> {
  const rows = await db
    .select({ status: leadImports.status, count: sql<number>`count(*)::int` })
    .from(leadImports)
    .groupBy(leadImports.status);
  const counts = Object.fromEntries(importStatuses.map((status) => [status.value, 0])) as Record<
    ImportStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}
