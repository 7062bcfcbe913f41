/**
 * The webhook outbox (issue 14, ADR 023): `enqueueLeadEvents` is THE way a lead change reaches a client's
 * webhook. Callers pass it their transaction and the events of the change; it writes one delivery row per
 * event whose client has a webhook, with the lead as it is now in that transaction, in one statement
 * however many events (a bulk assign of 10,000 leads is one insert). Nothing is written for clients
 * without a webhook. The rows commit, or roll back, with the change itself.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { WebhookEventType } from "~/db/enums";
import { wakeups } from "~/lib/outbox/outbox.server";

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
 * The lead's fields as a webhook receives them (camelCase, as the API and the forms name them), read in
 * SQL so that the row is the one this transaction sees.
 */
export const leadPayloadSql = sql`jsonb_build_object(
  'id', l.id, 'firstName', l.first_name, 'lastName', l.last_name, 'phone', l.phone, 'email', l.email,
  'address', l.address, 'city', l.city, 'state', l.state, 'zipCode', l.zip_code,
  'propertyType', l.property_type, 'motivationLevel', l.motivation_level,
  'situationNotes', l.situation_notes, 'leadSource', l.lead_source, 'askingPrice', l.asking_price,
  'estimatedValue', l.estimated_value, 'estimatedRepairCost', l.estimated_repair_cost,
  'isSold', l.is_sold, 'soldPrice', l.sold_price, 'leadStatus', l.lead_status,
  'assignedToClientId', l.assigned_to_client_id, 'clientFeedbackStatus', l.client_feedback_status,
  'clientNotes', l.client_notes, 'clientReviewedAt', l.client_reviewed_at,
  'createdAt', l.created_at, 'updatedAt', l.updated_at)`;

/** Writes the events' deliveries in the caller's transaction; returns how many rows it wrote. */
export async function enqueueLeadEvents(writer: Writer, events: readonly LeadEvent[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < events.length; i += CHUNK) {
    const part = events.slice(i, i + CHUNK);
    // Endpoints first: most clients have none, and then nothing else is read.
    const [row] = await queryRows<{ n: number }>(
      writer,
      sql`with written as (
      insert into webhook_deliveries (client_id, lead_id, event_type, payload)
      select e."clientId", l.id, e.type::webhook_event_type, ${leadPayloadSql}
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

/**
 * The events of a lead's assignment moving from `from` to `to`: the former client hears `lead.unassigned`,
 * the new one `lead.assigned`; nothing when it did not move.
 */
export function assignmentEvents(leadId: string, from: string | null, to: string | null): LeadEvent[] {
  if (from === to) return [];
  return [
    ...(from ? [{ type: "lead.unassigned" as const, leadId, clientId: from }] : []),
    ...(to ? [{ type: "lead.assigned" as const, leadId, clientId: to }] : []),
  ];
}

/** `lead.updated` for the client holding the lead, if any. */
export const updateEvents = (leadId: string, clientId: string | null): LeadEvent[] =>
  clientId ? [{ type: "lead.updated", leadId, clientId }] : [];
