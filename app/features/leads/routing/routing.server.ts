/**
 * Routing (issue 24 §4): new unassigned leads of the sources an admin switched on go to a client by
 * themselves, one decision per lead, made by a queue worker of the job runtime. A lead goes to the
 * client whose agreement it fits (markets and buy box, ADR 042) with room in the month's promise and
 * under the day's pace, the one furthest behind its promise (as a share of it) first; it is held for
 * review when it may be a duplicate or when no client can take it. Every decision is written on the
 * lead's timeline and in the routing log, with its reason.
 *
 * A pass decides a batch of queued leads in one transaction: set-based reads and writes, so a lead costs a
 * share of a few statements instead of a dozen of its own. One decision per lead across servers: the
 * queue rows are claimed with SKIP LOCKED and deleted in the transaction that records the decisions;
 * `lead_routing` has one row per lead. Lock order as every assignment's: the clients' accounts (in id
 * order), then the leads.
 */
import { and, inArray, isNull, sql } from "drizzle-orm";
import { queryRows, uuidsIn, type Database, type Queryable, type Transaction } from "~/db/client.server";
import type { PropertyType } from "~/db/enums";
import { leadRouting, leads, routingQueue } from "~/db/schema";
import { startOutboxWorker, type Backlog, type OutboxWorker } from "~/lib/outbox/outbox.server";
import { misfitsOf, type AgreementCriteria } from "../agreements/agreement-fit";
import { roomOf } from "../agreements/capacity";
import { capacityOf, lockMonthLedgers, readMonthLedgers } from "../agreements/ledger.server";
import { marketsText } from "../agreements/markets";
import type { LedgerMonth } from "../agreements/guarantee";
import { recordLeadChanges } from "../lead-changes.server";
import { assignmentChange } from "../lead-commands.server";
import { formatCount } from "../lead-format";

/** Leads decided per pass (one transaction). */
const BATCH = 500;

interface Candidate extends AgreementCriteria {
  clientId: string;
  name: string;
}

interface Standing {
  candidate: Candidate;
  month: LedgerMonth;
  today: number;
  dailyPace: number | null;
  /** How many leads behind the pace of its promise the client is now (negative: ahead). */
  behind: number;
}

/** A queued lead as routing reads it: what the agreement checks, its holder, and what a duplicate shares. */
interface QueuedLead {
  id: string;
  state: string;
  zipCode: string;
  propertyType: PropertyType;
  askingPrice: number | null;
  estimatedValue: number | null;
  clientId: string | null;
  /** An earlier lead with the same phone or address ("Ana Ruiz", "phone"), if any. */
  duplicate: { name: string; same: string } | null;
  /** The reason of the hold this lead is decided again after, if any. */
  heldBefore: string | null;
}

/** The month's promise as it should stand at `now`: the share of the month gone by. */
function expectedByNow(promised: number, now: Date) {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return (promised * (now.getTime() - start)) / (end - start);
}

/** Every client with an agreement in force, with what routing checks of it. */
async function candidatesOf(q: Queryable, now: Date): Promise<Candidate[]> {
  const rows = await queryRows<{
    client_id: string;
    name: string;
    markets: string[];
    market_states: string[];
    market_zips: string[];
    property_types: PropertyType[] | string;
    max_price: string | null;
  }>(
    q,
    sql`select a.client_id,
          coalesce(nullif(p.company_name, ''), nullif(concat_ws(' ', p.first_name, p.last_name), ''), u.email) as name,
          a.markets, a.market_states, a.market_zips, a.property_types::text[] as property_types, a.max_price
        from (select distinct on (client_id) * from client_agreements order by client_id, version desc) a
        join "user" u on u.id = a.client_id
        left join profiles p on p.user_id = a.client_id
        where a.starts_on <= ${now.toISOString().slice(0, 10)}::date and u.disabled_at is null`,
  );
  return rows.map((row) => ({
    clientId: row.client_id,
    name: row.name,
    markets: row.markets,
    marketStates: row.market_states,
    marketZips: row.market_zips,
    propertyTypes: (Array.isArray(row.property_types) ? row.property_types : []) as PropertyType[],
    maxPrice: row.max_price === null ? null : Number(row.max_price),
  }));
}

/**
 * How far behind the pace of its promise a client is, as a share of the promise: 10 behind of 25 weighs
 * more than 40 behind of 400. Compared in leads, a big promise would always be furthest behind and a
 * small one would get nothing in a month short of leads; as a share, the shortfall is spread by promise.
 */
const shareBehind = (s: Standing) => s.behind / Math.max(1, s.month.promised);

/** Whose turn: furthest behind its promise (as a share of it), then fewest today, then a stable order. */
const byTurn = (a: Standing, b: Standing) =>
  shareBehind(b) - shareBehind(a) ||
  a.today - b.today ||
  a.candidate.clientId.localeCompare(b.candidate.clientId);

const hasRoom = (s: Standing) =>
  roomOf({ short: s.month.short, today: s.today, dailyPace: s.dailyPace }).room > 0;

/** Why the lead fits this client, as the timeline says it. */
function fitText(candidate: Candidate, lead: QueuedLead) {
  if (candidate.markets.length === 0) return "buys anywhere";
  if (candidate.marketStates.includes(lead.state)) return `in ${lead.state}`;
  return `ZIP ${lead.zipCode.slice(0, 5)} in ${marketsText(candidate.markets)}`;
}

/** What a held lead waits for (lead_routing.held_for). */
export type HeldFor = "duplicate" | "no_client" | "no_fit" | "no_room";

export type RoutingDecision =
  | { leadId: string; outcome: "routed"; clientId: string; reason: string }
  | { leadId: string; outcome: "held"; heldFor: HeldFor; reason: string };

/** The figures of a client after one more lead. */
function take(standing: Standing) {
  const { month } = standing;
  standing.month = {
    ...month,
    delivered: month.delivered + 1,
    netDelivered: month.netDelivered + 1,
    short: Math.max(0, month.short - 1),
  };
  standing.today += 1;
  standing.behind -= 1;
}

function held(candidates: Candidate[], fitting: Candidate[], lead: QueuedLead): RoutingDecision {
  const decision = (heldFor: HeldFor, reason: string) =>
    ({ leadId: lead.id, outcome: "held", heldFor, reason: `Held for review: ${reason}` }) as const;
  if (candidates.length === 0) return decision("no_client", "no client has an agreement in force");
  if (fitting.length === 0) {
    return decision(
      "no_fit",
      `no client's agreement takes a lead in ZIP ${lead.zipCode.slice(0, 5)} (${lead.state}) of this type and price`,
    );
  }
  const names = fitting.map((c) => c.name);
  return decision(
    "no_room",
    `${marketsText(names)} ${names.length === 1 ? "has" : "have"} no room this month or today`,
  );
}

/** The claimed leads still unassigned, with their facts and possible duplicates, in the queue's order. */
async function readClaimedLeads(tx: Transaction, ids: readonly string[]): Promise<QueuedLead[]> {
  const rows = await queryRows<{
    id: string;
    state: string;
    zip_code: string;
    property_type: PropertyType;
    asking_price: string | null;
    estimated_value: string | null;
    client_id: string | null;
    dup_name: string | null;
    dup_same: string | null;
    held_before: string | null;
  }>(
    tx,
    sql`select l.id, l.state, l.zip_code, l.property_type, l.asking_price, l.estimated_value,
          l.assigned_to_client_id as client_id, d.name as dup_name, d.same as dup_same, r.reason as held_before
        from leads l
        left join lead_routing r on r.lead_id = l.id and r.outcome = 'held'
        left join lateral (
          select o.first_name || ' ' || o.last_name as name,
                 case when o.phone = l.phone then 'phone' else 'address' end as same
          from leads o where (o.phone = l.phone or o.address_key = l.address_key)
            and (o.created_at, o.id) < (l.created_at, l.id)
          order by o.created_at limit 1
        ) d on true
        where l.id in ${uuidsIn(ids)} and l.assigned_to_client_id is null`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        state: row.state,
        zipCode: row.zip_code,
        propertyType: row.property_type,
        askingPrice: row.asking_price === null ? null : Number(row.asking_price),
        estimatedValue: row.estimated_value === null ? null : Number(row.estimated_value),
        clientId: row.client_id,
        duplicate: row.dup_name ? { name: row.dup_name, same: row.dup_same ?? "phone" } : null,
        heldBefore: row.held_before,
      },
    ];
  });
}

/**
 * One pass, in one transaction: claims up to BATCH queued leads (SKIP LOCKED: another server takes
 * others), decides each in the queue's order against every client's figures (read once, kept up to date
 * as leads are given), then, client by client in a fixed order, locks the client's account and checks
 * the room again (month and day) before writing; what no longer fits waits for the next pass. Returns
 * the decisions written (empty: nothing was waiting, or others hold what is left).
 */
export async function routeQueuedLeads(db: Database, now = new Date()): Promise<RoutingDecision[]> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ leadId: routingQueue.leadId })
      .from(routingQueue)
      .orderBy(routingQueue.enqueuedAt, routingQueue.leadId)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (claimed.length === 0) return [];
    const claimedIds = claimed.map((c) => c.leadId);
    const candidates = await candidatesOf(tx, now);
    const ledgers = await readMonthLedgers(tx, now);
    const standings = new Map<string, Standing>();
    for (const candidate of candidates) {
      const ledger = ledgers.get(candidate.clientId);
      if (!ledger) continue;
      const { month, today, dailyPace } = ledger;
      standings.set(candidate.clientId, {
        candidate,
        month,
        today,
        dailyPace,
        behind: expectedByNow(month.promised, now) - month.netDelivered,
      });
    }

    const queued = await readClaimedLeads(tx, claimedIds);

    // Decided in the queue's order against the figures read above, kept up to date lead by lead.
    const decisions: RoutingDecision[] = [];
    for (const lead of queued) {
      if (lead.duplicate) {
        decisions.push({
          leadId: lead.id,
          outcome: "held",
          heldFor: "duplicate",
          reason: `Held for review: maybe the same seller as ${lead.duplicate.name} (same ${lead.duplicate.same})`,
        });
        continue;
      }
      const fitting = candidates.filter((c) => misfitsOf(c, lead).length === 0);
      const chosen = fitting
        .map((c) => standings.get(c.clientId))
        .filter((s): s is Standing => s !== undefined && hasRoom(s))
        .sort(byTurn)[0];
      if (!chosen) {
        decisions.push(held(candidates, fitting, lead));
        continue;
      }
      const { month } = chosen;
      decisions.push({
        leadId: lead.id,
        outcome: "routed",
        clientId: chosen.candidate.clientId,
        reason: `Routed to ${chosen.candidate.name}: ${fitText(chosen.candidate, lead)}; ${formatCount(month.netDelivered + 1)} of ${formatCount(month.promised)} this month`,
      });
      take(chosen);
    }

    // The chosen clients' accounts, in id order (two routers never wait on each other in a circle), then
    // the room again under the lock: what others gave them since may leave less; the rest waits for the
    // next pass, in the queue.
    const routedTo = new Map<string, string[]>();
    for (const decision of decisions) {
      if (decision.outcome !== "routed") continue;
      const ids = routedTo.get(decision.clientId) ?? [];
      ids.push(decision.leadId);
      routedTo.set(decision.clientId, ids);
    }
    const deferred = new Set<string>();
    const locked = await lockMonthLedgers(tx, [...routedTo.keys()], now);
    for (const [clientId, ids] of routedTo) {
      const ledger = locked.get(clientId);
      const { room } = ledger ? roomOf(capacityOf(ledger)) : { room: 0 };
      for (const leadId of ids.slice(room)) deferred.add(leadId);
    }
    // Then the leads (accounts before leads, as every assignment locks): one assigned or deleted since
    // the pass read it is left as it is.
    const stillFree = new Set(
      (
        await tx
          .select({ id: leads.id })
          .from(leads)
          .where(and(inArray(leads.id, claimedIds), isNull(leads.assignedToClientId)))
          .orderBy(leads.id)
          .for("update")
      ).map((row) => row.id),
    );
    const written = decisions.filter((d) => !deferred.has(d.leadId) && stillFree.has(d.leadId));
    await record(tx, written, queued, now);
    await tx.delete(routingQueue).where(
      inArray(
        routingQueue.leadId,
        claimedIds.filter((id) => !deferred.has(id)),
      ),
    );
    return written;
  });
}

/** The first moment of the UTC day after `now`: when a client's full day (or month) may have room again. */
function nextUtcDay(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * The decisions on the leads' timelines and in the log; routed leads assigned through the one path, one
 * e-mail per client for what this pass gave them (a digest of one lead is that lead's own message). A
 * lead held again for the reason it was held before keeps its entry and its place in the log: a daily
 * look at a full client's leads is not news.
 */
async function record(
  tx: Transaction,
  decisions: readonly RoutingDecision[],
  queued: readonly QueuedLead[],
  now: Date,
) {
  if (decisions.length === 0) return;
  const heldBefore = new Map(queued.map((lead) => [lead.id, lead.heldBefore]));
  const news = decisions.filter((d) => d.outcome === "routed" || heldBefore.get(d.leadId) !== d.reason);
  const routed = news.flatMap((d) => (d.outcome === "routed" ? [{ id: d.leadId, to: d.clientId }] : []));
  await recordLeadChanges(
    tx,
    news.map((d) => {
      const to = d.outcome === "routed" ? d.clientId : null;
      return {
        leadId: d.leadId,
        from: null,
        to,
        entry: { type: "lead_assigned", description: d.reason, metadata: { routing: d.outcome, to } },
      };
    }),
    { by: null, mail: "digest", live: "coalesced" },
    async () => {
      if (routed.length === 0) return;
      // Each lead to its own client, in one statement (the fields as every assignment sets them).
      await tx
        .update(leads)
        .set({ ...assignmentChange(null, now), assignedToClientId: sql`routed.to` })
        .from(sql`jsonb_to_recordset(${JSON.stringify(routed)}::jsonb) as routed(id uuid, "to" text)`)
        .where(sql`${leads.id} = routed.id`);
    },
  );
  await tx
    .insert(leadRouting)
    .values(
      decisions.map((d) => ({
        leadId: d.leadId,
        outcome: d.outcome,
        clientId: d.outcome === "routed" ? d.clientId : null,
        reason: d.reason,
        heldFor: d.outcome === "held" ? d.heldFor : null,
        retryAfter: d.outcome === "held" && d.heldFor === "no_room" ? nextUtcDay(now) : null,
        decidedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: leadRouting.leadId,
      set: {
        outcome: sql`excluded.outcome`,
        clientId: sql`excluded.client_id`,
        heldFor: sql`excluded.held_for`,
        retryAfter: sql`excluded.retry_after`,
        decidedAt: sql`case when ${leadRouting.reason} = excluded.reason then ${leadRouting.decidedAt} else excluded.decided_at end`,
        reason: sql`excluded.reason`,
      },
    });
}

/**
 * Holds that room may have lifted go back into the queue, to be decided again: those whose time came
 * (a full day or month: the next UTC day) and, after a wake-up (an agreement saved: every hold but a
 * possible duplicate; a return approved: holds for want of room), at once. Only leads still unassigned
 * and of a source still routed. Two servers at once move each hold once (SKIP LOCKED, and the queue's
 * primary key). Returns how many went back.
 */
export async function requeueHeldLeads(db: Database, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const causes = new Set(
      (await queryRows<{ cause: string }>(tx, sql`delete from routing_wakeups returning cause`)).map(
        (w) => w.cause,
      ),
    );
    const waking = causes.has("agreement")
      ? sql`('no_client', 'no_fit', 'no_room')`
      : causes.has("return")
        ? sql`('no_room')`
        : null;
    if (waking) {
      await tx.execute(sql`update lead_routing r set retry_after = ${at}::timestamptz
        from leads l
        where l.id = r.lead_id and l.assigned_to_client_id is null
          and r.outcome = 'held' and r.held_for in ${waking}
          and (r.retry_after is null or r.retry_after > ${at}::timestamptz)`);
    }
    const moved = await queryRows<{ lead_id: string }>(
      tx,
      sql`with due as (
            update lead_routing set retry_after = null
            where lead_id in (select lead_id from lead_routing where retry_after <= ${at}::timestamptz
              order by retry_after limit ${BATCH * 10} for update skip locked)
            returning lead_id)
          insert into routing_queue (lead_id)
          select d.lead_id from due d
          join leads l on l.id = d.lead_id and l.assigned_to_client_id is null
          join routing_sources s on s.lead_source = l.lead_source and s.enabled
          on conflict do nothing
          returning lead_id`,
    );
    return moved.length;
  });
}

export function startRoutingWorker(options: { db: Database; intervalMs?: number }): OutboxWorker {
  return startOutboxWorker({
    name: "routing",
    pass: async () => (await requeueHeldLeads(options.db)) + (await routeQueuedLeads(options.db)).length,
    intervalMs: options.intervalMs ?? 1_000,
  });
}

/** What waits for a routing decision (metrics). */
export async function routingBacklog(db: Database): Promise<Backlog> {
  const [row] = await queryRows<{ pending: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as pending, extract(epoch from now() - min(enqueued_at))::float8 as oldest from routing_queue`,
  );
  return { pending: Number(row?.pending ?? 0), oldestPendingSeconds: Number(row?.oldest ?? 0), failed: 0 };
}
