/**
 * The guarantee's figures from the database (issue 15): a client's ledger by month and the milestones
 * of their agreement's start, for the client (their own) and for admins (one client, or every client
 * ranked by risk on /admin/clients). Counting is done by the database on lead_deliveries (indexed by
 * client and time); the arithmetic is in guarantee.ts.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { queryRows, textsIn, type Database, type Queryable, type Transaction } from "~/db/client.server";
import { user } from "~/db/schema";
import { MAX_RETURN_WINDOW_DAYS } from "./agreement.schema";
import type { Capacity } from "./capacity";
import { authorize, type ActorRef, actingClient } from "~/lib/permissions";
import {
  FIRST_QUALIFIED_COUNT,
  FIRST_QUALIFIED_DAYS,
  ledgerMonth,
  milestones,
  riskRank,
  startOf,
  type LedgerMonth,
  type Milestone,
  type StartDeliveries,
} from "./guarantee";

type Reader = Pick<Database, "execute">;

/** First day (UTC) of the month `offset` months from the one holding `at`, as YYYY-MM-DD. */
const monthStart = (at: Date, offset = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);

interface Version {
  leads_per_month: number;
  daily_pace?: number | null;
  starts_on: string;
  created_at: Date;
}

/**
 * The promise of a month: the version in force at its end (else the first), from its start month on; the
 * start month's share of it when the agreement starts after the 1st (from the 22nd of a 30-day month:
 * 9/30 of the month's leads, rounded).
 */
function promiseOf(versions: readonly Version[], month: string): number {
  const first = new Date(`${month}T00:00:00Z`);
  const end = new Date(`${monthStart(first, 1)}T00:00:00Z`);
  const inForce = [...versions].reverse().find((v) => new Date(v.created_at) < end) ?? versions[0];
  if (!inForce) return 0;
  const start = startOf(inForce.starts_on);
  if (start >= end) return 0;
  if (start <= first) return inForce.leads_per_month;
  return Math.round(
    (inForce.leads_per_month * (end.getTime() - start.getTime())) / (end.getTime() - first.getTime()),
  );
}

export interface Guarantee {
  startsOn: string;
  leadsPerMonth: number;
  /** Newest month first, from the agreement's start month (at most 12). */
  months: LedgerMonth[];
  milestones: [Milestone, Milestone];
}

/** One client's guarantee: null before they have an agreement. */
async function guaranteeOf(db: Reader, clientId: string, now: Date): Promise<Guarantee | null> {
  const versions = await queryRows<Version>(
    db,
    sql`select leads_per_month, starts_on::text as starts_on, created_at from client_agreements
        where client_id = ${clientId} order by version`,
  );
  const current = versions.at(-1);
  if (!current) return null;
  // From the start month (at most a year back); an agreement starting next month shows this one.
  const from = [
    [monthStart(startOf(current.starts_on)), monthStart(now, -11)].sort().at(-1)!,
    monthStart(now),
  ]
    .sort()
    .at(0)!;
  const to = monthStart(now, 1);
  const [counts, [early]] = await Promise.all([
    queryRows<{ month: string; delivered: string; returned: string }>(
      db,
      sql`select to_char(date_trunc('month', d.delivered_at at time zone 'UTC'), 'YYYY-MM-DD') as month,
                 count(*) as delivered,
                 count(r.id) filter (where r.state = 'approved') as returned
          from lead_deliveries d left join lead_returns r on r.delivery_id = d.id
          where d.client_id = ${clientId}
            and d.delivered_at >= ${from}::timestamp at time zone 'UTC'
            and d.delivered_at < ${to}::timestamp at time zone 'UTC'
          group by 1`,
    ),
    startDeliveries(
      db,
      sql`(select ${clientId}::text as client_id, ${current.starts_on}::date as starts_on) a`,
      now,
    ),
  ]);
  const byMonth = new Map(counts.map((row) => [row.month, row]));
  const months: LedgerMonth[] = [];
  for (let month = monthStart(now); month >= from; month = monthStart(new Date(`${month}T00:00:00Z`), -1)) {
    const row = byMonth.get(month);
    months.push(
      ledgerMonth({
        month,
        promised: promiseOf(versions, month),
        delivered: Number(row?.delivered ?? 0),
        returned: Number(row?.returned ?? 0),
      }),
    );
  }
  return {
    startsOn: current.starts_on,
    leadsPerMonth: current.leads_per_month,
    months,
    milestones: milestones(current.starts_on, summaryOf(early!), now),
  };
}

/** A client's month and day as the capacity rule reads them (agreements/capacity.ts). */
export interface ClientLedger {
  month: LedgerMonth;
  /** Leads delivered today (UTC days, as the months). */
  today: number;
  /** The current agreement's most leads a day; null: no daily limit. */
  dailyPace: number | null;
}

/** What the capacity rule reads of a ledger. */
export const capacityOf = ({ month, today, dailyPace }: ClientLedger): Capacity => ({
  promised: month.promised,
  delivered: month.delivered,
  returned: month.returned,
  short: month.short,
  today,
  dailyPace,
});

/**
 * The ledgers of clients about to be given leads (an assignment, routing's pass): their accounts locked
 * in one statement, in id order, as returns and agreement changes lock them, so two assignments at once
 * are counted one after the other and cannot together pass the promise; then their ledgers read. What is
 * left of the month's promise is its `short` (the promise less net deliveries, so an approved return
 * makes room for its replacement). A client without an agreement has no entry. Runs inside the caller's
 * transaction.
 */
export async function lockMonthLedgers(
  tx: Transaction,
  clientIds: readonly string[],
  now = new Date(),
): Promise<Map<string, ClientLedger>> {
  if (clientIds.length === 0) return new Map();
  await tx
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.id, [...clientIds]))
    .orderBy(user.id)
    .for("update");
  return readMonthLedgers(tx, now, clientIds);
}

/**
 * This month's ledger and today's deliveries (UTC days, as the months) of every client with an
 * agreement, in two statements and without locks: what routing compares clients by before it locks the
 * one it chose and checks again (lockMonthLedgers).
 */
export async function readMonthLedgers(
  q: Queryable,
  now = new Date(),
  /** Only these clients (all when left out). */
  clientIds?: readonly string[],
): Promise<Map<string, ClientLedger>> {
  const month = monthStart(now);
  const only = (column: SQL) => (clientIds ? sql`and ${column} in ${textsIn(clientIds)}` : sql``);
  const [versions, counts] = await Promise.all([
    queryRows<Version & { client_id: string }>(
      q,
      sql`select client_id, leads_per_month, daily_pace, starts_on::text as starts_on, created_at from client_agreements
          where true ${only(sql`client_id`)} order by client_id, version`,
    ),
    queryRows<{ client_id: string; delivered: string; returned: string; today: string }>(
      q,
      sql`select d.client_id, count(*) as delivered, count(r.id) filter (where r.state = 'approved') as returned,
            count(*) filter (where d.delivered_at >= ${now.toISOString().slice(0, 10)}::timestamp at time zone 'UTC') as today
          from lead_deliveries d left join lead_returns r on r.delivery_id = d.id
          where d.delivered_at >= ${month}::timestamp at time zone 'UTC' ${only(sql`d.client_id`)}
          group by d.client_id`,
    ),
  ]);
  const byClient = new Map<string, Version[]>();
  for (const version of versions) {
    const list = byClient.get(version.client_id) ?? [];
    list.push(version);
    byClient.set(version.client_id, list);
  }
  const countsOf = new Map(counts.map((row) => [row.client_id, row]));
  const ledgers = new Map<string, ClientLedger>();
  for (const [clientId, list] of byClient) {
    const row = countsOf.get(clientId);
    ledgers.set(clientId, {
      month: ledgerMonth({
        month,
        promised: promiseOf(list, month),
        delivered: Number(row?.delivered ?? 0),
        returned: Number(row?.returned ?? 0),
      }),
      today: Number(row?.today ?? 0),
      // The versions come in order: the last is the agreement in force.
      dailyPace: list[list.length - 1]!.daily_pace ?? null,
    });
  }
  return ledgers;
}

/** The signed-in client's own guarantee. */
export async function ownGuarantee(actor: ActorRef, now = new Date()): Promise<Guarantee | null> {
  authorize(actor, "agreement:read:own");
  return guaranteeOf(await getDb(), actingClient(actor), now);
}

/** A client's guarantee for an admin (the caller has checked that the id is a client's). */
export async function clientGuarantee(actor: ActorRef, clientId: string, now = new Date()) {
  authorize(actor, "agreement:read:any");
  return guaranteeOf(await getDb(), clientId, now);
}

export interface GuaranteeStanding {
  thisMonth: LedgerMonth;
  milestones: [Milestone, Milestone];
  /** 0 most urgent (a milestone missed) to 4 (all well), as riskTexts names them. */
  risk: number;
}

/** Every client's standing this month, by client id: one pass over each table, not a query per client. */
export async function guaranteeStandings(
  actor: ActorRef,
  now = new Date(),
): Promise<Map<string, GuaranteeStanding>> {
  authorize(actor, "agreement:read:any");
  const db = await getDb();
  const month = monthStart(now);
  const [agreements, counts, early] = await Promise.all([
    queryRows<{ client_id: string } & Version>(
      db,
      sql`select client_id, leads_per_month, daily_pace, starts_on::text as starts_on, created_at from client_agreements
          order by client_id, version`,
    ),
    queryRows<{ client_id: string; delivered: string; returned: string }>(
      db,
      sql`select d.client_id, count(*) as delivered, count(r.id) filter (where r.state = 'approved') as returned
          from lead_deliveries d left join lead_returns r on r.delivery_id = d.id
          where d.delivered_at >= ${month}::timestamp at time zone 'UTC'
          group by d.client_id`,
    ),
    startDeliveries(
      db,
      sql`(select distinct on (client_id) client_id, starts_on from client_agreements
           order by client_id, version desc) a`,
      now,
    ),
  ]);
  const versionsBy = group(agreements, (row) => row.client_id);
  const countsBy = new Map(counts.map((row) => [row.client_id, row]));
  const earlyBy = new Map(early.map((row) => [row.client_id, row]));
  const standings = new Map<string, GuaranteeStanding>();
  for (const [clientId, versions] of versionsBy) {
    const row = countsBy.get(clientId);
    const thisMonth = ledgerMonth({
      month,
      promised: promiseOf(versions, month),
      delivered: Number(row?.delivered ?? 0),
      returned: Number(row?.returned ?? 0),
    });
    const current = versions.at(-1)!;
    const start = earlyBy.get(clientId);
    const marks = milestones(
      current.starts_on,
      start ? summaryOf(start) : { first: null, qualified: 0, fiftiethAt: null },
      now,
    );
    standings.set(clientId, {
      thisMonth,
      milestones: marks,
      risk: riskRank(
        marks.map((m) => m.state),
        behindPace(thisMonth, current.starts_on, now),
        thisMonth.over > 0,
      ),
    });
  }
  return standings;
}

interface StartRow {
  client_id: string;
  first: Date | string | null;
  /** bigint as text or a number, by driver. */
  qualified: string | number;
  fiftieth_at: string | null;
}

/**
 * For each agreement of `agreements` (a subquery with client_id and starts_on): the first delivery since
 * the start, how many qualified ones up to the 30-day deadline (50 at most) and when the 50th came, counted
 * here so that a page ranking every client parses no lists of times. A start whose first month can no
 * longer change is read from agreement_first_months; the others from the deliveries, each client along
 * its (client, delivered_at) index, 51 rows at most whatever the size of the book, and kept there by the
 * same statement once settled: past the deadline and the longest return window, a first delivery found
 * and no return of the month's deliveries waiting for a decision (a decided return stays decided). A
 * lead deleted afterwards leaves the kept month as it was: the guarantee was met or missed then.
 */
function startDeliveries(db: Reader, agreements: SQL, now: Date) {
  const since = sql.raw(`a.starts_on::timestamp at time zone 'UTC'`);
  const deadline = sql.raw(`(a.starts_on + ${FIRST_QUALIFIED_DAYS})::timestamp at time zone 'UTC'`);
  const settledBefore = new Date(
    now.getTime() - (FIRST_QUALIFIED_DAYS + MAX_RETURN_WINDOW_DAYS + 1) * 86_400_000,
  );
  return queryRows<StartRow>(
    db,
    sql`with a as materialized (select * from ${agreements}),
        kept as (
          select k.client_id, k.first_at as first, k.qualified
          from a join agreement_first_months k on k.client_id = a.client_id and k.starts_on = a.starts_on),
        live as materialized (
          select a.client_id, a.starts_on, f.first, q.qualified
          from a
          cross join lateral (
            select min(d.delivered_at) as first from lead_deliveries d
            where d.client_id = a.client_id and d.delivered_at >= ${since}) f
          cross join lateral (
            select coalesce(jsonb_agg(x.delivered_at order by x.delivered_at, x.id), '[]'::jsonb) as qualified
            from (select d.id, d.delivered_at from lead_deliveries d
                  where d.client_id = a.client_id and d.delivered_at >= ${since} and d.delivered_at <= ${deadline}
                    and not exists (select 1 from lead_returns r where r.delivery_id = d.id and r.state = 'approved')
                  order by d.delivered_at, d.id
                  limit ${sql.raw(String(FIRST_QUALIFIED_COUNT))}) x) q
          where not exists (select 1 from kept where kept.client_id = a.client_id)),
        settled as (
          insert into agreement_first_months (client_id, starts_on, first_at, qualified)
          select a.client_id, a.starts_on, a.first, a.qualified from live a
          where a.first is not null and a.starts_on < ${settledBefore.toISOString().slice(0, 10)}::date
            and not exists (
              select 1 from lead_returns r join lead_deliveries d on d.id = r.delivery_id
              where r.client_id = a.client_id and r.state = 'requested'
                and d.delivered_at >= ${since} and d.delivered_at <= ${deadline})
          on conflict do nothing),
        s as (select client_id, first, qualified from kept
              union all
              select client_id, first, qualified from live)
        select client_id, first, jsonb_array_length(qualified) as qualified,
               qualified->>${sql.raw(String(FIRST_QUALIFIED_COUNT - 1))} as fiftieth_at
        from s`,
  );
}

const summaryOf = (row: StartRow): StartDeliveries => ({
  first: row.first === null ? null : new Date(row.first),
  qualified: Number(row.qualified),
  fiftiethAt: row.fiftieth_at === null ? null : new Date(row.fiftieth_at),
});

/** Whether a month's net deliveries so far trail a steady pace towards its promise. */
function behindPace(month: LedgerMonth, startsOn: string, now: Date): boolean {
  // From the month's first day, or the agreement's start when it began this month.
  const start = Math.max(new Date(`${month.month}T00:00:00Z`).getTime(), startOf(startsOn).getTime());
  const end = new Date(`${monthStart(now, 1)}T00:00:00Z`).getTime();
  const elapsed = Math.min(1, (now.getTime() - start) / (end - start));
  return month.netDelivered < Math.floor(month.promised * elapsed);
}

function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
