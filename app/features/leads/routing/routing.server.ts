/**
 * Routing (issue 24 §4): new unassigned leads of the sources an admin switched on go to a client by
 * themselves, one decision per lead, made by a queue worker of the job runtime. A lead goes to the
 * client whose agreement it fits (markets and buy box, ADR 042) with room in the month's promise and
 * under the day's pace, the one furthest behind its promise first; it is held for review when it may
 * be a duplicate or when no client can take it. Every decision is written on the lead's timeline and in
 * the routing log, with its reason.
 *
 * One decision per lead across servers: the queue row is locked (SKIP LOCKED) while its lead is decided,
 * and deleted in the same transaction that records the decision; `lead_routing` has one row per lead.
 * Lock order as every assignment's: the client's account, then the lead.
 */
import { eq, sql } from "drizzle-orm";
import { queryRows, type Database, type Queryable, type Transaction } from "~/db/client.server";
import type { PropertyType } from "~/db/enums";
import { leadRouting, leads, routingQueue } from "~/db/schema";
import { startOutboxWorker, type Backlog, type OutboxWorker } from "~/lib/outbox/outbox.server";
import { misfitsOf, type AgreementCriteria } from "../agreements/agreement-fit";
import { readMonthLedger } from "../agreements/ledger.server";
import { marketsText } from "../agreements/markets";
import type { LedgerMonth } from "../agreements/guarantee";
import { recordLeadChanges } from "../lead-changes.server";
import { arrivingLeadColumns, assignmentChange, lockAssignee, planAssignment } from "../lead-commands.server";
import { formatCount } from "../lead-format";

/** Leads decided per pass; each in its own short transaction. */
const BATCH = 100;

interface Candidate extends AgreementCriteria {
  clientId: string;
  name: string;
  dailyPace: number | null;
}

interface Standing {
  candidate: Candidate;
  month: LedgerMonth;
  today: number;
  /** How many leads behind the pace of its promise the client is now (negative: ahead). */
  behind: number;
}

type Lead = Awaited<ReturnType<typeof lockQueuedLead>>;

/** The month's promise as it should stand at `now`: the share of the month gone by. */
function expectedByNow(promised: number, now: Date) {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return (promised * (now.getTime() - start)) / (end - start);
}

/** Every client with an agreement in force, with what routing checks of it (one read per pass). */
async function candidatesOf(q: Queryable, now: Date): Promise<Candidate[]> {
  const rows = await queryRows<{
    client_id: string;
    name: string;
    markets: string[];
    market_states: string[];
    market_zips: string[];
    property_types: PropertyType[] | string;
    max_price: string | null;
    daily_pace: number | null;
  }>(
    q,
    sql`select a.client_id,
          coalesce(nullif(p.company_name, ''), nullif(concat_ws(' ', p.first_name, p.last_name), ''), u.email) as name,
          a.markets, a.market_states, a.market_zips, a.property_types::text[] as property_types, a.max_price,
          a.daily_pace
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
    dailyPace: row.daily_pace,
  }));
}

async function standingOf(q: Queryable, candidate: Candidate, now: Date): Promise<Standing | null> {
  const month = await readMonthLedger(q, candidate.clientId, now);
  if (!month) return null;
  const [row] = await queryRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from lead_deliveries where client_id = ${candidate.clientId}
        and delivered_at >= ${now.toISOString().slice(0, 10)}::timestamp at time zone 'UTC'`,
  );
  const today = Number(row?.n ?? 0);
  return { candidate, month, today, behind: expectedByNow(month.promised, now) - month.netDelivered };
}

/** Whose turn: furthest behind its promise, then fewest today, then a stable order. */
const byTurn = (a: Standing, b: Standing) =>
  b.behind - a.behind || a.today - b.today || a.candidate.clientId.localeCompare(b.candidate.clientId);

/** Why the lead fits this client, as the timeline says it. */
function fitText(candidate: Candidate, lead: NonNullable<Lead>) {
  if (candidate.markets.length === 0) return "buys anywhere";
  if (candidate.marketStates.includes(lead.state)) return `in ${lead.state}`;
  return `ZIP ${lead.zipCode.slice(0, 5)} in ${marketsText(candidate.markets)}`;
}

async function lockQueuedLead(tx: Transaction, leadId: string) {
  const [row] = await tx
    .select({
      ...arrivingLeadColumns,
      clientId: leads.assignedToClientId,
      phone: leads.phone,
      key: leads.addressKey,
    })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for("update");
  return row ?? null;
}

/** An earlier lead with the same phone or address: routing holds this one for a person to look at. */
async function duplicateOf(q: Queryable, lead: NonNullable<Lead>) {
  const [row] = await queryRows<{ name: string; same: string }>(
    q,
    sql`select first_name || ' ' || last_name as name, case when phone = ${lead.phone} then 'phone' else 'address' end as same
        from leads o where (phone = ${lead.phone} or address_key = ${lead.key})
          and (o.created_at, o.id) < (select created_at, id from leads where id = ${lead.id})
        order by created_at limit 1`,
  );
  return row ?? null;
}

export type RoutingDecision =
  | { leadId: string; outcome: "routed"; clientId: string; reason: string }
  | { leadId: string; outcome: "held"; reason: string }
  | { leadId: string; outcome: "skipped" };

/**
 * Decides one queued lead in `tx` (its queue row already locked): routes it, holds it, or drops it from
 * the queue when someone assigned or deleted it meanwhile.
 */
async function decide(tx: Transaction, leadId: string, pass: Pass): Promise<RoutingDecision> {
  const { candidates, now } = pass;
  const peek = await tx.select(arrivingLeadColumns).from(leads).where(eq(leads.id, leadId));
  const facts = peek[0];
  const fitting = facts ? candidates.filter((c) => misfitsOf(c, facts).length === 0) : [];
  const standings: Standing[] = [];
  for (const candidate of fitting) {
    if (!pass.standings.has(candidate.clientId)) {
      pass.standings.set(candidate.clientId, await standingOf(tx, candidate, now));
    }
    const standing = pass.standings.get(candidate.clientId);
    if (standing) standings.push(standing);
  }

  const open = standings
    .filter((s) => s.month.short > 0 && (s.candidate.dailyPace === null || s.today < s.candidate.dailyPace))
    .sort(byTurn);
  // The chosen client's account before the lead (one lock order with every assignment); the room is
  // checked again under that lock, so two servers routing at once never pass a client's promise.
  const chosen = open[0];
  const assignee = chosen ? await lockAssignee(tx, chosen.candidate.clientId) : null;
  const lead = await lockQueuedLead(tx, leadId);
  if (!lead || lead.clientId !== null) return { leadId, outcome: "skipped" };

  const duplicate = await duplicateOf(tx, lead);
  let decision: RoutingDecision;
  if (duplicate) {
    decision = {
      leadId,
      outcome: "held",
      reason: `Held for review: maybe the same seller as ${duplicate.name} (same ${duplicate.same})`,
    };
  } else if (chosen && assignee && planAssignment(assignee, [lead], "fit").take.length === 1) {
    const { month } = chosen;
    decision = {
      leadId,
      outcome: "routed",
      clientId: chosen.candidate.clientId,
      reason: `Routed to ${chosen.candidate.name}: ${fitText(chosen.candidate, lead)}; ${formatCount(month.netDelivered + 1)} of ${formatCount(month.promised)} this month`,
    };
  } else {
    decision = { leadId, outcome: "held", reason: heldReason(candidates, fitting, lead) };
  }
  await record(tx, decision);
  if (decision.outcome === "routed" && chosen) taken(chosen);
  return decision;
}

/** The pass's figures of a client after one more lead (other servers' leads show at the next pass). */
function taken(standing: Standing) {
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

/** What one pass reads once: the clients, the time, and each client's figures as the pass goes. */
interface Pass {
  candidates: Candidate[];
  now: Date;
  standings: Map<string, Standing | null>;
}

function heldReason(candidates: Candidate[], fitting: Candidate[], lead: NonNullable<Lead>) {
  if (candidates.length === 0) return "Held for review: no client has an agreement in force";
  if (fitting.length === 0) {
    return `Held for review: no client's agreement takes a lead in ZIP ${lead.zipCode.slice(0, 5)} (${lead.state}) of this type and price`;
  }
  const names = fitting.map((c) => c.name);
  return `Held for review: ${marketsText(names)} ${names.length === 1 ? "has" : "have"} no room this month or today`;
}

/** The decision on the lead's timeline and in the log; a routed lead's assignment through the one path. */
async function record(tx: Transaction, decision: RoutingDecision) {
  if (decision.outcome === "skipped") return;
  const to = decision.outcome === "routed" ? decision.clientId : null;
  await recordLeadChanges(
    tx,
    [
      {
        leadId: decision.leadId,
        from: null,
        to,
        entry: {
          type: "lead_assigned",
          description: decision.reason,
          metadata: { routing: decision.outcome, to },
        },
      },
    ],
    { by: null, mail: "each", live: "coalesced" },
    async () => {
      if (to)
        await tx.update(leads).set(assignmentChange(to, new Date())).where(eq(leads.id, decision.leadId));
    },
  );
  await tx.insert(leadRouting).values({
    leadId: decision.leadId,
    outcome: decision.outcome,
    clientId: to,
    reason: decision.reason,
  });
}

/**
 * One pass: decides up to BATCH queued leads, oldest first, each in its own transaction. Safe on several
 * servers at once. Returns how many it decided (0: the queue is empty, or others hold what is left).
 */
export async function routeQueuedLeads(db: Database, now = new Date()): Promise<RoutingDecision[]> {
  const waiting = await db
    .select({ leadId: routingQueue.leadId })
    .from(routingQueue)
    .orderBy(routingQueue.enqueuedAt, routingQueue.leadId)
    .limit(BATCH);
  if (waiting.length === 0) return [];
  const pass: Pass = { candidates: await candidatesOf(db, now), now, standings: new Map() };
  const decisions: RoutingDecision[] = [];
  for (const { leadId } of waiting) {
    const decision = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ leadId: routingQueue.leadId })
        .from(routingQueue)
        .where(eq(routingQueue.leadId, leadId))
        .for("update", { skipLocked: true });
      if (!claimed) return null;
      const made = await decide(tx, leadId, pass);
      await tx.delete(routingQueue).where(eq(routingQueue.leadId, leadId));
      return made;
    });
    if (decision) decisions.push(decision);
  }
  return decisions;
}

export function startRoutingWorker(options: { db: Database; intervalMs?: number }): OutboxWorker {
  return startOutboxWorker({
    name: "routing",
    pass: async () => (await routeQueuedLeads(options.db)).length,
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
