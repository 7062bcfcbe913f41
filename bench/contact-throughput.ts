/**
 * Accepted contact messages per second through the real server-side path, `submitContactMessage`: the
 * per-e-mail rate limit (advisory lock + count + hit), the row and both outbox e-mails, in one
 * transaction. Runs on in-memory PGlite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL
 * database (created and dropped by tests/support/databases.ts), at concurrency 1 and 16.
 *
 *   npx tsx bench/contact-throughput.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_ci_admin npx tsx bench/contact-throughput.ts
 *
 * Options (environment): BENCH_SUBMISSIONS (default 2000), BENCH_CONCURRENCY (default "1,16").
 * Every submission uses its own e-mail address (the per-e-mail limit is 3 an hour) and the per-IP limit
 * is switched off, so every submission must be accepted; the script fails if one is not, or if the
 * database does not hold exactly one row and two outbox e-mails per submission afterwards.
 *
 * Writes bench/results/contact-throughput.json.
 */
import { performance } from "node:perf_hooks";
import { machine, onCleanup, printTable, run, writeResult } from "./support";

// Before anything reads the environment: the per-IP limit (20 an hour from one address) would
// otherwise stop the run after 20 submissions, since every call here comes from one "address".
process.env.IP_RATE_LIMITS = "off";

const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 2000);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? "1,16").split(",").map(Number);
const warmup = 50;

interface ScenarioResult {
  database: string;
  concurrency: number;
  submissions: number;
  accepted: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  contactRows: number;
  outboxRows: number;
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

async function main() {
  if (!Number.isInteger(submissions) || submissions < 1) throw new Error("BENCH_SUBMISSIONS must be >= 1");
  if (concurrencies.some((c) => !Number.isInteger(c) || c < 1)) {
    throw new Error('BENCH_CONCURRENCY must be a list of positive integers, e.g. "1,16"');
  }

  const { sql } = await import("drizzle-orm");
  const { queryRows } = await import("~/db/client.server");
  const { installDatabase } = await import("~/db/db.server");
  const { env } = await import("~/lib/env.server");
  const { submitContactMessage } = await import("~/features/contact/contact.server");
  const { testDatabases } = await import("../tests/support/databases");

  if (env().IP_RATE_LIMITS !== "off") throw new Error("IP_RATE_LIMITS must be off for this benchmark");
  if (!process.env.TEST_DATABASE_URL) {
    console.log("TEST_DATABASE_URL is not set: PGlite only.");
  }

  const results: ScenarioResult[] = [];
  let runId = 0;

  for (const database of testDatabases) {
    for (const concurrency of concurrencies) {
      runId++;
      // A fresh database per scenario, so the row counts below belong to this scenario alone.
      const handle = await database.open();
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      onCleanup(close);
      try {
        installDatabase(handle);
        const input = (i: number) => ({
          name: "Jane Investor",
          email: `bench-${runId}-${i}@example.com`,
          company: "Oak Street Buyers",
          subject: "Leads in Dallas",
          message: "We want 200 leads a month in Dallas County. Can you start next week?",
        });
        const submit = async (i: number) => {
          const result = await submitContactMessage(input(i), { ip: "203.0.113.7" });
          if (result.status !== "sent") throw new Error(`submission ${i} was not accepted: ${result.status}`);
        };

        // Warm-up (connections, prepared plans, JIT); counted in the rows, not in the timings.
        for (let i = 0; i < warmup; i++) await submit(-1 - i);

        const latencies: number[] = [];
        let next = 0;
        let accepted = 0;
        const worker = async () => {
          while (next < submissions) {
            const i = next++;
            const started = performance.now();
            await submit(i);
            latencies.push(performance.now() - started);
            accepted++;
          }
        };
        const started = performance.now();
        await Promise.all(Array.from({ length: concurrency }, worker));
        const seconds = (performance.now() - started) / 1000;

        const [counts] = await queryRows<{ contacts: number; outbox: number; hits: number }>(
          handle.db,
          sql`select (select count(*)::int from contact_submissions) as contacts,
                     (select count(*)::int from mail_outbox) as outbox,
                     (select count(*)::int from rate_limit_hits) as hits`,
        );
        const expectedRows = submissions + warmup;
        if (counts?.contacts !== expectedRows || counts.outbox !== 2 * expectedRows) {
          throw new Error(
            `${database.name}: expected ${expectedRows} messages and ${2 * expectedRows} outbox e-mails, ` +
              `found ${counts?.contacts} and ${counts?.outbox}`,
          );
        }
        if (counts.hits !== expectedRows) {
          throw new Error(`${database.name}: expected ${expectedRows} rate-limit hits, found ${counts.hits}`);
        }

        const sorted = [...latencies].sort((a, b) => a - b);
        const result: ScenarioResult = {
          database: database.name,
          concurrency,
          submissions,
          accepted,
          seconds: round(seconds, 3),
          perSecond: round(accepted / seconds, 1),
          p50Ms: round(percentile(sorted, 50)),
          p95Ms: round(percentile(sorted, 95)),
          p99Ms: round(percentile(sorted, 99)),
          maxMs: round(sorted[sorted.length - 1]!),
          contactRows: counts.contacts,
          outboxRows: counts.outbox,
        };
        results.push(result);
        console.log(
          `${database.name} x${concurrency}: ${result.perSecond} submissions/s ` +
            `(p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms)`,
        );
      } finally {
        await close();
      }
    }
  }

  console.log();
  printTable(
    [
      "database",
      "concurrency",
      "submissions",
      "submissions/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "contact rows",
      "outbox rows",
    ],
    results.map((r) => [
      r.database,
      r.concurrency,
      r.submissions,
      r.perSecond,
      r.p50Ms,
      r.p95Ms,
      r.p99Ms,
      r.maxMs,
      r.contactRows,
      r.outboxRows,
    ]),
  );
  console.log(`\nRow counts include ${warmup} warm-up submissions per scenario: 1 message + 2 e-mails each.`);

  const file = writeResult("contact-throughput", {
    machine: machine(),
    method:
      "submitContactMessage called directly (no HTTP); distinct e-mail per submission; IP_RATE_LIMITS=off; " +
      `${warmup} untimed warm-up submissions per scenario; fresh database per scenario; ` +
      "latency = one call (rate check + insert + 2 outbox rows in one transaction); percentiles nearest-rank",
    submissions,
    warmup,
    results,
  });
  console.log(`Wrote ${file}`);

  // Every database handle is closed by now; anything still open besides stdio (a TTY or a pipe) would
  // be a leak: a PostgreSQL socket shows as TCPSocketWrap, a timer as Timeout.
  const open = process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap" && kind !== "PipeWrap");
  console.log(`Open handles after closing the databases: ${open.length === 0 ? "none" : open.join(", ")}`);
}

run(main);
