/**
 * Periodic tasks (ADR 031). A "cluster" task runs once per period across every server on the database:
 * its row in `job_schedule` is claimed with FOR UPDATE SKIP LOCKED when due and leased to one server while
 * the task runs (the lease is renewed meanwhile; a crashed holder's lease runs out and another server takes
 * the task). A "local" task runs in this process on its own timer (the embedded database's upkeep, which
 * no other server can do). A failed run is logged, counted and retried with a doubling backoff, at most one
 * period apart. Times are the database's (`now()`), so servers with skewed clocks agree.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { attemptError } from "~/lib/outbox/outbox.server";

export interface PeriodicTask {
  /** Unique among the jobs: the task's row in job_schedule and its label in /metrics. */
  name: string;
  everyMs: number;
  /** "cluster": once per period across servers; "local": in this process only (embedded upkeep). */
  scope: "cluster" | "local";
  /** Does the work; logs what it did worth a line. A thrown error is a failed run. */
  run(): Promise<unknown>;
}

/** How a task stands: its last success (on any server, for a cluster task) and failures since. */
export interface PeriodicStatus {
  name: string;
  lastOkAt: Date | null;
  failures: number;
}

export interface PeriodicOptions {
  /** This process's id in `leased_by`. */
  holder: string;
  /** How long a claim holds without renewal; renewed every third of it while the task runs. */
  leaseMs: number;
  /** The first retry's delay after a failure; it doubles per failure, capped at the task's period. */
  retryBaseMs: number;
}

export const PERIODIC_DEFAULTS = { leaseMs: 2 * 60_000, retryBaseMs: 10_000 } as const;

/** How soon a server looks again when the row was busy (another server claiming it this instant). */
const BUSY_RECHECK_MS = 1_000;

/** The delay before retry number `failures` (1 for the first): base, 2 x base, 4 x base ... up to `capMs`. */
export const retryDelayMs = (failures: number, baseMs: number, capMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, failures - 1), capMs);

/** Makes sure the task has its row (due now when new); a no-op when it exists. Cheap: run every turn. */
export async function ensureScheduled(db: Database, name: string): Promise<void> {
  await db.execute(sql`insert into job_schedule (name) values (${name}) on conflict (name) do nothing`);
}

/**
 * Claims the task for `holder` when it is due and nobody holds an unexpired lease on it. Returns true
 * when claimed; otherwise how long until it may be due (its next run, or the end of another's lease).
 */
export async function claimPeriodic(
  db: Database,
  name: string,
  holder: string,
  leaseMs: number,
): Promise<{ claimed: true } | { claimed: false; waitMs: number }> {
  const claimed = await queryRows<{ name: string }>(
    db,
    sql`with due as (
          select name from job_schedule
          where name = ${name} and next_run_at <= now() and (lease_until is null or lease_until <= now())
          for update skip locked)
        update job_schedule s
        set leased_by = ${holder}, lease_until = now() + ${leaseMs} * interval '1 millisecond',
            last_started_at = now()
        from due where s.name = due.name
        returning s.name`,
  );
  if (claimed.length > 0) return { claimed: true };
  const [row] = await queryRows<{ waitMs: number | null }>(
    db,
    sql`select (extract(epoch from (greatest(next_run_at, coalesce(lease_until, next_run_at)) - now()))
          * 1000)::float8 as "waitMs"
        from job_schedule where name = ${name}`,
  );
  // No row: it is being created or was removed; look again soon.
  return { claimed: false, waitMs: Math.max(0, row?.waitMs ?? BUSY_RECHECK_MS) || BUSY_RECHECK_MS };
}

/** Keeps the claim alive while the task runs; false when it is no longer ours. */
async function renewLease(db: Database, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`update job_schedule set lease_until = now() + ${leaseMs} * interval '1 millisecond'
        where name = ${name} and leased_by = ${holder} returning name`,
  );
  return rows.length > 0;
}

/**
 * Records a finished run and frees the task: after a success the next run is one period after this one
 * started; after a failure it is the backoff away. Returns the wait until then, or null when the claim
 * was no longer ours (another server took it over after our lease ran out).
 */
async function finishPeriodic(
  db: Database,
  name: string,
  holder: string,
  outcome: { ok: true; everyMs: number } | { ok: false; error: string; everyMs: number; retryBaseMs: number },
): Promise<{ waitMs: number; failures: number } | null> {
  const [row] = outcome.ok
    ? await queryRows<{ waitMs: number; failures: number }>(
        db,
        sql`update job_schedule
            set leased_by = null, lease_until = null, last_ok_at = now(), last_error = null, failures = 0,
                next_run_at = last_started_at + ${outcome.everyMs} * interval '1 millisecond'
            where name = ${name} and leased_by = ${holder}
            returning (extract(epoch from (next_run_at - now())) * 1000)::float8 as "waitMs", failures`,
      )
    : await queryRows<{ waitMs: number; failures: number }>(
        db,
        // The right-hand side sees the old `failures`: the first failure waits the base delay.
        sql`update job_schedule
            set leased_by = null, lease_until = null, last_error = ${outcome.error}, failures = failures + 1,
                next_run_at = now() + least(${outcome.retryBaseMs} * power(2, least(failures, 30)),
                                            ${outcome.everyMs}) * interval '1 millisecond'
            where name = ${name} and leased_by = ${holder}
            returning (extract(epoch from (next_run_at - now())) * 1000)::float8 as "waitMs", failures`,
      );
  return row ? { waitMs: Math.max(0, row.waitMs), failures: row.failures } : null;
}

/** The cluster tasks' rows as /metrics shows them. */
export async function scheduleStatus(db: Database, names: string[]): Promise<PeriodicStatus[]> {
  if (names.length === 0) return [];
  const rows = await queryRows<{ name: string; lastOkAt: string | Date | null; failures: number }>(
    db,
    sql`select name, last_ok_at as "lastOkAt", failures from job_schedule
        where name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  return names.map((name) => {
    const row = byName.get(name);
    return {
      name,
      lastOkAt: row?.lastOkAt ? new Date(row.lastOkAt) : null,
      failures: row?.failures ?? 0,
    };
  });
}

export interface PeriodicRunner {
  readonly task: PeriodicTask;
  /** Failed runs in this process since it started (metrics). */
  failedRuns(): number;
  /** A local task's status (a cluster task's is in its row). */
  localStatus(): PeriodicStatus;
  /** Stops scheduling and waits for the run in progress. */
  stop(): Promise<void>;
}

/** Runs `task` on its schedule until stopped. */
export function startPeriodic(db: Database, task: PeriodicTask, options: PeriodicOptions): PeriodicRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  /** Renews the lease of a cluster task while it runs. */
  let heartbeat: NodeJS.Timeout | undefined;
  let failedRuns = 0;
  /** Consecutive failures of this process's own attempts (local runs, and claims that could not be made). */
  let localFailures = 0;
  let lastOkAt: Date | null = null;

  const failed = (error: unknown, failures: number, waitMs: number, what = "failed") => {
    failedRuns++;
    const wait = waitMs < 1000 ? `${Math.round(waitMs)} ms` : `${Math.round(waitMs / 1000)} s`;
    log.warn(
      { error, job: task.name, failures, retryInMs: Math.round(waitMs) },
      `[jobs] ${task.name} ${what}; retrying in ${wait}`,
    );
  };

  /** Runs the task once, the lease renewed meanwhile for a cluster task. */
  const runOnce = async (): Promise<unknown> => {
    if (task.scope === "cluster") {
      heartbeat = setInterval(() => {
        renewLease(db, task.name, options.holder, options.leaseMs)
          .then((ours) => {
            if (!ours) log.warn({ job: task.name }, `[jobs] ${task.name}: lease lost while running`);
          })
          .catch((error: unknown) =>
            log.warn({ error, job: task.name }, `[jobs] ${task.name}: lease not renewed`),
          );
      }, options.leaseMs / 3);
      heartbeat.unref();
    }
    try {
      await task.run();
      return undefined;
    } catch (error) {
      return error ?? new Error("failed");
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** One turn of a cluster task: claim if due, run, record; returns the wait until the next turn. */
  const clusterTurn = async (): Promise<number> => {
    await ensureScheduled(db, task.name);
    const claim = await claimPeriodic(db, task.name, options.holder, options.leaseMs);
    if (!claim.claimed) return claim.waitMs;
    const error = await runOnce();
    const finished = await finishPeriodic(
      db,
      task.name,
      options.holder,
      error === undefined
        ? { ok: true, everyMs: task.everyMs }
        : { ok: false, error: attemptError(error), everyMs: task.everyMs, retryBaseMs: options.retryBaseMs },
    );
    if (!finished) {
      log.warn({ job: task.name }, `[jobs] ${task.name}: another server took the task over meanwhile`);
      if (error !== undefined) failed(error, 1, options.retryBaseMs);
      return options.retryBaseMs;
    }
    if (error !== undefined) failed(error, finished.failures, finished.waitMs);
    return finished.waitMs;
  };

  /** One turn of a local task: run, then wait a period (or the backoff). */
  const localTurn = async (): Promise<number> => {
    const error = await runOnce();
    if (error === undefined) {
      localFailures = 0;
      lastOkAt = new Date();
      return task.everyMs;
    }
    localFailures++;
    const waitMs = retryDelayMs(localFailures, options.retryBaseMs, task.everyMs);
    failed(error, localFailures, waitMs);
    return waitMs;
  };

  const turn = async () => {
    let waitMs: number;
    try {
      waitMs = await (task.scope === "cluster" ? clusterTurn() : localTurn());
      if (task.scope === "cluster") localFailures = 0;
    } catch (error) {
      // The schedule itself could not be read or written (the database is away): back off and try again.
      localFailures++;
      waitMs = retryDelayMs(localFailures, options.retryBaseMs, task.everyMs);
      failed(error, localFailures, waitMs, "could not be scheduled");
    }
    schedule(waitMs);
  };

  const schedule = (waitMs: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        current = turn().finally(() => (current = undefined));
      },
      Math.max(0, Math.min(waitMs, task.everyMs)),
    );
    timer.unref();
  };

  // A cluster task looks at its row at once (it runs when due); the embedded upkeep waits a period first:
  // the server has just started and needs its one connection.
  schedule(task.scope === "cluster" ? 0 : task.everyMs);

  return {
    task,
    failedRuns: () => failedRuns,
    localStatus: () => ({ name: task.name, lastOkAt, failures: localFailures }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A run still going after the shutdown bound keeps its lease only until it runs out: should this
      // process die with it, another server takes the task then.
      clearInterval(heartbeat);
      await current;
    },
  };
}
