/**
 * What every queue of the job runtime shares (lib/jobs, ADR 007, ADR 023, ADR 031): rows written in the
 * same transaction as the change, claimed by a worker in each server with `FOR UPDATE SKIP LOCKED` and a
 * lease (the next attempt pushed into the future), so that several servers on one PostgreSQL never take
 * the same row at once, and a row whose worker died is taken again after its lease. The mail outbox, the
 * webhook outbox and the import jobs use these.
 */
import type { SQL } from "drizzle-orm";
import { inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { log } from "~/lib/log.server";

/** A pass making no progress for this long means the worker is stuck (on a hung connection, say). */
export const STALLED_AFTER_MS = 2 * 60_000;

export type WorkerState = "running" | "stalled" | "stopped";

/**
 * Sends claimed rows one after another while their lease, taken at `claimedAt`, still leaves `budgetMs`
 * (what is left goes back when the lease runs out, to this worker or another); `send` delivers and marks
 * a row sent, `failed` records a failed attempt. Returns how many were sent.
 */
export async function sendWithinLease<Row>(
  claimed: readonly Row[],
  lease: { claimedAt: number; leaseMs: number; budgetMs: number },
  send: (row: Row) => Promise<void>,
  failed: (row: Row, error: unknown) => Promise<void>,
): Promise<number> {
  let sent = 0;
  for (const row of claimed) {
    if (Date.now() + lease.budgetMs > lease.claimedAt + lease.leaseMs) break;
    try {
      await send(row);
      sent++;
    } catch (error) {
      await failed(row, error);
    }
  }
  return sent;
}

/**
 * The end of `now`'s millisecond: a claim takes rows due before it. A JavaScript Date holds whole
 * milliseconds, the database's `now()` (a new row's next attempt) microseconds: a row written earlier in
 * the same millisecond would read as later than `now` and wait for the next pass (on a fast machine a
 * test's enqueue and claim fall within one millisecond).
 */
export const dueBefore = (now: Date) => new Date(now.getTime() + 1);

/** What an outbox row keeps of a failed attempt: the error's message, cut to a column's worth. */
export const attemptError = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);

/**
 * Claims up to `limit` rows of `table` matching `due`, oldest first by `orderBy`, and writes `lease` to
 * them (at least the next attempt time) in the same transaction; returns the claimed rows.
 */
export async function claimDue<T extends PgTable>(
  db: Database,
  table: T,
  options: {
    id: PgColumn;
    due: SQL | undefined;
    orderBy: (PgColumn | SQL)[];
    limit: number;
    lease: PgUpdateSetSource<T>;
  },
): Promise<T["$inferSelect"][]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: options.id })
      .from(table as PgTable)
      .where(options.due)
      .orderBy(...options.orderBy)
      .limit(options.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(table)
      .set(options.lease)
      .where(
        inArray(
          options.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return rows as T["$inferSelect"][];
  });
}

export interface OutboxWorker {
  /** Runs a delivery pass now (tests, and after an enqueue). */
  kick(): void;
  /** Running, stopped, or stalled: in a pass that has made no progress for STALLED_AFTER_MS (readiness). */
  state(): WorkerState;
  /** Passes that failed (threw) since the worker started (metrics). */
  failedPasses(): number;
  stop(): Promise<void>;
}

/** What a pass may ask of its worker. */
export interface PassControl {
  /** The worker is stopping: a long pass hands its work back at the next safe point. */
  stopping(): boolean;
  /** A long pass made progress (a batch of a big job): the worker is not stalled. */
  progressed(): void;
}

/**
 * Runs `pass` every `intervalMs`, again at once while it reports work done, and whenever `kick` is called
 * (this process enqueued something); never two passes at once in one process. A failed pass is logged and
 * counted, and the next tick tries again.
 */
export function startOutboxWorker(options: {
  name: string;
  /** Delivers what is due; returns how many rows it handled (0: nothing more to do now). */
  pass: (control: PassControl) => Promise<number>;
  intervalMs: number;
  /** Called with `kick` so that enqueuers in this process can wake the worker; returns an unsubscribe. */
  subscribe?: (kick: () => void) => () => void;
}): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let failed = 0;
  /** When the pass in progress last started or finished a batch. */
  let progressAt = Date.now();
  const control: PassControl = {
    stopping: () => stopped,
    progressed: () => void (progressAt = Date.now()),
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    progressAt = Date.now();
    running = (async () => {
      do {
        again = false;
        try {
          while ((await options.pass(control)) > 0 && !stopped) progressAt = Date.now();
        } catch (error) {
          failed++;
          log.warn({ error, job: options.name }, `[${options.name}] pass failed; the next one tries again`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(kick, options.intervalMs);
  timer.unref();
  const unsubscribe = options.subscribe?.(kick);
  kick();
  return {
    kick,
    state: () =>
      stopped ? "stopped" : running && Date.now() - progressAt > STALLED_AFTER_MS ? "stalled" : "running",
    failedPasses: () => failed,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}

/** A set of wake-up callbacks: enqueuers call `wake()`, workers `subscribe`. */
export function wakeups() {
  const listeners = new Set<() => void>();
  return {
    wake() {
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** What waits in a queue (metrics): pending rows, how long the oldest has waited, and rows given up. */
export interface Backlog {
  pending: number;
  oldestPendingSeconds: number;
  /** Rows that failed for good (their last attempt failed): an operator's to look at. */
  failed: number;
}

/** The backlog of an outbox table whose `status` column says "pending" until a row is sent or "failed". */
export async function pendingBacklog(
  db: Database,
  table: PgTable,
  columns: { status: PgColumn; createdAt: PgColumn },
): Promise<Backlog> {
  const pending = sql`${columns.status} = 'pending'`;
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${pending}))::int`,
      oldest: sql<number>`coalesce(extract(epoch from
        (now() - min(${columns.createdAt}) filter (where ${pending}))), 0)::float8`,
      failed: sql<number>`(count(*) filter (where ${columns.status} = 'failed'))::int`,
    })
    .from(table)
    .where(sql`${columns.status} in ('pending', 'failed')`);
  return {
    pending: row?.pending ?? 0,
    oldestPendingSeconds: Math.max(0, row?.oldest ?? 0),
    failed: row?.failed ?? 0,
  };
}
