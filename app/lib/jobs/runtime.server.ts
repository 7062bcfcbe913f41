/**
 * The one runtime for background work (ADR 031). The server declares every job in one list
 * (server/jobs.ts) and starts it here; the same list feeds /metrics, /readyz and the shutdown:
 * - queues: tables of work written in the change's transaction, claimed with FOR UPDATE SKIP LOCKED under
 *   a lease by a worker in every server (lib/outbox: mail, webhooks, imports);
 * - periodic tasks: once per period across servers through `job_schedule`, or local to this process
 *   (periodic.server.ts), each failure logged, counted and retried with backoff.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { log } from "~/lib/log.server";
import type { Backlog, OutboxWorker, WorkerState } from "~/lib/outbox/outbox.server";
import {
  PERIODIC_DEFAULTS,
  scheduleStatus,
  startPeriodic,
  type PeriodicOptions,
  type PeriodicStatus,
  type PeriodicTask,
} from "./periodic.server";

export interface QueueJob {
  kind: "queue";
  name: string;
  /** Starts this process's worker for the queue. */
  start(): OutboxWorker;
  /** What waits in the queue (metrics). */
  backlog(db: Database): Promise<Backlog>;
}

export interface PeriodicJob extends PeriodicTask {
  kind: "periodic";
}

export type JobDefinition = QueueJob | PeriodicJob;

/** A queue as /metrics reads it. */
export type QueueSource = Pick<QueueJob, "name" | "backlog">;

/** What /metrics and /readyz read of the running jobs. */
export interface JobsView {
  /** Every queue, for its backlog gauges. */
  readonly queues: readonly QueueSource[];
  /** This process's queue workers and their state: a stalled or stopped one makes the server not ready. */
  workerStates(): Record<string, WorkerState>;
  /** Each periodic task's last success and failures since (a cluster task's as every server sees it). */
  periodicStatus(): Promise<PeriodicStatus[]>;
  /** Failed passes and runs in this process since it started, by job. */
  failureCounts(): Record<string, number>;
}

export interface JobRuntime extends JobsView {
  /**
   * Stops every worker and task and waits up to `boundMs` for the work in flight; returns the jobs still
   * busy then (their leases hand the work to another server, or to this one's next start).
   */
  stop(boundMs: number): Promise<string[]>;
}

export function startJobs(
  db: Database,
  jobs: readonly JobDefinition[],
  options: Partial<PeriodicOptions> = {},
): JobRuntime {
  const names = jobs.map((job) => job.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new Error(`Two background jobs are named "${repeated}"`);
  const periodicOptions: PeriodicOptions = {
    holder: options.holder ?? randomUUID(),
    leaseMs: options.leaseMs ?? PERIODIC_DEFAULTS.leaseMs,
    retryBaseMs: options.retryBaseMs ?? PERIODIC_DEFAULTS.retryBaseMs,
  };
  const queues = jobs.filter((job): job is QueueJob => job.kind === "queue");
  const workers = queues.map((job) => ({ name: job.name, worker: job.start() }));
  const runners = jobs
    .filter((job): job is PeriodicJob => job.kind === "periodic")
    .map((job) => startPeriodic(db, job, periodicOptions));

  return {
    queues: queues.map(({ name, backlog }) => ({ name, backlog })),
    workerStates: () => Object.fromEntries(workers.map(({ name, worker }) => [name, worker.state()])),
    async periodicStatus() {
      const cluster = await scheduleStatus(
        db,
        runners.filter((r) => r.task.scope === "cluster").map((r) => r.task.name),
      );
      const local = runners.filter((r) => r.task.scope === "local").map((r) => r.localStatus());
      return [...cluster, ...local];
    },
    failureCounts: () =>
      Object.fromEntries([
        ...workers.map(({ name, worker }) => [name, worker.failedPasses()] as const),
        ...runners.map((runner) => [runner.task.name, runner.failedRuns()] as const),
      ]),
    async stop(boundMs) {
      const busy = new Set(names);
      const stopping = [
        ...workers.map(({ name, worker }) => ({ name, done: worker.stop() })),
        ...runners.map((runner) => ({ name: runner.task.name, done: runner.stop() })),
      ].map(({ name, done }) =>
        done
          .catch((error: unknown) => log.warn({ error, job: name }, `[jobs] ${name} did not stop cleanly`))
          .finally(() => busy.delete(name)),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(stopping),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs))),
      ]);
      clearTimeout(timer);
      if (busy.size > 0) {
        log.warn(
          { jobs: [...busy] },
          `[jobs] still busy after ${boundMs / 1000} s, left to their leases: ${[...busy].join(", ")}`,
        );
      }
      return [...busy];
    },
  };
}
