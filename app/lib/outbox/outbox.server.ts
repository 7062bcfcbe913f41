/**
 * What every outbox shares (ADR 007, ADR 023): rows written in the same transaction as the change, claimed
 * by a worker in each server with `FOR UPDATE SKIP LOCKED` and a lease (the next attempt pushed into the
 * future), so that several servers on one PostgreSQL never take the same row at once, and a row whose
 * worker died is taken again after its lease. The mail outbox and the webhook outbox both use these.
 */
import type { SQL } from "drizzle-orm";
import { inArray } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";

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
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs`, again at once while it reports work done, and whenever `kick` is called
 * (this process enqueued something); never two passes at once in one process.
 */
export function startOutboxWorker(options: {
  name: string;
  /** Delivers what is due; returns how many rows it handled (0: nothing more to do now). */
  pass: () => Promise<number>;
  intervalMs: number;
  /** Called with `kick` so that enqueuers in this process can wake the worker; returns an unsubscribe. */
  subscribe?: (kick: () => void) => () => void;
}): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while ((await options.pass()) > 0 && !stopped);
        } catch (error) {
          console.warn(`[${options.name}] delivery pass failed:`, (error as Error).message);
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
