/**
 * The insights' figures (issue 15), counted by the database over the deliveries of a date range
 * (lead_deliveries, indexed by time and by client and time, carrying their lead's source, status, ZIP and
 * feedback), the agency's lead sections from the per-day counts of insight_counts (ADR 030). An admin
 * reads every client; a client only their own deliveries, scoped here by `client_id` = the actor's client company like
 * every client query.
 *
 * Which leads a section counts: the leads delivered in the range. Sections about what became of a lead
 * (funnel, Not Interested, deals) count only deliveries still open, that is leads still in that client's
 * hands, so a lead moved to someone else is neither counted twice nor shown to its former client.
 */
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { queryRows, type Database } from "~/db/client.server";
import { leadStatuses, type LeadStatus, type NotInterestedReason, type ReturnReason } from "~/db/enums";
import { authorize, type ActorRef, actingClient } from "~/lib/permissions";
import { weeksOf, type InsightRange } from "./insights.schema";
import { listSourceOptions } from "../sources/sources.server";
import type { SourceOption } from "../sources/sources";

type Reader = Pick<Database, "execute">;

/** Whose figures: every client's (null) or one client's. */
interface Scope {
  clientId: string | null;
  range: InsightRange;
}

export interface WeekSourceCount {
  week: string;
  source: string;
  count: number;
}

export interface StatusCount {
  status: LeadStatus;
  /** Leads at this status now. */
  count: number;
  /** Leads at this stage or a later one (dead leads are in neither). */
  reached: number;
}

export interface Responsiveness {
  clientId: string;
  client: string;
  delivered: number;
  /** Deliveries the client gave feedback on. */
  answered: number;
  medianHours: number | null;
  p90Hours: number | null;
}

/** One person's response time on a company's deliveries (ADR 050), or the leads nobody has taken. */
export interface MemberResponse {
  /** The person's id, or UNCLAIMED (waiting, taken by nobody), or FORMER (answered by a deleted account). */
  key: string;
  member: string;
  /** Deliveries whose first feedback this person gave. */
  answered: number;
  /** Deliveries still the company's, without feedback, that this person took. */
  waiting: number;
  medianHours: number | null;
  p90Hours: number | null;
}

/** The team rows that are not a person. */
export const UNCLAIMED = ":unclaimed";
export const FORMER = ":former";
const teamRowNames: Record<string, string> = {
  [UNCLAIMED]: "Not taken by anyone",
  [FORMER]: "Former team members",
};

export interface ReturnCount {
  reason: ReturnReason;
  source: string;
  requested: number;
  approved: number;
  rejected: number;
}

export interface NotInterestedCount {
  reason: NotInterestedReason;
  source: string;
  count: number;
}

export interface ZipCount {
  zip: string;
  count: number;
}

export interface DealCount {
  source: string;
  deals: number;
  /** Deal profit (or assignment fee) the client reported, in dollars. */
  profit: number;
}

export interface ReturnOnSpend {
  delivered: number;
  returned: number;
  /** Delivered and not returned, each at the price per lead of the agreement version in force then. */
  spend: number;
  profit: number;
  deals: number;
  /** profit / spend; null when nothing was spent. */
  ratio: number | null;
}

export interface Insights {
  range: InsightRange;
  weeks: string[];
  delivered: WeekSourceCount[];
  funnel: StatusCount[];
  responsiveness: Responsiveness[];
  /** The client's own team, person by person; null on the admin's page. */
  team: MemberResponse[] | null;
  returns: ReturnCount[];
  notInterested: NotInterestedCount[];
  topZips: ZipCount[];
  deals: DealCount[];
  /** The client's own return on spend; null on the admin's page. */
  returnOnSpend: ReturnOnSpend | null;
  /** The agency's sources, to name and order the figures by source. */
  sources: SourceOption[];
}

/** How many ZIPs the Not Interested section lists. */
export const TOP_ZIPS = 10;

const num = (value: unknown) => Number(value ?? 0);
const nullableNum = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The range's bounds as UTC instants: from the first day's midnight to the midnight after the last. */
const bounds = (column: SQL, range: InsightRange) =>
  sql`${column} >= ${range.from}::timestamp at time zone 'UTC'
      and ${column} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`;

const deliveriesIn = (scope: Scope) =>
  sql`${bounds(sql`d.delivered_at`, scope.range)}
      ${scope.clientId === null ? sql`` : sql`and d.client_id = ${scope.clientId}`}`;

interface SectionRow {
  section: "week" | "status" | "passed" | "zip" | "deal";
  a: string;
  b: string | null;
  n: unknown;
  profit: unknown;
}

/**
 * The rows of the sections about the delivered leads (per week and source, funnel, Not Interested, top
 * ZIPs, deals), one statement either way. The agency's come from insight_counts, the figures per day
 * the deliveries' trigger keeps (ADR 030): a year is a few thousand rows there, where joining its
 * 350,000 deliveries to their leads took over a second. A client's own come from their deliveries (an
 * index on client and time), which carry the lead's facts themselves.
 */
function sectionRows(db: Reader, scope: Scope) {
  if (scope.clientId === null) {
    const days = sql`day >= ${scope.range.from}::date and day <= ${scope.range.to}::date`;
    return queryRows<SectionRow>(
      db,
      // A week row's key is its source; the section's rows are keyed by week, then source.
      sql`select section,
                 case when section = 'week' then to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')
                      else a end as a,
                 case when section = 'week' then a else b end as b,
                 sum(n) as n, sum(profit)::float8 as profit
          from insight_counts where ${days} and section in ('week', 'status', 'passed', 'deal')
          group by 1, 2, 3 having sum(n) <> 0
          union all
          (select 'zip', a, null, sum(n), null from insight_counts where ${days} and section = 'zip'
           group by a having sum(n) > 0 order by 4 desc, 2 limit ${TOP_ZIPS})`,
    );
  }
  return queryRows<SectionRow>(
    db,
    sql`with base as materialized (
          select d.delivered_at, d.ended_at is null as held, d.lead_source::text as source,
                 d.lead_status::text as status, d.client_feedback_status::text as feedback,
                 d.not_interested_reason::text as reason, d.zip_code, d.deal_profit
          from lead_deliveries d
          where ${deliveriesIn(scope)})
        select 'week' as section,
               to_char(date_trunc('week', delivered_at at time zone 'UTC'), 'YYYY-MM-DD') as a,
               source as b, count(*) as n, null::float8 as profit
        from base group by 2, 3
        union all
        select 'status', status, null, count(*), null from base where held group by 2
        union all
        select 'passed', coalesce(reason, 'other'), source, count(*), null
        from base where held and feedback = 'not_interested' group by 2, 3
        union all
        (select 'zip', zip_code, null, count(*), null
         from base where held and feedback = 'not_interested'
         group by 2 order by 4 desc, 2 limit ${TOP_ZIPS})
        union all
        select 'deal', source, null, count(*), coalesce(sum(deal_profit), 0)::float8
        from base where held and feedback = 'deal_closed' group by 2`,
  );
}

/** The sections about the delivered leads, from their rows. */
async function leadSections(db: Reader, scope: Scope) {
  const rows = await sectionRows(db, scope);
  const of = (section: SectionRow["section"]) => rows.filter((r) => r.section === section);
  const byText = (x: { a: string; b: string | null }, y: { a: string; b: string | null }) =>
    x.a === y.a ? (x.b ?? "").localeCompare(y.b ?? "") : x.a.localeCompare(y.a);
  const statusCounts = new Map(of("status").map((r) => [r.a as LeadStatus, num(r.n)]));
  const stages = leadStatuses.map((st) => st.value);
  const countOf = (status: LeadStatus) => statusCounts.get(status) ?? 0;
  return {
    delivered: of("week")
      .sort(byText)
      .map((r): WeekSourceCount => ({ week: r.a, source: r.b ?? "other", count: num(r.n) })),
    funnel: stages.map((status, i): StatusCount => ({
      status,
      count: countOf(status),
      reached:
        status === "dead"
          ? countOf(status)
          : stages.slice(i).reduce((sum, st) => (st === "dead" ? sum : sum + countOf(st)), 0),
    })),
    notInterested: of("passed")
      .sort(byText)
      .map((r): NotInterestedCount => ({
        reason: r.a as NotInterestedReason,
        source: r.b ?? "other",
        count: num(r.n),
      })),
    topZips: of("zip")
      .sort((x, y) => num(y.n) - num(x.n) || x.a.localeCompare(y.a))
      .map((r): ZipCount => ({ zip: r.a, count: num(r.n) })),
    deals: of("deal")
      .sort(byText)
      .map((r): DealCount => ({ source: r.a, deals: num(r.n), profit: num(r.profit) })),
  };
}

/**
 * Hours from each delivery to the client's first feedback on that lead while it was theirs (kept on the
 * delivery by submitFeedback); the median and 90th percentile per client over the answered deliveries.
 */
async function responsiveness(db: Reader, scope: Scope): Promise<Responsiveness[]> {
  const rows = await queryRows<{
    client_id: string;
    client: string;
    delivered: unknown;
    answered: unknown;
    median: unknown;
    p90: unknown;
  }>(
    db,
    // Client by client (the clients with deliveries found by skipping through the index on client),
    // each range read from that index alone, which also holds the first feedback: ~350,000 deliveries
    // in 70 ms where grouping the range by client took 100-200. date_part is float8 (extract's numeric
    // doubled the sort).
    sql`with recursive clients (id) as (
          ${
            scope.clientId === null
              ? sql`select min(client_id) from lead_deliveries
                    union all
                    select (select min(d.client_id) from lead_deliveries d where d.client_id > c.id)
                    from clients c where c.id is not null`
              : sql`select ${scope.clientId}::text`
          })
        select c.id as client_id,
               coalesce(nullif(p.company_name, ''), nullif(concat_ws(' ', p.first_name, p.last_name), ''),
                        u.email) as client,
               s.delivered, s.answered, s.median, s.p90
        from clients c
        cross join lateral (
          select count(*) as delivered, count(hours) as answered,
                 percentile_cont(0.5) within group (order by hours) as median,
                 percentile_cont(0.9) within group (order by hours) as p90
          from (select date_part('epoch', d.first_feedback_at - d.delivered_at) / 3600 as hours
                from lead_deliveries d
                where d.client_id = c.id and ${bounds(sql`d.delivered_at`, scope.range)}) answers) s
        join "user" u on u.id = c.id
        left join profiles p on p.user_id = c.id
        where s.delivered > 0
        order by s.median desc nulls last, client`,
  );
  return rows.map((r) => ({
    clientId: r.client_id,
    client: r.client,
    delivered: num(r.delivered),
    answered: num(r.answered),
    medianHours: nullableNum(r.median),
    p90Hours: nullableNum(r.p90),
  }));
}

/**
 * A company's response time person by person (ADR 050): for each member, the hours from delivery to the
 * first feedback they gave (median and 90th percentile over the range's deliveries), and the leads still
 * waiting for feedback that they took; the waiting leads nobody took make a row of their own. Only the
 * company's deliveries are read, so only the people who answered or took its leads appear.
 */
async function teamResponsiveness(
  db: Reader,
  clientId: string,
  range: InsightRange,
): Promise<MemberResponse[]> {
  const rows = await queryRows<{
    key: string;
    name: string | null;
    answered: unknown;
    waiting: unknown;
    median: unknown;
    p90: unknown;
  }>(
    db,
    sql`with answers as (
          select coalesce(d.first_feedback_by, ${FORMER}) as key,
                 date_part('epoch', d.first_feedback_at - d.delivered_at) / 3600 as hours
          from lead_deliveries d
          where ${deliveriesIn({ clientId, range })} and d.first_feedback_at is not null
          union all
          select coalesce(l.claimed_by_user_id, ${UNCLAIMED}), null
          from lead_deliveries d join leads l on l.id = d.lead_id
          where ${deliveriesIn({ clientId, range })} and d.first_feedback_at is null and d.ended_at is null)
        select a.key,
               coalesce(nullif(concat_ws(' ', p.first_name, p.last_name), ''), u.email) as name,
               count(a.hours) as answered, count(*) - count(a.hours) as waiting,
               percentile_cont(0.5) within group (order by a.hours) as median,
               percentile_cont(0.9) within group (order by a.hours) as p90
        from answers a
        left join "user" u on u.id = a.key
        left join profiles p on p.user_id = a.key
        group by a.key, p.first_name, p.last_name, u.email
        order by a.key in (${UNCLAIMED}, ${FORMER}), median desc nulls last, name`,
  );
  return rows.map((r) => ({
    key: r.key,
    member: teamRowNames[r.key] ?? r.name ?? r.key,
    answered: num(r.answered),
    waiting: num(r.waiting),
    medianHours: nullableNum(r.median),
    p90Hours: nullableNum(r.p90),
  }));
}

/** Returns requested in the range, by reason and the lead's source, with how they were decided. */
async function returns(db: Reader, scope: Scope): Promise<ReturnCount[]> {
  const rows = await queryRows<{
    reason: ReturnReason;
    source: string;
    requested: unknown;
    approved: unknown;
    rejected: unknown;
  }>(
    db,
    // The lead's source from the returned delivery, which carries it, looked up per return: a join made
    // PostgreSQL hash every delivery (or lead) for a few thousand returns, ~100 ms at a million.
    sql`select r.reason,
               (select d.lead_source from lead_deliveries d where d.id = r.delivery_id) as source,
               count(*) as requested,
               count(*) filter (where r.state = 'approved') as approved,
               count(*) filter (where r.state = 'rejected') as rejected
        from lead_returns r
        where ${bounds(sql`r.requested_at`, scope.range)}
          ${scope.clientId === null ? sql`` : sql`and r.client_id = ${scope.clientId}`}
        group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({
    reason: r.reason,
    source: r.source,
    requested: num(r.requested),
    approved: num(r.approved),
    rejected: num(r.rejected),
  }));
}

/**
 * What the client spent on the range's deliveries: those not returned, each at the price of the agreement
 * version in force when it was delivered (before the first version, the first's).
 */
async function spendOf(db: Reader, clientId: string, range: InsightRange) {
  const [row] = await queryRows<{ delivered: unknown; returned: unknown; spend: unknown }>(
    db,
    sql`with versions as (
          select price_per_lead,
                 case when version = min(version) over () then '-infinity'::timestamptz else created_at end
                   as valid_from,
                 coalesce(lead(created_at) over (order by version), 'infinity'::timestamptz) as valid_to
          from client_agreements where client_id = ${clientId})
        select count(*) as delivered, count(r.id) as returned,
               coalesce(sum(v.price_per_lead) filter (where r.id is null), 0)::float8 as spend
        from lead_deliveries d
        left join lead_returns r on r.delivery_id = d.id and r.state = 'approved'
        left join versions v on d.delivered_at >= v.valid_from and d.delivered_at < v.valid_to
        where ${deliveriesIn({ clientId, range })}`,
  );
  return { delivered: num(row?.delivered), returned: num(row?.returned), spend: num(row?.spend) };
}

/** The profit the client reported on deals from the range's leads against what they spent on them. */
function returnOnSpend(spent: Awaited<ReturnType<typeof spendOf>>, dealRows: DealCount[]): ReturnOnSpend {
  const profit = dealRows.reduce((sum, r) => sum + r.profit, 0);
  return {
    ...spent,
    profit,
    deals: dealRows.reduce((sum, r) => sum + r.deals, 0),
    ratio: spent.spend > 0 ? profit / spent.spend : null,
  };
}

async function insightsOf(db: Reader, scope: Scope): Promise<Insights> {
  const [sections, answers, team, returnRows, spent, sources] = await Promise.all([
    leadSections(db, scope),
    responsiveness(db, scope),
    scope.clientId === null ? null : teamResponsiveness(db, scope.clientId, scope.range),
    returns(db, scope),
    scope.clientId === null ? null : spendOf(db, scope.clientId, scope.range),
    listSourceOptions(),
  ]);
  const named = new Set(
    [...sections.delivered, ...sections.notInterested, ...sections.deals, ...returnRows].map((r) => r.source),
  );
  return {
    range: scope.range,
    weeks: weeksOf(scope.range),
    ...sections,
    responsiveness: answers,
    team,
    returns: returnRows,
    returnOnSpend: spent && returnOnSpend(spent, sections.deals),
    // A client is told of the sources its own figures name, not of every source the agency keeps.
    sources: scope.clientId === null ? sources : sources.filter((s) => named.has(s.value)),
  };
}

/** Every client's figures, for admins. */
export async function agencyInsights(actor: ActorRef, range: InsightRange): Promise<Insights> {
  authorize(actor, "lead:read:any");
  return insightsOf(await getDb(), { clientId: null, range });
}

/** The signed-in client's own figures. */
export async function ownInsights(actor: ActorRef, range: InsightRange): Promise<Insights> {
  authorize(actor, "lead:read:own");
  return insightsOf(await getDb(), { clientId: actingClient(actor), range });
}
