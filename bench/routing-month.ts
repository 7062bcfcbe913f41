/**
 * Fairness of routing over a simulated month (issue 24 §4): leads arrive four times a day for 30 days
 * in three markets, each pass routed at its simulated time by the real router (requeueHeldLeads, then
 * routeQueuedLeads until the queue is empty), and the deliveries it makes dated at that time. Checks,
 * and fails if any is broken:
 *
 * - every client within its month's promise, every day within its daily pace;
 * - a market short of leads (Texas: 80% of what its eight clients are promised) spreads the shortfall by
 *   promise: each client's share of its promise within 2 leads of the market's;
 * - a market with more leads than promised (Florida: 120%) fills every promise and holds the rest;
 * - a daily pace holds (Arizona: one client at 3 a day, below its promise), and the lead held for want of
 *   a day's room is routed on a following day by itself.
 *
 *   npx tsx bench/routing-month.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/routing-month.ts
 *
 * Writes bench/results/routing-month.json.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { benchPeople, seedPeople } from "./lead-seed";
import { benchDatabases, machine, printTable, run, writeResult } from "./support";

/** The simulated month (in the past: the router dates by its `now`, the database by its clock). */
const MONTH = { year: 2026, month: 8, days: 30 }; // September 2026
const ARRIVALS = [9, 12, 15, 18]; // UTC hours

interface Buyer {
  state: string;
  promised: number;
  pace: number | null;
}
const markets: { state: string; supply: number; buyers: Buyer[] }[] = [
  {
    state: "TX",
    supply: 0.8,
    buyers: [25, 50, 75, 100, 150, 200, 400, 25].map((promised) => ({ state: "TX", promised, pace: null })),
  },
  {
    state: "FL",
    supply: 1.2,
    buyers: [25, 60, 120, 300].map((promised) => ({ state: "FL", promised, pace: null })),
  },
  {
    state: "AZ",
    supply: 1,
    buyers: [
      { state: "AZ", promised: 100, pace: 3 },
      { state: "AZ", promised: 100, pace: null },
    ],
  },
];

/** A fixed pseudo-random sequence: the same month every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** How many leads arrive in `market` at each arrival of each day: the month's supply, unevenly. */
function arrivals(total: number, next: () => number): number[] {
  const weights = Array.from({ length: MONTH.days * ARRIVALS.length }, () => 0.4 + next() * 1.2);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 7) % counts.length, left--) counts[i]! += 1;
  return counts;
}

run(async () => {
  const { queryRows } = await import("~/db/client.server");
  const { installDatabase, closeDatabase } = await import("~/db/db.server");
  const { clientAgreements } = await import("~/db/schema");
  const { permissionsOf } = await import("~/lib/permissions");
  const { requeueHeldLeads, routeQueuedLeads } = await import("~/features/leads/routing/routing.server");
  const { saveRoutingSources } = await import("~/features/leads/routing/routing-settings.server");

  const buyers = markets.flatMap((m) => m.buyers);
  const results: Record<string, unknown>[] = [];
  for (const target of benchDatabases("lw-bench-month-")) {
    const handle = await target.open();
    installDatabase(handle);
    const { db } = handle;
    const people = benchPeople(buyers.length);
    await seedPeople(db, people);
    await db.insert(clientAgreements).values(
      buyers.map((b, i) => ({
        clientId: people.clientIds[i]!,
        version: 1,
        startsOn: "2024-01-01",
        pricePerLead: 40,
        leadsPerMonth: b.promised,
        markets: [b.state],
        marketStates: [b.state],
        dailyPace: b.pace,
      })),
    );
    await saveRoutingSources({ id: people.adminId, permissions: permissionsOf(["admin"]) }, ["online"]);

    const next = random(24);
    const plan = markets.map((m) => ({
      state: m.state,
      counts: arrivals(Math.round(m.supply * m.buyers.reduce((sum, b) => sum + b.promised, 0)), next),
    }));
    const monthEnd = new Date(Date.UTC(MONTH.year, MONTH.month + 1, 1)).toISOString();
    let serial = 0;
    let passes = 0;
    const started = performance.now();
    for (let day = 0; day < MONTH.days; day++) {
      for (const [slot, hour] of ARRIVALS.entries()) {
        const now = new Date(Date.UTC(MONTH.year, MONTH.month, day + 1, hour));
        for (const { state, counts } of plan) {
          const n = counts[day * ARRIVALS.length + slot]!;
          if (n === 0) continue;
          await db.execute(sql`insert into leads (first_name, last_name, phone, address, city, state, zip_code, lead_source)
            select 'Month', 'Seller' || g, '+1646' || (2000000 + g), g || ' Fairness Road', 'Somewhere',
              ${state}, '00000', 'online'
            from generate_series(${serial + 1}::int, ${serial + n}::int) g`);
          serial += n;
        }
        await requeueHeldLeads(db, now);
        while ((await routeQueuedLeads(db, now)).length > 0) passes++;
        // The database dates a delivery by its own clock: move this pass's to the simulated time.
        await db.execute(
          sql`update lead_deliveries set delivered_at = ${now.toISOString()}::timestamptz where delivered_at >= ${monthEnd}::timestamptz`,
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;

    const perClient = await queryRows<{ client_id: string; n: number; top_day: number }>(
      db,
      sql`select client_id, sum(n)::int as n, max(n)::int as top_day from (
            select client_id, date_trunc('day', delivered_at at time zone 'UTC') as day, count(*)::int as n
            from lead_deliveries group by 1, 2) d group by client_id`,
    );
    const delivered = new Map(perClient.map((r) => [r.client_id, r]));
    const [held] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from lead_routing where outcome = 'held'`,
    );
    const [routedLater] = await queryRows<{ n: number }>(
      db,
      sql`select count(distinct a.lead_id)::int as n from lead_activities a
          join lead_routing r on r.lead_id = a.lead_id and r.outcome = 'routed'
          where a.description like 'Held for review:%'`,
    );

    const rows = buyers.map((b, i) => {
      const got = delivered.get(people.clientIds[i]!) ?? { n: 0, top_day: 0 };
      return { ...b, delivered: got.n, topDay: got.top_day, share: got.n / b.promised };
    });
    const failures: string[] = [];
    for (const [i, r] of rows.entries()) {
      const name = `Investor ${i + 2} (${r.state}, ${r.promised})`;
      if (r.delivered > r.promised) failures.push(`${name}: ${r.delivered} over a promise of ${r.promised}`);
      if (r.pace !== null && r.topDay > r.pace)
        failures.push(`${name}: ${r.topDay} in a day, pace ${r.pace}`);
    }
    for (const market of markets) {
      const inMarket = rows.filter((r) => r.state === market.state);
      const promised = inMarket.reduce((sum, r) => sum + r.promised, 0);
      const got = inMarket.reduce((sum, r) => sum + r.delivered, 0);
      if (market.supply < 1) {
        // Short of leads: each client's share of its promise near the market's, within 2 leads.
        const share = got / promised;
        for (const r of inMarket) {
          const off = Math.abs(r.share - share) * r.promised;
          if (off > 2)
            failures.push(`${market.state} ${r.promised}: ${r.delivered} is ${off.toFixed(1)} off its share`);
        }
      } else {
        for (const r of inMarket.filter((r) => r.pace === null)) {
          if (r.delivered !== r.promised)
            failures.push(`${market.state} ${r.promised}: ${r.delivered} delivered`);
        }
      }
    }
    if (routedLater!.n === 0) failures.push("no held lead was routed on a later day");

    printTable(
      ["market", "promised", "pace", "delivered", "share", "most in a day"],
      rows.map((r) => [
        r.state,
        r.promised,
        r.pace ?? "-",
        r.delivered,
        `${Math.round(r.share * 100)}%`,
        r.topDay,
      ]),
    );
    console.log(
      `${target.name}: ${serial} leads in ${MONTH.days} days, ${passes} passes, ${seconds.toFixed(1)} s; ` +
        `${held!.n} held at the month's end, ${routedLater!.n} routed after a hold`,
    );
    results.push({
      database: target.name,
      leads: serial,
      passes,
      seconds,
      held: held!.n,
      routedLater: routedLater!.n,
      rows,
      failures,
    });
    await closeDatabase();
    if (failures.length > 0) throw new Error(`${target.name}: ${failures.join("; ")}`);
  }
  writeResult("routing-month", { machine: machine(), month: MONTH, results });
});
