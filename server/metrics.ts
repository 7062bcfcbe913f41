/**
 * /metrics in Prometheus text format (prom-client): request durations by route pattern, the background
 * jobs (ADR 031: each queue's backlog, oldest pending and failed rows, each periodic task's last success
 * and failures, failed runs per job, workers up), import jobs by state, event-stream clients, the
 * database's connections and the process's own figures. Figures that live in the database are read when
 * Prometheus scrapes, each under a time limit: a slow or unreachable database leaves those gauges empty
 * and `leadworks_database_up` at 0, and the scrape still answers.
 */
import client from "prom-client";
import type { DatabaseHandle } from "~/db/client.server";
import { importJobCounts } from "~/features/leads/import/job.server";
import type { JobsView } from "~/lib/jobs/runtime.server";
import { log } from "~/lib/log.server";
import { withTimeout } from "./timeout";
import type { FinishedRequest } from "./request-log";
import { smsDailyLimitRefusals } from "~/lib/sms/outbox.server";

export interface MetricsSources {
  database: DatabaseHandle;
  /** Open server-sent event streams in this process. */
  eventStreams: () => number;
  /** The background jobs (server/jobs.ts as the runtime runs them). */
  jobs: JobsView;
}

export interface Metrics {
  readonly contentType: string;
  observeRequest(request: FinishedRequest): void;
  /** The exposition text, with the database's figures read now. */
  render(): Promise<string>;
}

/** How long a scrape waits for each database figure. */
const SOURCE_TIMEOUT_MS = 2_000;

export function createMetrics(sources: MetricsSources): Metrics {
  const { database, jobs } = sources;
  const registry = new client.Registry();
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry, prefix: "leadworks_" });

  const requestDuration = new client.Histogram({
    name: "leadworks_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status (probes and scrapes not counted).",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const queueBacklog = new client.Gauge({
    name: "leadworks_queue_backlog",
    help: "Work waiting in the database, per queue (mail: the e-mail outbox; imports: queued or running).",
    labelNames: ["queue"],
    registers,
  });
  const queueFailed = new client.Gauge({
    name: "leadworks_queue_failed",
    help: "Rows given up after their last attempt failed, per queue.",
    labelNames: ["queue"],
    registers,
  });
  const periodicLastSuccess = new client.Gauge({
    name: "leadworks_periodic_last_success_timestamp_seconds",
    help: "When a periodic task last succeeded, on any server (Unix time; 0: never).",
    labelNames: ["task"],
    registers,
  });
  const periodicFailures = new client.Gauge({
    name: "leadworks_periodic_failures",
    help: "Failed runs of a periodic task since its last success.",
    labelNames: ["task"],
    registers,
  });
  const seenFailures = new Map<string, number>();
  new client.Counter({
    name: "leadworks_job_failures_total",
    help: "Failed passes of a queue worker or runs of a periodic task in this process.",
    labelNames: ["job"],
    registers,
    collect() {
      for (const [job, count] of Object.entries(jobs.failureCounts())) {
        this.inc({ job }, count - (seenFailures.get(job) ?? 0));
        seenFailures.set(job, count);
      }
    },
  });
  let seenSmsRefusals = 0;
  new client.Counter({
    name: "leadworks_sms_refused_total",
    help: "Texts not queued in this process because the recipient's company had its day's texts (SMS_DAILY_LIMIT).",
    registers,
    collect() {
      const refused = smsDailyLimitRefusals();
      this.inc(refused - seenSmsRefusals);
      seenSmsRefusals = refused;
    },
  });
  const queueOldest = new client.Gauge({
    name: "leadworks_queue_oldest_pending_seconds",
    help: "Age of the oldest pending delivery per queue, 0 when none waits.",
    labelNames: ["queue"],
    registers,
  });
  const importJobs = new client.Gauge({
    name: "leadworks_import_jobs",
    help: "Lead imports by state.",
    labelNames: ["state"],
    registers,
  });
  new client.Gauge({
    name: "leadworks_event_stream_clients",
    help: "Server-sent event streams open in this process.",
    registers,
    collect() {
      this.set(sources.eventStreams());
    },
  });
  new client.Gauge({
    name: "leadworks_worker_up",
    help: "1 when a background worker of this process runs, 0 when it is stopped or stalled.",
    labelNames: ["worker"],
    registers,
    collect() {
      for (const [name, state] of Object.entries(jobs.workerStates()))
        this.set({ worker: name }, state === "running" ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "leadworks_db_pool_connections",
    help: "Database connections by state (PostgreSQL: the pool's total, idle and waiting requests; embedded: one connection).",
    labelNames: ["state"],
    registers,
    collect() {
      const stats = database.poolStats();
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new client.Gauge({
    name: "leadworks_db_pool_max",
    help: "The most connections the pool opens.",
    registers,
    collect() {
      this.set(database.poolStats().max);
    },
  });
  const databaseInfo = new client.Gauge({
    name: "leadworks_database_info",
    help: "Which database this process uses.",
    labelNames: ["kind"],
    registers,
  });
  databaseInfo.set({ kind: database.kind }, 1);
  const databaseUp = new client.Gauge({
    name: "leadworks_database_up",
    help: "1 when the database answered this scrape's queries in time.",
    registers,
  });

  async function readDatabaseFigures(): Promise<void> {
    let up = 1;
    const read = async <T>(
      what: string,
      query: () => Promise<T>,
      apply: (value: T) => void,
      clear: () => void,
    ) => {
      try {
        apply(await withTimeout(query(), SOURCE_TIMEOUT_MS, `${what} took over ${SOURCE_TIMEOUT_MS} ms`));
      } catch (error) {
        up = 0;
        clear();
        log.warn({ error }, `[metrics] ${what} could not be read`);
      }
    };
    for (const queue of jobs.queues) {
      await read(
        `the ${queue.name} backlog`,
        () => queue.backlog(database.db),
        (backlog) => {
          queueBacklog.set({ queue: queue.name }, backlog.pending);
          queueOldest.set({ queue: queue.name }, backlog.oldestPendingSeconds);
          queueFailed.set({ queue: queue.name }, backlog.failed);
        },
        () => {
          queueBacklog.remove({ queue: queue.name });
          queueOldest.remove({ queue: queue.name });
          queueFailed.remove({ queue: queue.name });
        },
      );
    }
    await read(
      "the periodic tasks",
      () => jobs.periodicStatus(),
      (tasks) => {
        for (const task of tasks) {
          periodicLastSuccess.set({ task: task.name }, task.lastOkAt ? task.lastOkAt.getTime() / 1000 : 0);
          periodicFailures.set({ task: task.name }, task.failures);
        }
      },
      () => {
        periodicLastSuccess.reset();
        periodicFailures.reset();
      },
    );
    await read(
      "the import jobs",
      () => importJobCounts(database.db),
      (counts) => {
        for (const [state, count] of Object.entries(counts)) importJobs.set({ state }, count);
      },
      () => importJobs.reset(),
    );
    databaseUp.set(up);
  }

  return {
    contentType: registry.contentType,
    observeRequest(request) {
      requestDuration.observe(
        { method: request.method, route: request.route, status: request.status },
        request.seconds,
      );
    },
    async render() {
      await readDatabaseFigures();
      return registry.metrics();
    },
  };
}
