/**
 * The admin home's "things to do" (issue 25): the work that waits, each with how much and a link to the
 * screen that does it. One statement for the counts (each capped or read from an index: the home opens
 * as fast with a million leads as with forty), the clients' standings from the ledger.
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { queryRows } from "~/db/client.server";
import { cappedTotal, COUNT_CAP } from "~/lib/paging";
import { authorize, type ActorRef } from "~/lib/permissions";
import { guaranteeStandings } from "./agreements/ledger.server";
import { UNTOUCHED_HOURS, type AdminHome } from "./admin-home";

/** Failed imports stay on the home this long. */
const FAILED_IMPORT_DAYS = 7;
/** How many clients the untouched line names. */
const NAMED_CLIENTS = 3;

interface CountsRow {
  unassigned: unknown;
  unassigned_today: unknown;
  routing_held: unknown;
  arrived_today: unknown;
  returns_waiting: unknown;
  oldest_return_at: Date | string | null;
  imports_running: unknown;
  imports_failed: unknown;
  webhooks_failing: unknown;
}

const n = (value: unknown) => Number(value ?? 0);
const capped = (subquery: ReturnType<typeof sql>) =>
  sql`(select count(*) from (${subquery} limit ${COUNT_CAP + 1}) capped)`;

export async function adminHome(actor: ActorRef, now = new Date()): Promise<AdminHome> {
  authorize(actor, "lead:read:any");
  authorize(actor, "return:read:any");
  authorize(actor, "agreement:read:any");
  const db = await getDb();
  const today = now.toISOString().slice(0, 10);
  const midnight = sql`${today}::timestamp at time zone 'UTC'`;
  const untouchedBefore = new Date(now.getTime() - UNTOUCHED_HOURS * 3_600_000);
  const [[counts], untouched, standings] = await Promise.all([
    queryRows<CountsRow>(
      db,
      sql`select
            ${capped(sql`select 1 from leads where assigned_to_client_id is null`)} as unassigned,
            ${capped(sql`select 1 from leads where assigned_to_client_id is null and created_at >= ${midnight}`)}
              as unassigned_today,
            ${capped(sql`select 1 from lead_routing r join leads l on l.id = r.lead_id
              where r.outcome = 'held' and l.assigned_to_client_id is null`)} as routing_held,
            ${capped(sql`select 1 from leads where created_at >= ${midnight}`)} as arrived_today,
            (select count(*) from lead_returns where state = 'requested') as returns_waiting,
            (select min(requested_at) from lead_returns where state = 'requested') as oldest_return_at,
            (select count(*) from lead_imports where status in ('queued', 'running')) as imports_running,
            (select count(*) from lead_imports where status = 'failed'
               and coalesce(finished_at, created_at) >= ${new Date(now.getTime() - FAILED_IMPORT_DAYS * 86_400_000)}) as imports_failed,
            (select count(*) from webhook_endpoints where failing_since is not null or paused_at is not null)
              as webhooks_failing`,
    ),
    queryRows<{ client_id: string; client: string; count: unknown }>(
      db,
      // Each client's deliveries waiting for a first feedback, kept by the deliveries' trigger (section
      // 'waiting', migration 0038), less those of the last 48 hours (a short range of the partial index of
      // waiting deliveries, ADR 041): 400 rows read, where counting the waiting ones read 135,000.
      sql`select w.client_id, w.count,
                 coalesce(nullif(p.company_name, ''), nullif(concat_ws(' ', p.first_name, p.last_name), ''),
                          u.email) as client
          from (select c.a as client_id, sum(c.n) - coalesce(max(r.recent), 0) as count
                from insight_counts c
                left join (select client_id, count(*) as recent from lead_deliveries
                           where ended_at is null and first_feedback_at is null
                             and delivered_at >= ${untouchedBefore}
                           group by client_id) r on r.client_id = c.a
                where c.day = '2000-01-01' and c.section = 'waiting'
                group by c.a) w
          join "user" u on u.id = w.client_id
          left join profiles p on p.user_id = w.client_id
          where w.count > 0
          order by w.count desc, client`,
    ),
    guaranteeStandings(actor, now),
  ]);
  const states = [...standings.values()];
  return {
    unassigned: cappedTotal(n(counts?.unassigned)),
    unassignedToday: cappedTotal(n(counts?.unassigned_today)),
    routingHeld: cappedTotal(n(counts?.routing_held)),
    arrivedToday: cappedTotal(n(counts?.arrived_today)),
    today,
    returnsWaiting: n(counts?.returns_waiting),
    oldestReturnHours: counts?.oldest_return_at
      ? Math.max(0, (now.getTime() - new Date(counts.oldest_return_at).getTime()) / 3_600_000)
      : null,
    // riskRank: 0-2 is a milestone missed or at risk, or a month behind its pace.
    clientsBehind: states.filter((s) => s.risk <= 2).length,
    clientsOver: states.filter((s) => s.thisMonth.over > 0).length,
    importsRunning: n(counts?.imports_running),
    importsFailed: n(counts?.imports_failed),
    webhooksFailing: n(counts?.webhooks_failing),
    untouched: untouched.reduce((sum, row) => sum + n(row.count), 0),
    untouchedBy: untouched
      .slice(0, NAMED_CLIENTS)
      .map((row) => ({ clientId: row.client_id, client: row.client, count: n(row.count) })),
  };
}
