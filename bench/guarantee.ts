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
 * The book: BENCH_LEADS leads (default 50,000) over 200 clients (one holding a tenth, at most 20,000),
 * written by lead-seed.ts; the delivery trigger opens a delivery for each assigned lead, which is then
 * dated to the lead's creation (one a minute from 2024-01-01). Every client has an agreement from
 * 2024-01-01; one delivery in 50 has an approved return and one in 200 a waiting one. "Now" is the
 * book's last month. Goal: p95 <= 300 ms on PostgreSQL at 1,000,000 (<= 100 ms for the client's own),
 * <= 500 ms on PGlite at 200,000.
 *
 * Writes bench/results/guarantee.json.
 */
import { performance } from "node:perf_hooks";
import { machine, onCleanup, printTable, run, writeResult } from "./support";
import { benchPeople, SEED_START, seedLeads, seedPeople } from "./lead-seed";
import { permissionsOf } from "~/lib/permissions";

const leadCount = Number(process.env.BENCH_LEADS ?? 50_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const only = process.env.BENCH_DATABASES;
const CLIENTS = 200;
const BIG_CLIENT_LEADS = Math.min(20_000, Math.floor(leadCount / 10));
const GOAL_MS = { pglite: { admin: 500, own: 500 }, postgresql: { admin: 300, own: 100 } } as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const { sql } = await import("drizzle-orm");
  const { installDatabase } = await import("~/db/db.server");
  const schema = await import("~/db/schema");
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
    const people = benchPeople(CLIENTS);
    const { adminId, otherAdminId, clientIds } = people;
    await seedPeople(db, people);
    await seedLeads(db, {
      count: leadCount,
      adminId,
      otherAdminId,
      bigClientId: clientIds[0]!,
      bigClientLeads: BIG_CLIENT_LEADS,
      clientIds: clientIds.slice(1),
      concurrency: database.name === "postgresql" ? 2 : 1,
    });
    // Deliveries dated as the leads were created; returns on a fixed share of them.
    await db.execute(
      sql`update lead_deliveries d set delivered_at = l.created_at from leads l where l.id = d.lead_id`,
    );
    await db.execute(sql`
      insert into lead_returns (delivery_id, lead_id, client_id, reason, state, requested_at, decided_at)
      select d.id, d.lead_id, d.client_id, 'wrong_number', case when n % 200 = 0 then 'requested' else 'approved' end::return_state,
             d.delivered_at + interval '1 day', case when n % 200 = 0 then null else d.delivered_at + interval '2 days' end
      from (select d.*, row_number() over (order by d.delivered_at, d.id) as n from lead_deliveries d) d
      where n % 50 = 0 or n % 200 = 0`);
    await db.insert(schema.clientAgreements).values(
      clientIds.map((clientId) => ({
        clientId,
        version: 1,
        leadsPerMonth: 500,
        startsOn: "2024-01-01",
        pricePerLead: 40,
        createdAt: new Date("2023-12-15T00:00:00Z"),
      })),
    );
    await db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - t0) / 1000;
    const [deliveries] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.leadDeliveries);
    console.log(
      `${database.name}: ${leadCount} leads, ${deliveries!.n} deliveries written in ${seedSeconds.toFixed(1)} s`,
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
        async () => (await listReturns(admin, { state: "requested" })).rows.length,
      ],
      [
        "returns queue, approved, one client",
        goals.admin,
        async () => (await listReturns(admin, { state: "approved", client: clientIds[0]! })).rows.length,
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
    results.push({ database: database.name, seedSeconds: round(seedSeconds), deliveries: deliveries!.n });
    await close();
  }
  console.log(`\n${leadCount} leads, ${CLIENTS} clients, ${runs} runs per query\n`);
  printTable(["database", "query", "answer", "p50 ms", "p95 ms", "goal ms", "met"], rows);
  console.log(`\nwritten to ${writeResult("guarantee", { machine: machine(), leadCount, runs, results })}`);
}

run(main);
