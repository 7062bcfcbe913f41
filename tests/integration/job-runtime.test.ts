/**
 * The background job runtime (lib/jobs, ADR 031) on both databases: a periodic task declared by two
 * runtimes on one database runs once per period; a holder that stops renewing its lease (a crashed or
 * stuck server) has its task taken over when the lease runs out, and not before; a failing task is retried
 * with a doubling backoff, each error logged and counted, and its row says so until it succeeds; a local
 * task keeps its state in the process; shutdown waits for the work in flight, up to its bound.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobSchedule } from "~/db/schema";
import { startJobs, type JobDefinition, type JobRuntime } from "~/lib/jobs/runtime.server";
import { captureLog } from "~/lib/log.server";
import { startOutboxWorker } from "~/lib/outbox/outbox.server";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, checking every 20 ms, for at most `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await sleep(20);
  }
}

/** Clock jitter allowed between the database's time (the schedule) and this process's (the tests). */
const SLACK_MS = 100;

describe.each(testDatabases)("job runtime on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = (): Database => database.db;
  const runtimes: JobRuntime[] = [];
  const start = (jobs: JobDefinition[], options: Parameters<typeof startJobs>[2] = {}) => {
    const runtime = startJobs(db(), jobs, options);
    runtimes.push(runtime);
    return runtime;
  };
  afterEach(async () => {
    await Promise.all(runtimes.splice(0).map((runtime) => runtime.stop(2_000)));
  });
  const row = async (name: string) =>
    (await db().select().from(jobSchedule).where(eq(jobSchedule.name, name)))[0];

  it("runs a periodic task once per period across two runtimes on one database", async () => {
    const everyMs = 400;
    const starts: { holder: string; at: number }[] = [];
    let inFlight = 0;
    let most = 0;
    const task = (holder: string): JobDefinition => ({
      kind: "periodic",
      name: "shared-tick",
      everyMs,
      scope: "cluster",
      async run() {
        starts.push({ holder, at: Date.now() });
        most = Math.max(most, ++inFlight);
        await sleep(50);
        inFlight--;
      },
    });
    const began = Date.now();
    start([task("a")], { holder: "server-a" });
    start([task("b")], { holder: "server-b" });
    await sleep(2_200);
    const elapsed = Date.now() - began;

    expect(most).toBe(1);
    // At most one run per period (plus the first, due at once), and it kept running.
    expect(starts.length).toBeLessThanOrEqual(Math.floor(elapsed / everyMs) + 1);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]!.at - starts[i - 1]!.at, `run ${i}`).toBeGreaterThanOrEqual(everyMs - SLACK_MS);
    expect(await row("shared-tick")).toMatchObject({ failures: 0, lastError: null });
  });

  it("takes over the task of a holder that stopped renewing its lease once the lease runs out", async () => {
    const leaseMs = 300;
    // Server A's run never ends: it is stuck, and its lease is renewed while its process lives.
    let aStarted = false;
    const a = startJobs(
      db(),
      [
        {
          kind: "periodic",
          name: "stuck-task",
          everyMs: 60_000,
          scope: "cluster",
          run: () => {
            aStarted = true;
            return new Promise<never>(() => {});
          },
        },
      ],
      { holder: "server-a", leaseMs },
    );
    await until(() => aStarted);
    let bRanAt = 0;
    start(
      [
        {
          kind: "periodic",
          name: "stuck-task",
          everyMs: 60_000,
          scope: "cluster",
          run: async () => void (bRanAt = Date.now()),
        },
      ],
      { holder: "server-b", leaseMs },
    );
    // Three leases long: A's renewals keep B away.
    await sleep(3 * leaseMs);
    expect(bRanAt).toBe(0);
    expect(await row("stuck-task")).toMatchObject({ leasedBy: "server-a" });

    // A stops renewing, as a crashed server would (its shutdown gave up on the stuck run after the bound).
    const stoppedAt = Date.now();
    expect(await a.stop(50)).toEqual(["stuck-task"]);
    await until(() => bRanAt > 0, 3_000);
    expect(bRanAt).toBeGreaterThanOrEqual(stoppedAt);
    await until(async () => (await row("stuck-task"))!.leasedBy === null);
    const taken = await row("stuck-task");
    expect(taken).toMatchObject({ leasedBy: null, leaseUntil: null, failures: 0 });
    expect(taken!.lastOkAt).not.toBeNull();
  });

  it("retries a failing task with a doubling backoff, logs and counts each error, keeps it on its row", async () => {
    const retryBaseMs = 200;
    const attempts: number[] = [];
    let rowAtThirdAttempt: Awaited<ReturnType<typeof row>>;
    const capture = captureLog("warn");
    let runtime: JobRuntime;
    try {
      runtime = start(
        [
          {
            kind: "periodic",
            name: "flaky-task",
            everyMs: 60_000,
            scope: "cluster",
            async run() {
              attempts.push(Date.now());
              if (attempts.length <= 2) throw new Error(`boom ${attempts.length}`);
              rowAtThirdAttempt = await row("flaky-task");
            },
          },
        ],
        { retryBaseMs },
      );
      await until(() => attempts.length === 3 && rowAtThirdAttempt !== undefined);
      await until(() => runtime.failureCounts()["flaky-task"] === 2);
    } finally {
      capture.stop();
    }
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(retryBaseMs - SLACK_MS);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(2 * retryBaseMs - SLACK_MS);
    // Before the third attempt the row showed the failures and the last error.
    expect(rowAtThirdAttempt!).toMatchObject({
      failures: 2,
      lastError: "boom 2",
      leasedBy: expect.any(String),
    });

    const lines = capture.entries().filter((entry) => entry.job === "flaky-task");
    expect(
      lines.map((entry) => [entry.level, (entry.error as { message: string }).message, entry.failures]),
    ).toEqual([
      ["warn", "boom 1", 1],
      ["warn", "boom 2", 2],
    ]);
    expect(lines[0]!.msg).toBe("[jobs] flaky-task failed; retrying in 200 ms");
    expect(lines[1]!.msg).toBe("[jobs] flaky-task failed; retrying in 400 ms");

    await until(async () => (await row("flaky-task"))!.lastOkAt !== null);
    const after = await row("flaky-task");
    expect(after).toMatchObject({ failures: 0, lastError: null, leasedBy: null });
    expect(after!.lastOkAt).not.toBeNull();
    // One period after the successful run started, not after the failures.
    expect(after!.nextRunAt.getTime() - after!.lastStartedAt!.getTime()).toBe(60_000);
    expect(await runtime!.periodicStatus()).toEqual([
      { name: "flaky-task", lastOkAt: after!.lastOkAt, failures: 0 },
    ]);
  });

  it("runs a local task in this process on its own timer, retrying it with backoff", async () => {
    const attempts: number[] = [];
    const capture = captureLog("warn");
    let runtime: JobRuntime;
    try {
      runtime = start(
        [
          {
            kind: "periodic",
            name: "local-upkeep",
            everyMs: 300,
            scope: "local",
            async run() {
              attempts.push(Date.now());
              if (attempts.length === 1) throw new Error("vacuum failed");
            },
          },
        ],
        { retryBaseMs: 100 },
      );
      await until(() => attempts.length === 1);
      expect(await runtime.periodicStatus()).toEqual([{ name: "local-upkeep", lastOkAt: null, failures: 1 }]);
      await until(() => attempts.length === 2);
    } finally {
      capture.stop();
    }
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(100 - 20);
    expect(attempts[1]! - attempts[0]!).toBeLessThan(300);
    await sleep(20);
    const [status] = await runtime!.periodicStatus();
    expect(status).toMatchObject({ name: "local-upkeep", failures: 0 });
    expect(status!.lastOkAt).toBeInstanceOf(Date);
    expect(runtime!.failureCounts()).toEqual({ "local-upkeep": 1 });
    expect(capture.entries().map((entry) => entry.msg)).toEqual([
      "[jobs] local-upkeep failed; retrying in 100 ms",
    ]);
    // No row: a local task is nobody else's business.
    expect(await row("local-upkeep")).toBeUndefined();
  });

  it("waits at shutdown for a periodic run and a queue pass in flight, and records the run", async () => {
    let runDone = false;
    let passDone = false;
    let runStarted = false;
    let passStarted = false;
    const runtime = startJobs(db(), [
      {
        kind: "periodic",
        name: "slow-task",
        everyMs: 60_000,
        scope: "cluster",
        async run() {
          runStarted = true;
          await sleep(400);
          runDone = true;
        },
      },
      {
        kind: "queue",
        name: "slow-queue",
        start: () =>
          startOutboxWorker({
            name: "slow-queue",
            intervalMs: 60_000,
            async pass() {
              if (passStarted) return 0;
              passStarted = true;
              await sleep(400);
              passDone = true;
              return 1;
            },
          }),
        backlog: async () => ({ pending: 0, oldestPendingSeconds: 0, failed: 0 }),
      },
    ]);
    await until(() => runStarted && passStarted);
    expect(runtime.workerStates()).toEqual({ "slow-queue": "running" });
    expect(await runtime.stop(5_000)).toEqual([]);
    expect(runDone).toBe(true);
    expect(passDone).toBe(true);
    expect(runtime.workerStates()).toEqual({ "slow-queue": "stopped" });
    const recorded = await row("slow-task");
    expect(recorded).toMatchObject({ leasedBy: null, failures: 0 });
    expect(recorded!.lastOkAt).not.toBeNull();
  });

  it("stops waiting at the bound and names what was still busy", async () => {
    let started = false;
    const runtime = startJobs(db(), [
      {
        kind: "queue",
        name: "hung-queue",
        start: () =>
          startOutboxWorker({
            name: "hung-queue",
            intervalMs: 60_000,
            async pass() {
              started = true;
              await sleep(3_000);
              return 0;
            },
          }),
        backlog: async () => ({ pending: 0, oldestPendingSeconds: 0, failed: 0 }),
      },
    ]);
    await until(() => started);
    const capture = captureLog("warn");
    const began = Date.now();
    let busy: string[];
    try {
      busy = await runtime.stop(200);
    } finally {
      capture.stop();
    }
    const waited = Date.now() - began;
    expect(busy).toEqual(["hung-queue"]);
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1_500);
    expect(capture.entries().map((entry) => entry.msg)).toEqual([
      "[jobs] still busy after 0.2 s, left to their leases: hung-queue",
    ]);
  });

  it("refuses two jobs of one name", () => {
    const job: JobDefinition = {
      kind: "periodic",
      name: "twice",
      everyMs: 1_000,
      scope: "local",
      run: async () => undefined,
    };
    expect(() => startJobs(db(), [job, job])).toThrow('Two background jobs are named "twice"');
  });
});
