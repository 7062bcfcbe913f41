/**
 * The one path every lead change takes (issue 23, DESIGN.md "Lead changes"). A writer (the admin's forms,
 * bulk actions, the import, the API, the client's feedback, returns, deletion) describes what changed,
 * lead by lead, and hands its row writes to `recordLeadChanges`; inside the writer's transaction this
 * module then writes everything a change owes the people who follow the lead:
 *
 * - the timeline entry (the writer's words; an assignment's words are composed here),
 * - the audit entry, for what the timeline cannot keep (a deletion takes the timeline with it),
 * - the webhook events: `lead.unassigned` to the former client and `lead.deleted` to the holder carry the
 *   lead as it was before the change, read before the writes, with nothing of a new owner;
 *   `lead.assigned` to the new client and `lead.updated` to the holder carry the lead after it,
 * - the e-mail to each person of a client company that received leads, as each chose: one per lead, or
 *   one digest per company for a batch (a digest of one lead is that lead's own message), and a text to
 *   each of its people who asked for one,
 * - the live event for open lead lists: per lead, once per batch, or coalesced (at most once a second,
 *   after commit) for high-rate intake.
 *
 * Nothing here commits: it all rolls back with the writer's change.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { queryRows, uuidsIn, type Queryable } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { labelOf, motivationLevels, propertyTypes, type ActivityType } from "~/db/enums";
import { leads, profiles } from "~/db/schema";
import { audit } from "~/lib/audit.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { activeCompanyPeople, type CompanyPerson } from "~/lib/client-accounts.server";
import { notificationOptOut, textNumberFor } from "~/lib/mail/notification-settings.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { DIGEST_LIST_MAX, newLeadsMail } from "~/lib/mail/templates/leads";
import type { OptOut } from "~/lib/mail/templates/opt-out";
import { LEADS_CHANNEL, notify } from "~/lib/realtime.server";
import { enqueueSms } from "~/lib/sms/outbox.server";
import { smsEnabled } from "~/lib/sms/sms.server";
import { newLeadsText, type TextLead } from "~/lib/sms/texts";
import { enqueueLeadEvents, type LeadEvent } from "~/lib/webhooks/outbox.server";
import { personName } from "./lead-format";
import { publicLeadSql } from "./public-lead.server";

/** One lead's change, as its writer saw it. */
export interface LeadChange {
  leadId: string;
  /** The client holding the lead before the change (null: none, or the lead is new). */
  from: string | null;
  /** The client holding it after the change (equal to `from` when the assignment did not move). */
  to: string | null;
  /**
   * The timeline's entry. An assignment that moved gets "Assigned to <client>" / "Lead unassigned" when
   * this is left out; a deletion has none (the timeline goes with the lead).
   */
  entry?: TimelineEntry;
  /** The lead's own fields changed for its holder (details, status, price, feedback): `lead.updated`. */
  updated?: boolean;
  /** The lead is deleted by the writes. */
  deleted?: boolean;
}

export interface TimelineEntry {
  type: ActivityType;
  description: string;
  metadata?: Record<string, unknown>;
}

export interface ChangeOptions {
  /** The user shown on the timeline and in the audit log; null for an API key or the system. */
  by: string | null;
  /** E-mail to clients who received leads: one per lead, one digest per client, or none (the caller's). */
  mail: "each" | "digest" | "none";
  /** Live lists: a per-lead event, one event for the batch, or coalesced after commit (high-rate intake). */
  live: "lead" | "batch" | "coalesced";
  /** What else the timeline's metadata records for every entry of this call (e.g. `{ bulk: true }`). */
  metadata?: Record<string, unknown>;
  /** An audit entry for the whole call (bulk actions); deletions are audited lead by lead regardless. */
  audit?: { action: string; details: Record<string, unknown> };
}

/**
 * Records `changes` in the caller's transaction around `write`, the writer's own row changes: what must
 * be read before the rows change is read first, then `write` runs, then the rest is written.
 */
export async function recordLeadChanges(
  tx: Queryable,
  changes: readonly LeadChange[],
  options: ChangeOptions,
  /** Left out when the rows are already written (new leads: nothing of them is read before). */
  write: () => Promise<void> = async () => undefined,
): Promise<{ mailIds: string[] }> {
  const events = eventsOf(changes);
  // Before: the former holders hear of the lead as they knew it.
  await enqueueLeadEvents(
    tx,
    events.unassigned,
    // As it was, but no longer theirs: nothing of the new owner (id, reset feedback) goes out.
    sql`${publicLeadSql("l", "client")} || jsonb_build_object('assignedToClientId', null)`,
  );
  await enqueueLeadEvents(tx, events.deleted, publicLeadSql("l", "client"));
  const deletions = changes.filter((c) => c.deleted);
  if (deletions.length) await auditDeletions(tx, deletions, options.by);

  await write();

  const kept = changes.filter((c) => !c.deleted);
  await writeTimeline(tx, kept, options);
  await enqueueLeadEvents(tx, events.after, publicLeadSql("l", "client"));
  const received = kept.filter((c) => c.to !== null && c.from !== c.to);
  const mailIds =
    options.mail !== "none" && received.length ? await mailReceived(tx, received, options.mail) : [];
  if (options.audit) await audit(tx, options.by, null, options.audit.action, options.audit.details);
  await announce(tx, changes, options.live);
  // The e-mails queued, so an undo can hold back those not yet sent (bulk-undo.server.ts).
  return { mailIds };
}

const event = (type: LeadEvent["type"], leadId: string, clientId: string): LeadEvent => ({
  type,
  leadId,
  clientId,
});

/**
 * The webhook events of `changes`: those read before the writes (`unassigned` to a former holder,
 * `deleted` to the holder) and those read after (`assigned` to a new holder, `updated` to a holder whose
 * lead changed).
 */
export function eventsOf(changes: readonly LeadChange[]) {
  const unassigned: LeadEvent[] = [];
  const deleted: LeadEvent[] = [];
  const after: LeadEvent[] = [];
  for (const c of changes) {
    if (c.deleted) {
      if (c.from) deleted.push(event("lead.deleted", c.leadId, c.from));
      continue;
    }
    if (c.from !== c.to) {
      if (c.from) unassigned.push(event("lead.unassigned", c.leadId, c.from));
      if (c.to) after.push(event("lead.assigned", c.leadId, c.to));
    } else if (c.to && c.updated) {
      after.push(event("lead.updated", c.leadId, c.to));
    }
  }
  return { unassigned, deleted, after };
}

// ---------------------------------------------------------------- timeline and audit

/** Entries per statement: each travels in one JSON parameter. */
const ENTRY_CHUNK = 5_000;

async function writeTimeline(tx: Queryable, changes: readonly LeadChange[], options: ChangeOptions) {
  const names = new Map<string | null, string>();
  const entries: { leadId: string; type: string; description: string; metadata: unknown }[] = [];
  for (const change of changes) {
    let entry = change.entry;
    if (!entry && change.from !== change.to) {
      if (!names.has(change.to)) names.set(change.to, await assignmentText(tx, change.to));
      entry = {
        type: "lead_assigned",
        description: names.get(change.to)!,
        metadata: { from: change.from, to: change.to },
      };
    }
    if (!entry) continue;
    const metadata = { ...entry.metadata, ...options.metadata };
    entries.push({
      leadId: change.leadId,
      type: entry.type,
      description: entry.description,
      metadata: Object.keys(metadata).length ? metadata : null,
    });
  }
  for (let i = 0; i < entries.length; i += ENTRY_CHUNK) {
    await tx.execute(sql`insert into lead_activities (lead_id, activity_type, description, performed_by, metadata)
      select e."leadId", e.type::activity_type, e.description, ${options.by}, e.metadata
      from jsonb_to_recordset(${JSON.stringify(entries.slice(i, i + ENTRY_CHUNK))}::jsonb)
        as e("leadId" uuid, type text, description text, metadata jsonb)`);
  }
}

/** The timeline's words for an assignment: the client's company, else name, or "Lead unassigned". */
export async function assignmentText(tx: Queryable, clientId: string | null) {
  if (!clientId) return "Lead unassigned";
  const [person] = await tx
    .select({
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      companyName: profiles.companyName,
    })
    .from(profiles)
    .where(eq(profiles.userId, clientId));
  return `Assigned to ${person?.companyName || personName(person ?? null) || "a client"}`;
}

/** A deleted lead leaves one audit entry: who deleted whom, where, and whose it was. */
async function auditDeletions(tx: Queryable, deletions: readonly LeadChange[], by: string | null) {
  for (let i = 0; i < deletions.length; i += ENTRY_CHUNK) {
    const part = deletions.slice(i, i + ENTRY_CHUNK);
    await tx.execute(sql`insert into audit_log (actor_id, target_user_id, action, details)
      select ${by}, l.assigned_to_client_id, 'lead.deleted',
        jsonb_build_object('leadId', l.id, 'name', l.first_name || ' ' || l.last_name,
          'address', l.address || ', ' || l.city || ', ' || l.state || ' ' || l.zip_code,
          'clientId', l.assigned_to_client_id)
      from leads l where l.id in ${uuidsIn(part.map((c) => c.leadId))}`);
  }
}

// ---------------------------------------------------------------- e-mail

/** The e-mails of leads received, one per lead or one per client; returns the outbox ids queued. */
async function mailReceived(tx: Queryable, received: readonly LeadChange[], mode: "each" | "digest") {
  const batches: [string, string[]][] = [];
  if (mode === "each") {
    for (const change of received) batches.push([change.to!, [change.leadId]]);
  } else {
    const perClient = new Map<string, string[]>();
    for (const change of received) {
      const ids = perClient.get(change.to!) ?? [];
      ids.push(change.leadId);
      perClient.set(change.to!, ids);
    }
    batches.push(...perClient);
  }
  const queued: string[] = [];
  for (const [clientId, ids] of batches) queued.push(...(await announceAssignment(tx, clientId, ids)));
  return queued;
}

/**
 * Tells a client company that leads are now theirs: an e-mail to each of its people who chose to hear at
 * once (mailAssignment) and a text to each who asked for one (textAssignment). Returns the e-mails'
 * outbox ids.
 */
export async function announceAssignment(
  tx: Queryable,
  clientId: string,
  leadIds: readonly string[],
  count = leadIds.length,
): Promise<string[]> {
  const people = await activeCompanyPeople(tx, [clientId]);
  await textAssignment(tx, people, leadIds, count);
  return mailNewLeads(tx, clientId, people, leadIds, count);
}

/**
 * Texts each person of the company who asked to hear of new leads by text (ADR 045), in the change's
 * transaction: one text per person per assignment, naming the lead, or counting many. Nothing when this
 * site sends no texts.
 */
async function textAssignment(
  tx: Queryable,
  people: readonly CompanyPerson[],
  leadIds: readonly string[],
  count: number,
) {
  if (!smsEnabled() || leadIds.length === 0) return;
  const recipients: { userId: string; to: string }[] = [];
  for (const person of people) {
    const to = await textNumberFor(tx, person.userId, "new_leads");
    if (to) recipients.push({ userId: person.userId, to });
  }
  if (recipients.length === 0) return;
  // A text names one lead only; many are counted.
  const named: TextLead[] = (
    await tx
      .select({
        id: leads.id,
        first: leads.firstName,
        last: leads.lastName,
        city: leads.city,
        state: leads.state,
      })
      .from(leads)
      .where(eq(leads.id, leadIds[0]!))
  ).map((r) => ({ id: r.id, name: `${r.first} ${r.last}`, city: r.city, state: r.state }));
  const body = newLeadsText({ leads: named, count, siteUrl: env().SITE_URL });
  for (const recipient of recipients) await enqueueSms(tx, { ...recipient, body });
}

/**
 * Tells `people` of a client company by e-mail that leads are now the company's (outbox, same
 * transaction), each as they chose (notification settings, ADR 050): at once, or in their daily digest
 * (`daily`, new-lead-digest.server.ts), or never. How many (`count`, when `leadIds` names only the first
 * few), who and where, how motivated, each with its link in the portal; one lead or many, the same
 * template (lib/mail/templates/leads.ts). Contact details stay behind the sign-in. Returns the outbox ids.
 */
export async function mailNewLeads(
  tx: Queryable,
  companyId: string,
  people: readonly CompanyPerson[],
  leadIds: readonly string[],
  count = leadIds.length,
  { daily = false } = {},
): Promise<string[]> {
  const recipients: { person: CompanyPerson; optOut: OptOut }[] = [];
  for (const person of people) {
    const optOut = await notificationOptOut(tx, person.userId, "new_leads", { daily });
    if (optOut) recipients.push({ person, optOut });
  }
  if (recipients.length === 0) return [];
  const [company] = await tx
    .select({ email: profiles.email, companyName: profiles.companyName })
    .from(profiles)
    .where(eq(profiles.userId, companyId));
  const named = await tx
    .select({
      id: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      city: leads.city,
      state: leads.state,
      propertyType: leads.propertyType,
      motivationLevel: leads.motivationLevel,
    })
    .from(leads)
    .where(inArray(leads.id, leadIds.slice(0, DIGEST_LIST_MAX)))
    .orderBy(leads.lastName, leads.firstName);
  if (!company || named.length === 0) return [];
  const config = env();
  const companyName = company.companyName || company.email;
  const queued: string[] = [];
  for (const { person, optOut } of recipients) {
    queued.push(
      await enqueueMail(
        tx,
        newLeadsMail({
          to: person.email,
          greetingName: person.firstName || company.companyName || "there",
          companyName,
          leads: named.map((lead) => ({
            id: lead.id,
            name: `${lead.firstName} ${lead.lastName}`,
            city: lead.city,
            state: lead.state,
            property: labelOf(propertyTypes, lead.propertyType),
            motivation: labelOf(motivationLevels, lead.motivationLevel),
          })),
          count,
          daily,
          siteUrl: config.SITE_URL,
          contactEmail: config.CONTACT_EMAIL,
          optOut,
        }),
      ),
    );
  }
  return queued;
}

// ---------------------------------------------------------------- live lists

/** Client ids per notification: NOTIFY payloads stay far below PostgreSQL's 8,000 bytes. */
const CLIENTS_PER_NOTIFY = 100;

async function announce(tx: Queryable, changes: readonly LeadChange[], live: ChangeOptions["live"]) {
  if (changes.length === 0) return;
  const clients = [...new Set(changes.flatMap((c) => [c.from, c.to]).filter((c): c is string => Boolean(c)))];
  if (live === "coalesced") return announceSoon(clients);
  if (live === "lead" && changes.length === 1) {
    return notify(tx, LEADS_CHANNEL, { leadId: changes[0]!.leadId, clients });
  }
  await announceBatch(tx, clients);
}

/**
 * One notification for a batch, not one per lead: every admin list refreshes, and each client whose leads
 * changed is told, without naming a lead.
 */
export async function announceBatch(tx: Queryable, clients: readonly (string | null)[]) {
  const named = [...new Set(clients.filter((c): c is string => Boolean(c)))];
  for (let i = 0; i === 0 || i < named.length; i += CLIENTS_PER_NOTIFY) {
    await notify(tx, LEADS_CHANNEL, { leadId: null, clients: named.slice(i, i + CLIENTS_PER_NOTIFY) });
  }
}

/** The least time between two coalesced notifications. */
const COALESCE_MS = 1_000;
let announcing: NodeJS.Timeout | undefined;
const waitingClients = new Set<string>();

/**
 * Tells open lead lists of new leads at most once a second, after commit, naming every client who got
 * leads since the last time. For high-rate intake (the API, the import): PostgreSQL holds one lock across
 * every notifying commit, so a NOTIFY per request makes the commits of parallel requests (and their disk
 * flushes) go one at a time: ~180 single leads a second instead of ~530 (bench/api-intake.ts), and each
 * notification reloads every open list. A lost notification (a crash within the second) only delays a
 * list's refresh to its next change.
 */
function announceSoon(clients: readonly string[]) {
  for (const client of clients) waitingClients.add(client);
  if (announcing) return;
  announcing = setTimeout(() => {
    announcing = undefined;
    const named = [...waitingClients];
    waitingClients.clear();
    void getDb()
      .then(async (db) => {
        for (let i = 0; i === 0 || i < named.length; i += CLIENTS_PER_NOTIFY) {
          const payload = { leadId: null, clients: named.slice(i, i + CLIENTS_PER_NOTIFY) };
          await queryRows(db, sql`select pg_notify(${LEADS_CHANNEL}, ${JSON.stringify(payload)})`);
        }
      })
      .catch((error: unknown) => log.warn({ error }, "[leads] coalesced list notification failed"));
  }, COALESCE_MS);
  announcing.unref();
}
