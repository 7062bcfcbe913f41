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
 * The book is guarantee.ts's: BENCH_LEADS leads (default 50,000) over 200 clients written by
 * lead-seed.ts, one a minute from 2024-01-01, each assigned one delivered then; one delivery in 50
 * returned. On top: every reviewed lead's first feedback (an activity by the client, 1 to 72 hours after
 * delivery, also kept on the delivery as submitFeedback keeps it), a reason on each Not Interested, a profit on each Deal Closed. The range ends on the book's
 * last day. Goal: p95 <= 300 ms on PostgreSQL at 1,000,000 (<= 100 ms for the client's own), <= 500 ms
 * on PGlite at 200,000.
 *
 * Writes bench/results/insights.json.
 */
import { performance } from "node:perf_hooks";
import { machine, onCleanup, printTable, run, writeResult } from "./support";
import { SEED_START, seedLeads } from "./lead-seed";
import { permissionsOf } from "~/lib/permissions";

const leadCount = Number(process.env.BENCH_LEADS ?? 50_000);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const only = process.env.BENCH_DATABASES;
const CLIENTS = 200;
const BIG_CLIENT_LEADS = Math.min(20_000, Math.floor(leadCount / 10));
const GOAL_MS = { pglite: { admin: 500, own: 500 }, postgresql: { admin: 300, own: 100 } } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number) => Math.round(n * 10) / 10;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function main() {
  const { sql } = await import("drizzle-orm");
  const { installDatabase } = await import("~/db/db.server");
  const schema = await import("~/db/schema");
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
    const adminId = "00000000-0000-4000-8000-00000000a000";
    const clientIds = Array.from(
      { length: CLIENTS },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const people = [adminId, ...clientIds];
    await db
      .insert(schema.user)
      .values(people.map((id, i) => ({ id, name: `User ${i}`, email: `u${i}@bench.test` })));
    await db.insert(schema.profiles).values(
      people.map((id, i) => ({
        userId: id,
        email: `u${i}@bench.test`,
        firstName: "User",
        lastName: String(i),
        companyName: `Investor ${i}`,
      })),
    );
    await db
      .insert(schema.userRoles)
      .values([
        { userId: adminId, role: "admin" as const },
        ...clientIds.map((userId) => ({ userId, role: "client" as const })),
      ]);
    await seedLeads(db, {
      count: leadCount,
      adminId,
      otherAdminId: adminId,
      bigClientId: clientIds[0]!,
      bigClientLeads: BIG_CLIENT_LEADS,
      clientIds: clientIds.slice(1),
      concurrency: database.name === "postgresql" ? 2 : 1,
    });
    await db.execute(
      sql`update lead_deliveries d set delivered_at = l.created_at from leads l where l.id = d.lead_id`,
    );
    await db.execute(sql`
      insert into lead_returns (delivery_id, lead_id, client_id, reason, state, requested_at, decided_at)
      select d.id, d.lead_id, d.client_id,
             (array['wrong_number','not_owner','not_motivated','duplicate']::return_reason[])[n / 50 % 4 + 1],
             case when n % 200 = 0 then 'requested' else 'approved' end::return_state,
             d.delivered_at + interval '1 day', case when n % 200 = 0 then null else d.delivered_at + interval '2 days' end
      from (select d.*, row_number() over (order by d.delivered_at, d.id) as n from lead_deliveries d) d
      where n % 50 = 0 or n % 200 = 0`);
    // The first feedback on each reviewed lead, as the portal writes it; reasons and deal figures.
    await db.execute(sql`
      insert into lead_activities (lead_id, activity_type, description, performed_by, created_at)
      select d.lead_id, 'client_feedback_submitted', 'Feedback', d.client_id,
             d.delivered_at + (1 + abs(hashtext(d.lead_id::text)) % 72) * interval '1 hour'
      from lead_deliveries d join leads l on l.id = d.lead_id
      where l.client_feedback_status <> 'not_reviewed'`);
    await db.execute(sql`
      update lead_deliveries d set first_feedback_at = a.created_at from lead_activities a
      where a.lead_id = d.lead_id and a.activity_type = 'client_feedback_submitted'`);
    await db.execute(sql`
      update leads set not_interested_reason =
        (array['price','condition','location','timing','could_not_reach','other']::not_interested_reason[])
          [abs(hashtext(id::text)) % 6 + 1]
      where client_feedback_status = 'not_interested'`);
    await db.execute(sql`
      update leads set deal_profit = 5000 + abs(hashtext(id::text)) % 40000
      where client_feedback_status = 'deal_closed'`);
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
    results.push({ database: database.name, seedSeconds: round(seedSeconds), deliveries: deliveries!.n });
    await close();
  }
  console.log(`\n${leadCount} leads, ${CLIENTS} clients, ${runs} runs per query (answer: leads delivered)\n`);
  printTable(["database", "query", "answer", "p50 ms", "p95 ms", "goal ms", "met"], rows);
  console.log(`\nwritten to ${writeResult("insights", { machine: machine(), leadCount, runs, results })}`);
}

run(main);
