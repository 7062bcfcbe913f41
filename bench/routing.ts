/**
 * How fast routing decides new leads (issue 24 §4), and whether it keeps every promise: a book of
 * BENCH_BOOK leads (default 200,000; the issue's figure is 1,000,000 on PostgreSQL) held by BENCH_CLIENTS
 * clients (default 200), each with an agreement (markets: one or two states; promises of 50 to 500 a
 * month; a daily pace on every third), then BENCH_NEW new unassigned leads (default 10,000) of a routed
 * source, queued by the trigger, decided by two routers at once (two servers) until the queue is empty.
 *
 *   npx tsx bench/routing.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_BOOK=1000000 npx tsx bench/routing.ts
 *
 * Goals: >= 500 leads/s on PostgreSQL, >= 100/s embedded. The script checks what it measured: every new
 * lead decided exactly once, no client past what was left of its month or its day. Writes
 * bench/results/routing.json.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { benchPeople, seedLeads, seedPeople } from "./lead-seed";
import { benchDatabases, machine, printTable, run, writeResult } from "./support";

const bookSize = Number(process.env.BENCH_BOOK ?? 200_000);
const clientCount = Number(process.env.BENCH_CLIENTS ?? 200);
const newLeads = Number(process.env.BENCH_NEW ?? 10_000);
const states = ["TX", "FL", "GA", "AZ", "NC", "TN", "OH", "IN", "AL", "MO"];

run(async () => {
  const { queryRows } = await import("~/db/client.server");
  const { installDatabase, closeDatabase } = await import("~/db/db.server");
  const { clientAgreements } = await import("~/db/schema");
  const { permissionsOf } = await import("~/lib/permissions");
  const { routeQueuedLeads } = await import("~/features/leads/routing/routing.server");
  const { saveRoutingSources } = await import("~/features/leads/routing/routing-settings.server");

  const targets = benchDatabases("lw-bench-route-");

  const results: Record<string, string | number>[] = [];
  for (const target of targets) {
    const handle = await target.open();
    installDatabase(handle);
    const { db } = handle;
    const people = benchPeople(clientCount);
    await seedPeople(db, people);
    await seedLeads(db, {
      count: bookSize,
      adminId: people.adminId,
      otherAdminId: people.otherAdminId,
      bigClientId: people.clientIds[0]!,
      bigClientLeads: Math.min(20_000, Math.floor(bookSize / 10)),
      clientIds: people.clientIds,
      concurrency: handle.kind === "postgres" ? 2 : 1,
    });
    // Each assigned lead of the book was delivered when it came in (the seed's trigger says now): the
    // month being routed starts with the room its promises leave, as a live book's month does.
    await db.execute(
      sql`update lead_deliveries d set delivered_at = l.created_at from leads l where l.id = d.lead_id`,
    );
    await db.insert(clientAgreements).values(
      people.clientIds.map((clientId, i) => ({
        clientId,
        version: 1,
        startsOn: "2024-01-01",
        pricePerLead: 40,
        leadsPerMonth: 50 + ((i * 37) % 451),
        markets: i % 4 === 0 ? [states[i % 10]!, states[(i + 3) % 10]!] : [states[i % 10]!],
        marketStates: i % 4 === 0 ? [states[i % 10]!, states[(i + 3) % 10]!] : [states[i % 10]!],
        dailyPace: i % 3 === 0 ? 40 : null,
      })),
    );
    const admin = { id: people.adminId, permissions: permissionsOf(["admin"]) };
    await saveRoutingSources(admin, ["online"]);
    // What each client may still take, before routing: the check below compares with it.
    const room = new Map(
      (
        await queryRows<{ client_id: string; room: number; pace: number | null; today: number }>(
          db,
          sql`select a.client_id, a.leads_per_month - (select count(*) from lead_deliveries d
                where d.client_id = a.client_id and d.delivered_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')::int as room,
                a.daily_pace as pace,
                (select count(*) from lead_deliveries d where d.client_id = a.client_id
                  and d.delivered_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as today
              from client_agreements a`,
        )
      ).map((r) => [r.client_id, r]),
    );

    // The new leads, each unique (no duplicates to hold), in the clients' states and a few others.
    const everyState = [...states, "CA", "NY"];
    await db.execute(sql`insert into leads (first_name, last_name, phone, address, city, state, zip_code, lead_source)
      select 'New', 'Seller' || g, '+1929' || (3000000 + g), g || ' Routing Way', 'Somewhere',
        (${sql.raw(`ARRAY[${everyState.map((s) => `'${s}'`).join(",")}]`)})[g % ${everyState.length} + 1], '00000', 'online'
      from generate_series(1, ${newLeads}) g`);

    const started = performance.now();
    const router = async () => {
      let decided = 0;
      for (;;) {
        const batch = await routeQueuedLeads(db);
        if (batch.length === 0) return decided;
        decided += batch.length;
      }
    };
    const decided = (await Promise.all([router(), router()])).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000;

    const outcomes = await queryRows<{ outcome: string; client_id: string | null; n: number }>(
      db,
      sql`select outcome, client_id, count(*)::int as n from lead_routing group by 1, 2`,
    );
    const total = outcomes.reduce((sum, o) => sum + o.n, 0);
    if (decided !== newLeads || total !== newLeads) {
      throw new Error(`${target.name}: ${decided} decisions made, ${total} recorded, for ${newLeads} leads`);
    }
    for (const o of outcomes.filter((o) => o.outcome === "routed")) {
      const before = room.get(o.client_id!)!;
      const dayLeft = before.pace === null ? Infinity : before.pace - before.today;
      if (o.n > Math.max(0, before.room) || o.n > dayLeft) {
        throw new Error(
          `${target.name}: client ${o.client_id} got ${o.n} with room ${before.room}, pace ${before.pace}`,
        );
      }
    }
    const routed = outcomes.filter((o) => o.outcome === "routed").reduce((sum, o) => sum + o.n, 0);
    results.push({
      database: target.name,
      book: bookSize,
      clients: clientCount,
      leads: newLeads,
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(newLeads / seconds),
      routed,
      held: newLeads - routed,
    });
    await closeDatabase();
  }

  printTable(
    ["database", "book", "clients", "new leads", "seconds", "leads/s", "routed", "held"],
    results.map((r) => [
      r.database!,
      r.book!,
      r.clients!,
      r.leads!,
      r.seconds!,
      r.perSecond!,
      r.routed!,
      r.held!,
    ]),
  );
  writeResult("routing", { machine: machine(), results });
});
