/**
 * What admins see and change of routing (issue 24 §4): which sources route themselves, what waits, and
 * the log of decisions with their reasons.
 */
import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { leadRouting, leads, profiles, routingQueue, routingSources } from "~/db/schema";
import { authorize, type ActorRef } from "~/lib/permissions";
import { clientDisplayName } from "../lead-format";
import { listSourceOptions, openSourceKeys } from "../sources/sources.server";

export interface RoutingLogEntry {
  leadId: string;
  lead: string;
  outcome: "routed" | "held";
  client: string | null;
  reason: string;
  decidedAt: Date;
}

/** The sources with their switch, what waits in the queue, and the latest decisions. */
export async function routingOverview(actor: ActorRef, limit = 50) {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const switches = await db.select().from(routingSources);
  const on = new Set(switches.filter((s) => s.enabled).map((s) => s.leadSource));
  const offered = (await listSourceOptions(db)).filter((s) => !s.retired);
  const [waiting] = await db.select({ n: sql<number>`count(*)::int` }).from(routingQueue);
  const log = await db
    .select({
      leadId: leadRouting.leadId,
      firstName: leads.firstName,
      lastName: leads.lastName,
      outcome: leadRouting.outcome,
      reason: leadRouting.reason,
      decidedAt: leadRouting.decidedAt,
      companyName: profiles.companyName,
      clientFirst: profiles.firstName,
      clientLast: profiles.lastName,
      clientEmail: profiles.email,
    })
    .from(leadRouting)
    .innerJoin(leads, eq(leads.id, leadRouting.leadId))
    .leftJoin(profiles, eq(profiles.userId, leadRouting.clientId))
    .orderBy(desc(leadRouting.decidedAt), desc(leadRouting.leadId))
    .limit(limit);
  return {
    sources: offered.map((source) => ({
      value: source.value,
      label: source.label,
      enabled: on.has(source.value),
    })),
    waiting: Number(waiting?.n ?? 0),
    log: log.map((row): RoutingLogEntry => ({
      leadId: row.leadId,
      lead: `${row.firstName} ${row.lastName}`,
      outcome: row.outcome,
      client:
        row.clientEmail === null
          ? null
          : clientDisplayName({
              companyName: row.companyName,
              firstName: row.clientFirst,
              lastName: row.clientLast,
              email: row.clientEmail,
            }),
      reason: row.reason,
      decidedAt: row.decidedAt,
    })),
  };
}

/**
 * Switches routing on for exactly these of the open sources (off for the others; keys that are not an
 * open source are ignored). Leads already in stay as they are.
 */
export async function saveRoutingSources(actor: ActorRef, enabled: readonly string[]) {
  authorize(actor, "lead:write:any");
  const db = await getDb();
  const on = new Set(enabled);
  const offered = await openSourceKeys(db);
  if (offered.length === 0) return;
  await db
    .insert(routingSources)
    .values(offered.map((key) => ({ leadSource: key, enabled: on.has(key), updatedBy: actor.id })))
    .onConflictDoUpdate({
      target: routingSources.leadSource,
      set: { enabled: sql`excluded.enabled`, updatedBy: actor.id, updatedAt: new Date() },
    });
}
