/**
 * How fast the guarantee's views answer on a large book (issue 15): /admin/clients (every client's
 * standing this month and milestones), one client's ledger and milestones (the admin's client page and
 * the client's own dashboard), and the returns queue. Runs the real data-layer functions on in-memory
 * PGlite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database.
 *
 *   BENCH_LEADS=1000000 BENCH_DATABASES=postgresql \
 *     TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/guarantee.ts
 *   BENCH_LEADS=200000 BENCH_DATABASES=pglite npx tsx bench/guarantee.ts
 *
 * The book (guarantee-book.ts, shared with insights.ts): BENCH_LEADS leads (default 50,000) over 200
 * clients, one a minute from 2024-01-01, each assigned one delivered then, one delivery in 50 returned
 * (one in 200 waiting), every client on an agreement from 2024-01-01. "Now" is the
 * book's last month. Goal: p95 <= 300 ms on PostgreSQL at 1,000,000 (<= 100 ms for the client's own),
 * <= 500 ms on PGlite at 200,000.
 *
 * Writes bench/results/guarantee.json.
 */
import { performance } from "node:perf_hooks";
import { machine, onCleanup, printTable, run, writeResult } from "./support";
import { BOOK_CLIENTS, seedGuaranteeBook } from "./guarantee-book";
import { SEED_START } from "./lead-seed";
import { permissionsOf } from "~/lib/permissions";

const leadCount = Number(process.env.BENCH_LEADS ?? 50_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const only = process.env.BENCH_DATABASES;
const GOAL_MS = { pglite: { admin: 500, own: 500 }, postgresql: { admin: 300, own: 100 } } as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const { installDatabase } = await import("~/db/db.server");
  const { clientGuarantee, guaranteeStandings, ownGuarantee } =
    await import("~/features/leads/agreements/ledger.server");
  const { listReturns } = await import("~/features/leads/returns/returns.server");
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

    const now = new Date(SEED_START + (leadCount - 1) * 60_000);
    const admin = { id: adminId, permissions: permissionsOf(["admin"]) };
    const big = { id: clientIds[0]!, permissions: permissionsOf(["client"]) };
    const goals = GOAL_MS[database.name];
    const queries: [string, number, () => Promise<number>][] = [
      [
        "/admin/clients: every client's standing",
        goals.admin,
        async () => (await guaranteeStandings(admin, now)).size,
      ],
      [
        "admin: the big client's ledger",
        goals.admin,
        async () => (await clientGuarantee(admin, clientIds[0]!, now))!.months.length,
      ],
      [
        "admin: a small client's ledger",
        goals.admin,
        async () => (await clientGuarantee(admin, clientIds[7]!, now))!.months.length,
      ],
      [
        "client: own ledger (big client)",
        goals.own,
        async () => (await ownGuarantee(big, now))!.months.length,
      ],
      [
        "returns queue, waiting",
        goals.admin,
        async () => (await listReturns(admin, { state: "requested", sort: "oldest" })).rows.length,
      ],
      [
        "returns queue, waiting, by client",
        goals.admin,
        async () => (await listReturns(admin, { state: "requested", sort: "client" })).rows.length,
      ],
      [
        "returns queue, approved, one client",
        goals.admin,
        async () =>
          (await listReturns(admin, { state: "approved", client: clientIds[0]!, sort: "oldest" })).rows
            .length,
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
  console.log(`\n${leadCount} leads, ${BOOK_CLIENTS} clients, ${runs} runs per query\n`);
  printTable(["database", "query", "answer", "p50 ms", "p95 ms", "goal ms", "met"], rows);
  console.log(`\nwritten to ${writeResult("guarantee", { machine: machine(), leadCount, runs, results })}`);
}

run(main);
