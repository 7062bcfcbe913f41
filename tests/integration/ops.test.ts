/**
 * The ops endpoints against real databases: readiness and each way it fails (database closed or not
 * answering, a migration missing, a queue worker stopped or stalled, the server stopping), its database
 * and bucket checks reused for a second however many ask (issue 23), and /metrics
 * figures that move with the data (a contact form fills the outbox gauge, delivery empties it; failed
 * rows; import jobs by state; periodic tasks' last success), with bounded labels. The jobs are a real
 * runtime (lib/jobs) whose mail worker is a stand-in with a state the tests set.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { leadImports, mailOutbox } from "~/db/schema";
import { handleContactPost } from "~/features/contact/contact-action.server";
import { importBacklog } from "~/features/leads/import/job.server";
import { startJobs, type JobRuntime } from "~/lib/jobs/runtime.server";
import { deliverDueMail, mailBacklog } from "~/lib/mail/outbox.server";
import type { WorkerState } from "~/lib/outbox/outbox.server";
import { webhookBacklog } from "~/lib/webhooks/outbox.server";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";
import { createMetrics } from "../../server/metrics";
import { answerOps, metricsAccess, NOT_FOUND, READY_CACHE_MS, type OpsContext } from "../../server/ops";

process.env.IP_RATE_LIMITS = "off";

const TOKEN = "integration-metrics-token-0123456789";

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases)("ops endpoints on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  let mailState: WorkerState = "running";
  let stopping = false;
  let context: OpsContext;
  let jobs: JobRuntime;
  let pruned = 0;

  const standIn = (state: () => WorkerState) => ({
    kick() {},
    state,
    failedPasses: () => 0,
    async stop() {},
  });

  beforeAll(async () => {
    const handle: DatabaseHandle = database.handle;
    jobs = startJobs(handle.db, [
      { kind: "queue", name: "mail", start: () => standIn(() => mailState), backlog: mailBacklog },
      { kind: "queue", name: "webhooks", start: () => standIn(() => "running"), backlog: webhookBacklog },
      { kind: "queue", name: "imports", start: () => standIn(() => "running"), backlog: importBacklog },
      {
        kind: "periodic",
        name: "ops-test-prune",
        everyMs: 3_600_000,
        scope: "cluster",
        run: async () => void pruned++,
      },
    ]);
    context = {
      database: handle,
      jobs,
      stopping: () => stopping,
      metrics: createMetrics({ database: handle, eventStreams: () => 2, jobs }),
      access: metricsAccess({ METRICS_TOKEN: TOKEN }),
    };
    // The cluster task runs at once on a new schedule.
    for (let i = 0; i < 100 && pruned === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pruned).toBe(1);
  });
  afterAll(async () => {
    expect(await jobs.stop(5_000)).toEqual([]);
  });
  afterEach(() => {
    mailState = "running";
    stopping = false;
  });

  const ask = (path: "/healthz" | "/readyz" | "/metrics", authorization?: string) =>
    answerOps(path, { authorization, address: "198.51.100.7" }, context);
  const metricsText = async () => {
    const answer = await ask("/metrics", `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers["Content-Type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers["Cache-Control"]).toBe("no-store");
    return answer.body;
  };

  it("is ready when the database answers, every migration is applied and every queue worker runs", async () => {
    const answer = await ask("/readyz");
    expect(answer.status).toBe(200);
    expect(answer.headers["Cache-Control"]).toBe("no-store");
    expect(JSON.parse(answer.body)).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", mail: "ok", webhooks: "ok", imports: "ok" },
    });
  });

  it("is not ready, with Retry-After and what is wrong, while a queue worker is stopped or stalled", async () => {
    for (const state of ["stopped", "stalled"] as const) {
      mailState = state;
      const answer = await ask("/readyz");
      expect(answer.status).toBe(503);
      expect(answer.headers["Retry-After"]).toBe("5");
      expect(JSON.parse(answer.body)).toEqual({
        status: "unavailable",
        failing: ["mail"],
        checks: { database: "ok", migrations: "ok", mail: state, webhooks: "ok", imports: "ok" },
      });
    }
  });

  it("is not ready while the server shuts down, though still alive", async () => {
    stopping = true;
    const answer = await ask("/readyz");
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({
      failing: ["server"],
      checks: { server: "shutting down" },
    });
    expect((await ask("/healthz")).status).toBe(200);
  });

  type MigrationRow = { id: number; hash: string; created_at: string };
  /** Removes the journal's row of this build's last migration, as if it had never been applied. */
  const dropLastMigration = async () =>
    (
      (await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
      )) as unknown as { rows: MigrationRow[] }
    ).rows[0]!;
  const restoreMigration = (row: MigrationRow) =>
    database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
    );
  /** /readyz for a context of its own: nothing remembered from the tests before. */
  const readyFor = (own: OpsContext) => answerOps("/readyz", { address: "198.51.100.7" }, own);

  it("is not ready when a migration of this build is missing from the database", async () => {
    const row = await dropLastMigration();
    try {
      const answer = await readyFor({ ...context });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({
        failing: ["migrations"],
        checks: { database: "ok", migrations: "1 not applied" },
      });
    } finally {
      await restoreMigration(row);
    }
    expect((await readyFor({ ...context })).status).toBe(200);
  });

  it("asks the database and the bucket once a second at most, however many ask; the rest afresh", async () => {
    let bucketChecks = 0;
    // The bucket is a stand-in that counts its HeadBucket calls; the database is the real one.
    const counted: OpsContext = { ...context, fileStore: { check: async () => void bucketChecks++ } };
    vi.useFakeTimers({ toFake: ["Date"] });
    let row: MigrationRow | undefined;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => readyFor(counted)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(JSON.parse(answers[0]!.body).checks).toMatchObject({ database: "ok", storage: "ok" });
      expect(bucketChecks).toBe(1);

      // Within the second: the database's change is not seen yet; a stopped worker or shutdown is.
      row = await dropLastMigration();
      vi.setSystemTime(Date.now() + READY_CACHE_MS - 1);
      expect((await readyFor(counted)).status).toBe(200);
      mailState = "stopped";
      expect(JSON.parse((await readyFor(counted)).body)).toMatchObject({ failing: ["mail"] });
      mailState = "running";
      stopping = true;
      expect(JSON.parse((await readyFor(counted)).body)).toMatchObject({ failing: ["server"] });
      stopping = false;
      expect(bucketChecks).toBe(1);

      // A second after they answered, the checks are made again.
      vi.setSystemTime(Date.now() + 1);
      const later = await readyFor(counted);
      expect(later.status).toBe(503);
      expect(JSON.parse(later.body)).toMatchObject({ failing: ["migrations"] });
      expect(bucketChecks).toBe(2);
    } finally {
      vi.useRealTimers();
      if (row) await restoreMigration(row);
    }
  });

  it("counts a contact form's e-mails in the outbox gauge until they are delivered", async () => {
    const before = await metricsText();
    expect(sample(before, 'leadworks_queue_backlog{queue="mail"}')).toBe(0);
    expect(sample(before, 'leadworks_queue_oldest_pending_seconds{queue="mail"}')).toBe(0);
    const result = await handleContactPost(
      new Request("http://localhost/contact/real-estate-lead-generation-services", {
        method: "POST",
        body: new URLSearchParams({
          name: "Gauge Tester",
          email: "gauge@example.com",
          company: "",
          subject: "Metrics",
          message: "Does the gauge move?",
        }),
      }),
      {},
    );
    expect((result as { init?: { status?: number } }).init?.status ?? 200).toBe(200);
    const queued = await database.db.$count(mailOutbox, sql`${mailOutbox.status} = 'pending'`);
    expect(queued).toBeGreaterThan(0);
    const during = await metricsText();
    expect(sample(during, 'leadworks_queue_backlog{queue="mail"}')).toBe(queued);
    expect(sample(during, 'leadworks_queue_oldest_pending_seconds{queue="mail"}')).toBeGreaterThanOrEqual(0);

    // An hour-old message shows its age.
    await database.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - 3_600_000) });
    expect(
      sample(await metricsText(), 'leadworks_queue_oldest_pending_seconds{queue="mail"}'),
    ).toBeGreaterThanOrEqual(3_599);

    await deliverDueMail(database.db, async () => undefined, "Leadworks <no-reply@leadworks.example>", 100);
    const after = await metricsText();
    expect(sample(after, 'leadworks_queue_backlog{queue="mail"}')).toBe(0);
    expect(sample(after, 'leadworks_queue_oldest_pending_seconds{queue="mail"}')).toBe(0);
    expect(sample(after, 'leadworks_queue_failed{queue="mail"}')).toBe(0);

    // A message given up after its last attempt is counted as failed, not as waiting.
    const [sent] = await database.db.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
    await database.db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, sent!.id));
    const failed = await metricsText();
    expect(sample(failed, 'leadworks_queue_failed{queue="mail"}')).toBe(1);
    expect(sample(failed, 'leadworks_queue_backlog{queue="mail"}')).toBe(0);
  });

  it("shows every queue, each periodic task's last success and failures, and failed runs per job", async () => {
    const before = Date.now() / 1000;
    const text = await metricsText();
    for (const queue of ["mail", "webhooks", "imports"]) {
      expect(sample(text, `leadworks_queue_backlog{queue="${queue}"}`), queue).toBe(0);
      expect(sample(text, `leadworks_worker_up{worker="${queue}"}`), queue).toBe(1);
      expect(sample(text, `leadworks_job_failures_total{job="${queue}"}`), queue).toBe(0);
    }
    const lastOk = sample(text, 'leadworks_periodic_last_success_timestamp_seconds{task="ops-test-prune"}');
    expect(lastOk).toBeGreaterThan(before - 120);
    expect(lastOk).toBeLessThanOrEqual(before + 1);
    expect(sample(text, 'leadworks_periodic_failures{task="ops-test-prune"}')).toBe(0);
    expect(sample(text, 'leadworks_job_failures_total{job="ops-test-prune"}')).toBe(0);
  });

  it("shows import jobs by every state, event streams, workers, the pool and the database", async () => {
    await database.db.insert(leadImports).values([
      { fileName: "a.csv", status: "queued" },
      { fileName: "b.csv", status: "queued" },
      { fileName: "c.csv", status: "done" },
    ]);
    mailState = "stalled";
    const text = await metricsText();
    expect(sample(text, 'leadworks_import_jobs{state="queued"}')).toBe(2);
    expect(sample(text, 'leadworks_import_jobs{state="done"}')).toBe(1);
    expect(sample(text, 'leadworks_import_jobs{state="running"}')).toBe(0);
    expect(sample(text, 'leadworks_queue_backlog{queue="imports"}')).toBe(2);
    expect(sample(text, "leadworks_event_stream_clients")).toBe(2);
    expect(sample(text, 'leadworks_worker_up{worker="mail"}')).toBe(0);
    expect(sample(text, "leadworks_database_up")).toBe(1);
    expect(sample(text, 'leadworks_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "leadworks_db_pool_max")).toBe(testDb.name === "pglite" ? 1 : 20);
    expect(text).toContain("leadworks_process_resident_memory_bytes");
  });

  it("records request durations by route pattern and bounded method", async () => {
    context.metrics.observeRequest({
      method: "GET",
      route: "/admin/leads/:id",
      status: "200",
      seconds: 0.02,
    });
    context.metrics.observeRequest({ method: "OTHER", route: "/*", status: "405", seconds: 0.001 });
    const text = await metricsText();
    expect(
      sample(
        text,
        'leadworks_http_request_duration_seconds_count{method="GET",route="/admin/leads/:id",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'leadworks_http_request_duration_seconds_bucket{le="0.025",method="GET",route="/admin/leads/:id",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'leadworks_http_request_duration_seconds_count{method="OTHER",route="/*",status="405"}'),
    ).toBe(1);
  });

  it("answers /metrics 404 without the token, like an unknown path", async () => {
    expect(await ask("/metrics")).toEqual(NOT_FOUND);
    expect(await ask("/metrics", "Bearer wrong-token")).toEqual(NOT_FOUND);
  });

  it("is not ready once the database is closed, and the metrics say so and still answer", async () => {
    const closing = await testDb.open();
    const shared = context;
    context = {
      ...shared,
      database: closing,
      metrics: createMetrics({ database: closing, eventStreams: () => 0, jobs }),
    };
    await closing.close();
    try {
      await expectClosedDatabase();
    } finally {
      context = shared;
    }
  });

  async function expectClosedDatabase() {
    const answer = await ask("/readyz");
    expect(answer.status).toBe(503);
    expect(answer.headers["Retry-After"]).toBe("5");
    expect(JSON.parse(answer.body)).toEqual({
      status: "unavailable",
      failing: ["database", "migrations"],
      checks: {
        database: "unreachable",
        migrations: "unknown",
        mail: "ok",
        webhooks: "ok",
        imports: "ok",
      },
    });
    expect((await ask("/healthz")).status).toBe(200);
    const text = await metricsText();
    expect(sample(text, "leadworks_database_up")).toBe(0);
    expect(sample(text, 'leadworks_queue_backlog{queue="mail"}')).toBeUndefined();
  }
});
