/**
 * The insights' per-day counts (ADR 030) against the deliveries themselves, on both databases: a seeded
 * run of everything that changes a figure (deliveries made, dated, moved to another client, ended,
 * deleted; a lead's source, status, ZIP, feedback, reason and profit changed; a client deleted) with
 * compactions in between. After each step the agency's and each client's figures equal what an oracle
 * counts here, in JavaScript, from the deliveries joined to their leads; and each delivery carries its
 * lead's facts.
 */
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listClientStandings } from "~/features/leads/agreements/agreements.server";
import { queryRows } from "~/db/client.server";
import { leadDeliveries, leads, user } from "~/db/schema";
import { leadSources, leadStatuses, notInterestedReasons, type LeadStatus } from "~/db/enums";
import { compactInsightCounts } from "~/features/leads/insights/insight-counts.server";
import {
  agencyInsights,
  ownInsights,
  TOP_ZIPS,
  type Insights,
} from "~/features/leads/insights/insights.server";
import { permissionsOf } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { deliverLeads } from "../support/lead-deliveries";
import { confirmedUser, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";

stubAuthEnv();

const range = { from: "2026-09-01", to: "2027-12-31" };
const DAY = 24 * 60 * 60 * 1000;

/** A small seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

interface Row {
  delivered_at: Date | string;
  held: boolean;
  client_id: string;
  source: string;
  status: LeadStatus;
  feedback: string;
  reason: string | null;
  zip: string;
  profit: string | number | null;
}

/** Monday of the UTC week, as the insights name weeks. */
const weekOf = (at: Date) => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
};

const tally = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

/** The lead sections, counted from the deliveries joined to their leads. */
function expected(rows: Row[]) {
  const inRange = rows.filter((r) => {
    const day = new Date(r.delivered_at).toISOString().slice(0, 10);
    return day >= range.from && day <= range.to;
  });
  const held = inRange.filter((r) => r.held);
  const passed = held.filter((r) => r.feedback === "not_interested");
  const deals = held.filter((r) => r.feedback === "deal_closed");
  const zips = [...tally(passed.map((r) => r.zip))]
    .sort(([za, a], [zb, b]) => b - a || za.localeCompare(zb))
    .slice(0, TOP_ZIPS);
  const profitBy = new Map<string, number>();
  for (const r of deals) profitBy.set(r.source, (profitBy.get(r.source) ?? 0) + Number(r.profit ?? 0));
  return {
    delivered: Object.fromEntries(
      tally(inRange.map((r) => `${weekOf(new Date(r.delivered_at))} ${r.source}`)),
    ),
    status: Object.fromEntries(tally(held.map((r) => r.status))),
    passed: Object.fromEntries(tally(passed.map((r) => `${r.reason ?? "other"} ${r.source}`))),
    zips: zips.map(([zip, count]) => ({ zip, count })),
    deals: Object.fromEntries(
      [...tally(deals.map((r) => r.source))].map(([source, n]) => [
        source,
        { n, profit: profitBy.get(source) },
      ]),
    ),
  };
}

function shown(insights: Insights) {
  return {
    delivered: Object.fromEntries(insights.delivered.map((r) => [`${r.week} ${r.source}`, r.count])),
    status: Object.fromEntries(insights.funnel.filter((r) => r.count > 0).map((r) => [r.status, r.count])),
    passed: Object.fromEntries(insights.notInterested.map((r) => [`${r.reason} ${r.source}`, r.count])),
    zips: insights.topZips,
    deals: Object.fromEntries(insights.deals.map((r) => [r.source, { n: r.deals, profit: r.profit }])),
  };
}

describe.each(testDatabases)("insight counts on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const clients: string[] = [];
  let adminId = "";

  beforeAll(async () => {
    await confirmedUser({ email: "boss@example.com", password: "Harbor-Light-42", role: "admin" });
    for (const who of ["north", "south", "west"]) {
      await confirmedUser({
        email: `${who}@example.com`,
        password: "Harbor-Light-42",
        role: "client",
        companyName: `${who} Co`,
      });
    }
    const rows = await database.db.select({ id: user.id, email: user.email }).from(user);
    adminId = rows.find((r) => r.email === "boss@example.com")!.id;
    clients.push(...rows.filter((r) => r.email !== "boss@example.com").map((r) => r.id));
  });

  /** One count from the database (a test's probe of the tables themselves). */
  const countOf = async (query: SQL) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;

  const oracleRows = () =>
    queryRows<Row>(
      database.db,
      sql`
        select d.delivered_at, d.ended_at is null as held, d.client_id, l.lead_source::text as source,
               l.lead_status::text as status, l.client_feedback_status::text as feedback,
               l.not_interested_reason::text as reason, l.zip_code as zip, l.deal_profit as profit
        from lead_deliveries d join leads l on l.id = d.lead_id`,
    );

  const check = async (step: string) => {
    const rows = await oracleRows();
    const admin = { id: adminId, permissions: permissionsOf(["admin"]) };
    expect(shown(await agencyInsights(admin, range)), `agency after ${step}`).toEqual(expected(rows));
    for (const clientId of clients) {
      const own = await ownInsights({ id: clientId, permissions: permissionsOf(["client"]) }, range);
      expect(shown(own), `client after ${step}`).toEqual(
        expected(rows.filter((r) => r.client_id === clientId)),
      );
    }
    // Every delivery carries its lead's facts as they are now.
    const stale = await countOf(sql`
        select count(*)::int as n from lead_deliveries d join leads l on l.id = d.lead_id
        where (d.lead_source, d.lead_status, d.client_feedback_status, d.not_interested_reason, d.zip_code,
               d.deal_profit)
          is distinct from (l.lead_source, l.lead_status, l.client_feedback_status, l.not_interested_reason,
               l.zip_code, l.deal_profit)`);
    expect(stale, `stale deliveries after ${step}`).toBe(0);
    // The leads each client holds, as /admin/clients reads them from the same trigger's counts.
    const standings = await listClientStandings(admin);
    expect(standings.length).toBeGreaterThan(0);
    for (const standing of standings) {
      const held = await countOf(
        sql`select count(*)::int as n from leads where assigned_to_client_id = ${standing.id}`,
      );
      expect(standing.assignedLeads, `leads held after ${step}`).toBe(held);
    }
    // The deliveries waiting for a first feedback, per client, as the admin home's untouched line reads them.
    const waiting = await queryRows<{ client: string; kept: number; counted: number }>(
      database.db,
      sql`select coalesce(k.client, d.client) as client, coalesce(k.n, 0)::int as kept,
                 coalesce(d.n, 0)::int as counted
          from (select a as client, sum(n) as n from insight_counts
                where day = '2000-01-01' and section = 'waiting' group by a having sum(n) <> 0) k
          full join (select client_id as client, count(*) as n from lead_deliveries
                     where ended_at is null and first_feedback_at is null group by client_id) d
            on d.client = k.client`,
    );
    for (const row of waiting) expect(row.kept, `waiting of ${row.client} after ${step}`).toBe(row.counted);
  };

  it("equal the deliveries' own figures through a seeded run of every kind of change", async () => {
    const db = database.db;
    const random = seeded(2026);
    const start = Date.parse("2026-08-25T00:00:00Z");
    const someTime = () => new Date(start + Math.floor(random.next() * 120 * DAY));
    const zips = [
      "60601",
      "60602",
      "60603",
      "60604",
      "60605",
      "60606",
      "60607",
      "60608",
      "60609",
      "60610",
      "60611",
      "60612",
    ];
    const statuses = leadStatuses.map((s) => s.value);
    const sources = leadSources.map((s) => s.value);
    const reasons = notInterestedReasons.map((r) => r.value);
    const leadIds: string[] = [];
    const anyLead = () => random.pick(leadIds);
    /** Sets `fields()` (drawn first, then the lead, as the run's seed expects) on a random lead. */
    const setLead = (fields: () => Partial<typeof leads.$inferInsert>) => () => {
      const values = fields();
      return db.update(leads).set(values).where(eq(leads.id, anyLead()));
    };

    for (let i = 0; i < 60; i++) {
      const [id] = await deliverLeads(db, random.pick(clients), 1, someTime());
      leadIds.push(id!);
      await db
        .update(leads)
        .set({
          leadSource: random.pick(sources),
          zipCode: random.pick(zips),
          leadStatus: random.pick(statuses),
        })
        .where(eq(leads.id, id!));
    }
    await check("the first deliveries");

    const changes: [string, () => Promise<unknown>][] = [
      ["a status", setLead(() => ({ leadStatus: random.pick(statuses) }))],
      ["a source", setLead(() => ({ leadSource: random.pick(sources) }))],
      ["a ZIP", setLead(() => ({ zipCode: random.pick(zips) }))],
      [
        "Not Interested",
        () =>
          db
            .update(leads)
            .set({
              clientFeedbackStatus: "not_interested",
              notInterestedReason: random.next() < 0.2 ? null : random.pick(reasons),
            })
            .where(eq(leads.id, anyLead())),
      ],
      [
        "a deal",
        () =>
          db
            .update(leads)
            .set({
              clientFeedbackStatus: "deal_closed",
              dealProfit: 1000 + Math.floor(random.next() * 50_000) / 4,
            })
            .where(eq(leads.id, anyLead())),
      ],
      [
        "feedback taken back",
        () =>
          db
            .update(leads)
            .set({ clientFeedbackStatus: "not_reviewed", notInterestedReason: null, dealProfit: null })
            .where(eq(leads.id, anyLead())),
      ],
      [
        "a first feedback",
        () =>
          db
            .update(leadDeliveries)
            .set({ firstFeedbackAt: sql`now()` })
            .where(and(eq(leadDeliveries.leadId, anyLead()), isNull(leadDeliveries.endedAt))),
      ],
      [
        "a move to another client",
        () =>
          db
            .update(leads)
            .set({ assignedToClientId: random.pick(clients) })
            .where(eq(leads.id, anyLead())),
      ],
      [
        "an unassignment",
        () => db.update(leads).set({ assignedToClientId: null }).where(eq(leads.id, anyLead())),
      ],
      [
        "a delivery dated again",
        () =>
          db
            .update(leadDeliveries)
            .set({ deliveredAt: someTime() })
            .where(eq(leadDeliveries.leadId, anyLead())),
      ],
      [
        "a lead deleted",
        async () => {
          const id = leadIds.splice(Math.floor(random.next() * leadIds.length), 1)[0]!;
          await db.delete(leads).where(eq(leads.id, id));
        },
      ],
      [
        "several leads changed at once",
        () =>
          db
            .update(leads)
            .set({ leadStatus: random.pick(statuses), clientFeedbackStatus: "not_interested" })
            .where(inArray(leads.id, leadIds.slice(0, 15))),
      ],
      ["a compaction", () => compactInsightCounts(db)],
    ];
    for (let step = 0; step < 45; step++) {
      const [name, change] = random.pick(changes);
      await change();
      if (step % 3 === 2) await check(`step ${step} (${name})`);
    }
    await compactInsightCounts(db);
    await check("the last compaction");

    // A deleted client's deliveries leave the agency's figures with them.
    await db.delete(user).where(eq(user.id, clients.pop()!));
    await check("a client deleted");
  }, 120_000);

  it("compaction sums each day's changes into one row per figure and changes no figure", async () => {
    const db = database.db;
    const admin = { id: adminId, permissions: permissionsOf(["admin"]) };
    const [id] = await deliverLeads(db, clients[0]!, 1, new Date("2026-10-07T12:00:00Z"));
    for (const status of ["qualified", "contacted", "qualified", "contacted"] as const)
      await db.update(leads).set({ leadStatus: status }).where(eq(leads.id, id!));
    const before = await agencyInsights(admin, range);
    const unmerged = () => countOf(sql`select count(*)::int as n from insight_counts where not merged`);
    expect(await unmerged()).toBeGreaterThan(0);
    expect(await compactInsightCounts(db)).toBeGreaterThan(0);
    expect(await unmerged()).toBe(0);
    const perFigure = await countOf(sql`
        select count(*)::int as n from (select day, section, a, b from insight_counts
        group by 1, 2, 3, 4 having count(*) > 1) x`);
    expect(perFigure).toBe(0);
    expect(await agencyInsights(admin, range)).toEqual(before);
    // Nothing new: a second pass has nothing to do.
    expect(await compactInsightCounts(db)).toBe(0);
  });
});
