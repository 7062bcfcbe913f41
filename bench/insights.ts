/**
 * How fast the insights answer on a large book (issue 15): the admin's page (every client, the default
 * 12 weeks and a whole year) and a client's own page (the big client and a small one), each as the
 * loader's data-layer call, all sections together. Runs on in-memory PGlite and, when TEST_DATABASE_URL
 * is set, on a fresh PostgreSQL database.
 *
 *   BENCH_LEADS=1000000 BENCH_DATABASES=postgresql \
 *     TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/insights.ts
 *   BENCH_LEADS=200000 BENCH_DATABASES=pglite npx tsx bench/insights.ts
 *
 * The book is guarantee-book.ts's (shared with guarantee.ts): BENCH_LEADS leads (default 50,000) over
 * 200 clients, one a minute from 2024-01-01, each assigned one delivered then, one delivery in 50
 * returned, each reviewed lead's first feedback 1 to 72 hours after delivery, reasons on Not Interested
 * and profits on Deal Closed. The range ends on the book's
 * last day. Goal: p95 <= 300 ms on PostgreSQL at 1,000,000 (<= 100 ms for the client's own), <= 500 ms
 * on PGlite at 200,000.
 *
 * Writes bench/results/insights.json.
 */
import { performance } from "node:perf_hooks";
import { machine, onCleanup, printTable, run, writeResult } from "./support";
import { BOOK_CLIENTS, seedGuaranteeBook } from "./guarantee-book";
import { SEED_START } from "./lead-seed";
import { permissionsOf } from "~/lib/permissions";

const leadCount = Number(process.env.BENCH_LEADS ?? 50_000);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const only = process.env.BENCH_DATABASES;
const GOAL_MS = { pglite: { admin: 500, own: 500 }, postgresql: { admin: 300, own: 100 } } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number) => Math.round(n * 10) / 10;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function main() {
  const { installDatabase } = await import("~/db/db.server");
  const { agencyInsights, ownInsights } = await import("~/features/leads/insights/insights.server");
  const { testDatabases } = await import("../tests/support/databases");

  const rows: (string | number)[][] = [];
  const results: Record<string, unknown>[] = [];
  for (const database of testDatabases.filter((d) => !only || d.name === only)) {
    const handle = await database.open();
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    };
    onCleanup(close);
    installDatabase(handle);
    const db = handle.db;

    const t0 = performance.now();
    const { adminId, clientIds, deliveries } = await seedGuaranteeBook(
      db,
      leadCount,
      database.name === "postgresql" ? 2 : 1,
    );
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(
      `${database.name}: ${leadCount} leads, ${deliveries} deliveries written in ${seedSeconds.toFixed(1)} s`,
    );

    const end = SEED_START + (leadCount - 1) * 60_000;
    const weeks12 = { from: day(end - 83 * DAY_MS), to: day(end) };
    const year = { from: day(end - 364 * DAY_MS), to: day(end) };
    const admin = { id: adminId, permissions: permissionsOf(["admin"]) };
    const client = (id: string) => ({ id, permissions: permissionsOf(["client"]) });
    const goals = GOAL_MS[database.name];
    const delivered = (insights: { delivered: { count: number }[] }) =>
      insights.delivered.reduce((sum, r) => sum + r.count, 0);
    const queries: [string, number, () => Promise<number>][] = [
      ["/admin/insights, 12 weeks", goals.admin, async () => delivered(await agencyInsights(admin, weeks12))],
      ["/admin/insights, a year", goals.admin, async () => delivered(await agencyInsights(admin, year))],
      [
        "/client/insights, big client, 12 weeks",
        goals.own,
        async () => delivered(await ownInsights(client(clientIds[0]!), weeks12)),
      ],
      [
        "/client/insights, big client, a year",
        goals.own,
        async () => delivered(await ownInsights(client(clientIds[0]!), year)),
      ],
      [
        "/client/insights, small client, 12 weeks",
        goals.own,
        async () => delivered(await ownInsights(client(clientIds[7]!), weeks12)),
      ],
    ];
    for (const [name, goal, query] of queries) {
      const answer = await query();
      if (!(answer > 0)) throw new Error(`${database.name}: "${name}" answered ${answer}`);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const began = performance.now();
        await query();
        times.push(performance.now() - began);
      }
      times.sort((a, b) => a - b);
      const p50 = round(percentile(times, 50));
      const p95 = round(percentile(times, 95));
      rows.push([database.name, name, answer, p50, p95, goal, p95 <= goal ? "yes" : "NO"]);
      results.push({ database: database.name, query: name, answer, p50Ms: p50, p95Ms: p95, goalMs: goal });
    }
    results.push({ database: database.name, seedSeconds: round(seedSeconds), deliveries });
    await close();
  }
  console.log(
    `\n${leadCount} leads, ${BOOK_CLIENTS} clients, ${runs} runs per query (answer: leads delivered)\n`,
  );
  printTable(["database", "query", "answer", "p50 ms", "p95 ms", "goal ms", "met"], rows);
  console.log(`\nwritten to ${writeResult("insights", { machine: machine(), leadCount, runs, results })}`);
}

run(main);
