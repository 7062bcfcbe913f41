/**
 * The insights' figures (issue 15), counted by the database: one aggregate query per section over the
 * deliveries of a date range (lead_deliveries, indexed by time and by client and time), joined to the
 * lead for its source, status, ZIP and feedback. An admin reads every client; a client only their own
 * deliveries, scoped here by `client_id = actor.id` like every client query.
 *
 * Which leads a section counts: the leads delivered in the range. Sections about what became of a lead
 * (funnel, Not Interested, deals) count only deliveries still open, that is leads still in that client's
 * hands, so a lead moved to someone else is neither counted twice nor shown to its former client.
 */
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { queryRows, type Database } from "~/db/client.server";
import {
  leadStatuses,
  type LeadSource,
  type LeadStatus,
  type NotInterestedReason,
  type ReturnReason,
} from "~/db/enums";
import { authorize, type Principal } from "~/lib/permissions";
import { weeksOf, type InsightRange } from "./insights.schema";

interface InsightActor extends Principal {
  id: string;
}

type Reader = Pick<Database, "execute">;

/** Whose figures: every client's (null) or one client's. */
interface Scope {
  clientId: string | null;
  range: InsightRange;
}

export interface WeekSourceCount {
  week: string;
  source: LeadSource;
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

export interface ReturnCount {
  reason: ReturnReason;
  source: LeadSource;
  requested: number;
  approved: number;
  rejected: number;
}

export interface NotInterestedCount {
  reason: NotInterestedReason;
  source: LeadSource;
  count: number;
}

export interface ZipCount {
  zip: string;
  count: number;
}

export interface DealCount {
  source: LeadSource;
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
  returns: ReturnCount[];
  notInterested: NotInterestedCount[];
  topZips: ZipCount[];
  deals: DealCount[];
  /** The client's own return on spend; null on the admin's page. */
  returnOnSpend: ReturnOnSpend | null;
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

async function deliveredPerWeek(db: Reader, scope: Scope): Promise<WeekSourceCount[]> {
  const rows = await queryRows<{ week: string; source: LeadSource; count: unknown }>(
    db,
    sql`select to_char(date_trunc('week', d.delivered_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
               l.lead_source as source, count(*) as count
        from lead_deliveries d join leads l on l.id = d.lead_id
        where ${deliveriesIn(scope)}
        group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({ week: r.week, source: r.source, count: num(r.count) }));
}

async function funnel(db: Reader, scope: Scope): Promise<StatusCount[]> {
  const rows = await queryRows<{ status: LeadStatus; count: unknown }>(
    db,
    sql`select l.lead_status as status, count(*) as count
        from lead_deliveries d join leads l on l.id = d.lead_id
        where ${deliveriesIn(scope)} and d.ended_at is null
        group by 1`,
  );
  const counts = new Map(rows.map((r) => [r.status, num(r.count)]));
  const stages = leadStatuses.map((s) => s.value);
  return stages.map((status, i) => ({
    status,
    count: counts.get(status) ?? 0,
    reached:
      status === "dead"
        ? (counts.get(status) ?? 0)
        : stages.slice(i).reduce((sum, s) => (s === "dead" ? sum : sum + (counts.get(s) ?? 0)), 0),
  }));
}

/**
 * Hours from each delivery to the client's first feedback on that lead while it was theirs; the median
 * and 90th percentile per client over the deliveries that got an answer.
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
    sql`with answers as (
          select d.client_id,
                 (select extract(epoch from min(a.created_at) - d.delivered_at) / 3600
                  from lead_activities a
                  where a.lead_id = d.lead_id and a.activity_type = 'client_feedback_submitted'
                    and a.performed_by = d.client_id and a.created_at >= d.delivered_at
                    and (d.ended_at is null or a.created_at < d.ended_at)) as hours
          from lead_deliveries d
          where ${deliveriesIn(scope)})
        select s.client_id,
               coalesce(nullif(p.company_name, ''), nullif(concat_ws(' ', p.first_name, p.last_name), ''),
                        u.email) as client,
               s.delivered, s.answered, s.median, s.p90
        from (select client_id, count(*) as delivered, count(hours) as answered,
                     percentile_cont(0.5) within group (order by hours) as median,
                     percentile_cont(0.9) within group (order by hours) as p90
              from answers group by client_id) s
        join "user" u on u.id = s.client_id
        left join profiles p on p.user_id = s.client_id
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

/** Returns requested in the range, by reason and the lead's source, with how they were decided. */
async function returns(db: Reader, scope: Scope): Promise<ReturnCount[]> {
  const rows = await queryRows<{
    reason: ReturnReason;
    source: LeadSource;
    requested: unknown;
    approved: unknown;
    rejected: unknown;
  }>(
    db,
    sql`select r.reason, l.lead_source as source, count(*) as requested,
               count(*) filter (where r.state = 'approved') as approved,
               count(*) filter (where r.state = 'rejected') as rejected
        from lead_returns r join leads l on l.id = r.lead_id
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

async function notInterested(db: Reader, scope: Scope) {
  const passed = sql`from lead_deliveries d join leads l on l.id = d.lead_id
        where ${deliveriesIn(scope)} and d.ended_at is null
          and l.client_feedback_status = 'not_interested'`;
  const [byReason, zips] = await Promise.all([
    queryRows<{ reason: NotInterestedReason | null; source: LeadSource; count: unknown }>(
      db,
      sql`select coalesce(l.not_interested_reason, 'other') as reason, l.lead_source as source,
                 count(*) as count ${passed} group by 1, 2 order by 1, 2`,
    ),
    queryRows<{ zip: string; count: unknown }>(
      db,
      sql`select l.zip_code as zip, count(*) as count ${passed}
          group by 1 order by 2 desc, 1 limit ${TOP_ZIPS}`,
    ),
  ]);
  return {
    notInterested: byReason.map((r) => ({
      reason: r.reason ?? "other",
      source: r.source,
      count: num(r.count),
    })),
    topZips: zips.map((r) => ({ zip: r.zip, count: num(r.count) })),
  };
}

async function deals(db: Reader, scope: Scope): Promise<DealCount[]> {
  const rows = await queryRows<{ source: LeadSource; deals: unknown; profit: unknown }>(
    db,
    sql`select l.lead_source as source, count(*) as deals, coalesce(sum(l.deal_profit), 0)::float8 as profit
        from lead_deliveries d join leads l on l.id = d.lead_id
        where ${deliveriesIn(scope)} and d.ended_at is null and l.client_feedback_status = 'deal_closed'
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ source: r.source, deals: num(r.deals), profit: num(r.profit) }));
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
  const [delivered, statuses, answers, returnRows, passed, dealRows, spent] = await Promise.all([
    deliveredPerWeek(db, scope),
    funnel(db, scope),
    responsiveness(db, scope),
    returns(db, scope),
    notInterested(db, scope),
    deals(db, scope),
    scope.clientId === null ? null : spendOf(db, scope.clientId, scope.range),
  ]);
  return {
    range: scope.range,
    weeks: weeksOf(scope.range),
    delivered,
    funnel: statuses,
    responsiveness: answers,
    returns: returnRows,
    ...passed,
    deals: dealRows,
    returnOnSpend: spent && returnOnSpend(spent, dealRows),
  };
}

/** Every client's figures, for admins. */
export async function agencyInsights(actor: InsightActor, range: InsightRange): Promise<Insights> {
  authorize(actor, "lead:read:any");
  return insightsOf(await getDb(), { clientId: null, range });
}

/** The signed-in client's own figures. */
export async function ownInsights(actor: InsightActor, range: InsightRange): Promise<Insights> {
  authorize(actor, "lead:read:own");
  return insightsOf(await getDb(), { clientId: actor.id, range });
}
