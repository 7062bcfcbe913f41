/**
 * The webhook outbox (issue 14, ADR 023): `enqueueLeadEvents` writes the deliveries of lead events. Its one
 * caller is the leads feature's lead-change path (lead-changes.server.ts), which passes its transaction,
 * the events of the change and the lead's public shape; it writes one delivery row per
 * event whose client has a webhook, with the lead as it is now in that transaction, in one statement
 * however many events (a bulk assign of 10,000 leads is one insert). Nothing is written for clients
 * without a webhook. The rows commit, or roll back, with the change itself.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { WebhookEventType } from "~/db/enums";
import { webhookDeliveries } from "~/db/schema";
import { pendingBacklog, wakeups, type Backlog } from "~/lib/outbox/outbox.server";

/** A transaction or the database itself: anything that can execute SQL. */
export type Writer = Pick<Database, "execute">;

export interface LeadEvent {
  type: WebhookEventType;
  leadId: string;
  /** The client whose webhook hears it: the new assignee, the former one (unassigned), or the holder. */
  clientId: string;
}

const enqueued = wakeups();
/** Lets this process's webhook worker hear of new rows at once (others poll). */
export const subscribeToLeadEvents = enqueued.subscribe;
/** Wakes this process's webhook worker (a resend). */
export const wakeWebhookWorker = () => enqueued.wake();

/** Events per statement: one JSON parameter each, so this only bounds a statement's size. */
const CHUNK = 5_000;

/**
 * Writes the events' deliveries in the caller's transaction; returns how many rows it wrote. `payload` is
 * the body's lead: an SQL expression over the lead's row `l`, read as this transaction sees it (the
 * leads feature's public shape, so that this module needs no knowledge of it).
 */
export async function enqueueLeadEvents(
  writer: Writer,
  events: readonly LeadEvent[],
  payload: SQL,
): Promise<number> {
  let written = 0;
  for (let i = 0; i < events.length; i += CHUNK) {
    const part = events.slice(i, i + CHUNK);
    // Endpoints first: most clients have none, and then nothing else is read.
    const [row] = await queryRows<{ n: number }>(
      writer,
      sql`with written as (
      insert into webhook_deliveries (client_id, lead_id, event_type, payload)
      select e."clientId", l.id, e.type::webhook_event_type, ${payload}
      from jsonb_to_recordset(${JSON.stringify(part.map((event, n) => ({ ...event, n })))}::jsonb)
             as e(type text, "leadId" uuid, "clientId" text, n int)
      join webhook_endpoints w on w.client_id = e."clientId"
      join leads l on l.id = e."leadId"
      order by e.n
      returning 1)
      select count(*)::int as n from written`,
    );
    written += Number(row?.n ?? 0);
  }
  if (written > 0) enqueued.wake();
  return written;
}

/** What waits in the webhook outbox (metrics). */
export const webhookBacklog = (db: Database): Promise<Backlog> =>
  pendingBacklog(db, webhookDeliveries, {
    status: webhookDeliveries.status,
    createdAt: webhookDeliveries.createdAt,
  });
