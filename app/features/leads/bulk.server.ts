/**
 * Bulk actions on the admin lead list (issue 13): assign to a client or unassign, change the status, or
 * delete, for the ticked leads or for every lead matching the list's filters. One transaction: a refused
 * or failed batch changes nothing. Set-based SQL, so 10,000 leads take seconds, not minutes; each lead
 * still gets its timeline entry, a client to whom many leads are assigned at once gets ONE e-mail listing
 * them, and one notification per batch refreshes the open lists of admins and of every client concerned.
 */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { labelOf, motivationLevels, type LeadStatus } from "~/db/enums";
import { leadActivities, leadDocuments, leads, profiles } from "~/db/schema";
import { isUuid } from "~/lib/data-guards";
import { env } from "~/lib/env.server";
import { deleteStoredFiles, removeObjects } from "~/lib/files/stored-files.server";
import { composeMail } from "~/lib/mail/compose";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { authorize } from "~/lib/permissions";
import { LEADS_CHANNEL, notify } from "~/lib/realtime.server";
import { assignmentEvents, enqueueLeadEvents, updateEvents } from "~/lib/webhooks/outbox.server";
import type { LeadListQuery } from "./leads.schema";
import {
  assertClientAccount,
  assignmentChange,
  assignmentText,
  listFilters,
  statusChange,
  statusChangedText,
  type LeadActor,
} from "./leads.server";

/** The ticked leads (at most a page's worth at a time), or every lead the filters keep. */
export type BulkSelection = { ids: readonly string[] } | { query: LeadListQuery };

export type BulkAction =
  { kind: "assign"; clientId: string | null } | { kind: "status"; status: LeadStatus } | { kind: "delete" };

/** How many leads the action changed (leads already in the asked state are left alone). */
export interface BulkResult {
  selected: number;
  changed: number;
}

/** Ids ticked by hand: a page holds 50, so a few hundred is generous. */
export const BULK_MAX_IDS = 500;
/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000;
/** Leads named in a client's e-mail; the rest are counted. */
const MAIL_LIST_MAX = 25;

/** How many leads a selection holds now (the count a delete confirmation names). */
export async function countSelection(actor: LeadActor, selection: BulkSelection): Promise<number> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(leads).where(selectionWhere(selection));
  return Number(row?.n ?? 0);
}

function selectionWhere(selection: BulkSelection): SQL | undefined {
  if ("ids" in selection) {
    const ids = selection.ids.filter(isUuid);
    return ids.length ? inArray(leads.id, ids) : sql`false`;
  }
  const filters = listFilters(selection.query);
  return filters.length ? and(...filters) : undefined;
}

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function bulkLeadAction(
  actor: LeadActor,
  selection: BulkSelection,
  action: BulkAction,
): Promise<BulkResult> {
  authorize(actor, "lead:write:any");
  if ("ids" in selection && selection.ids.length > BULK_MAX_IDS) {
    throw new RangeError(`At most ${BULK_MAX_IDS} leads can be ticked at once`);
  }
  const db = await getDb();
  // Objects of deleted documents leave the bucket once the deletion has committed.
  const objectKeys: string[] = [];
  const outcome = await db.transaction(async (tx) => {
    // Lock what the action will touch, so a concurrent change cannot slip between reading and writing.
    const targets = await tx
      .select({ id: leads.id, status: leads.leadStatus, clientId: leads.assignedToClientId })
      .from(leads)
      .where(selectionWhere(selection))
      .for("update");
    const result = await apply(tx, actor, action, targets, objectKeys);
    await announceBulkChange(
      tx,
      targets.map((t) => t.clientId),
      action.kind === "assign" ? action.clientId : null,
    );
    return { selected: targets.length, changed: result };
  });
  await removeObjects(objectKeys);
  return outcome;
}

type Target = { id: string; status: LeadStatus; clientId: string | null };

/**
 * Writes `change` to the `changing` leads and one timeline entry each (`entry`), a chunk at a time so that
 * no statement outgrows the parameter limit.
 */
async function changeInChunks(
  tx: Transaction,
  changing: Target[],
  change: Partial<typeof leads.$inferInsert>,
  entry: (target: Target) => Omit<typeof leadActivities.$inferInsert, "leadId">,
) {
  for (const part of chunks(changing, INSERT_CHUNK)) {
    await tx
      .update(leads)
      .set(change)
      .where(
        inArray(
          leads.id,
          part.map((t) => t.id),
        ),
      );
    await tx.insert(leadActivities).values(part.map((t) => ({ ...entry(t), leadId: t.id })));
  }
}

async function apply(
  tx: Transaction,
  actor: LeadActor,
  action: BulkAction,
  targets: Target[],
  objectKeys: string[],
) {
  const now = new Date();
  if (action.kind === "status") {
    const changing = targets.filter((t) => t.status !== action.status);
    await changeInChunks(tx, changing, statusChange(action.status, now), (t) => ({
      activityType: "status_changed",
      description: statusChangedText(t.status, action.status),
      performedBy: actor.id,
      metadata: { from: t.status, to: action.status, bulk: true },
    }));
    await enqueueLeadEvents(
      tx,
      changing.flatMap((t) => updateEvents(t.id, t.clientId)),
    );
    return changing.length;
  }

  if (action.kind === "assign") {
    await assertClientAccount(tx, action.clientId);
    const changing = targets.filter((t) => t.clientId !== action.clientId);
    const description = await assignmentText(tx, action.clientId);
    await changeInChunks(tx, changing, assignmentChange(action.clientId, now), (t) => ({
      activityType: "lead_assigned",
      description,
      performedBy: actor.id,
      metadata: { from: t.clientId, to: action.clientId, bulk: true },
    }));
    await enqueueLeadEvents(
      tx,
      changing.flatMap((t) => assignmentEvents(t.id, t.clientId, action.clientId)),
    );
    if (action.clientId && changing.length > 0) {
      await mailAssignedBatch(
        tx,
        action.clientId,
        changing.map((t) => t.id),
      );
    }
    return changing.length;
  }

  // Delete: the documents' stored bytes go with their leads (activities cascade).
  for (const part of chunks(targets, INSERT_CHUNK)) {
    const ids = part.map((t) => t.id);
    const files = await tx
      .delete(leadDocuments)
      .where(inArray(leadDocuments.leadId, ids))
      .returning({ fileId: leadDocuments.fileId });
    await tx.delete(leads).where(inArray(leads.id, ids));
    objectKeys.push(
      ...(await deleteStoredFiles(
        tx,
        files.map((f) => f.fileId),
      )),
    );
  }
  return targets.length;
}

/**
 * One e-mail to the client for the whole batch: how many leads (`count`, when `leadIds` names only the
 * first few), the first few by name and place, and the link to their portal. Contact details stay behind the sign-in.
 */
export async function mailAssignedBatch(
  tx: Transaction,
  clientId: string,
  leadIds: string[],
  count = leadIds.length,
) {
  const [client] = await tx
    .select({ to: profiles.email, firstName: profiles.firstName, companyName: profiles.companyName })
    .from(profiles)
    .where(eq(profiles.userId, clientId));
  if (!client) return;
  const named = await tx
    .select({
      firstName: leads.firstName,
      lastName: leads.lastName,
      city: leads.city,
      state: leads.state,
      motivationLevel: leads.motivationLevel,
    })
    .from(leads)
    .where(inArray(leads.id, leadIds.slice(0, MAIL_LIST_MAX)))
    .orderBy(leads.lastName, leads.firstName);
  const more = count - named.length;
  const config = env();
  const mail = composeMail({
    heading: count === 1 ? "A new seller lead for you" : `${count} new seller leads for you`,
    paragraphs: [
      `Hello ${client.firstName || client.companyName || "there"}, we have assigned ${count === 1 ? "a new homeowner lead" : `${count} new homeowner leads`} to you.`,
      "Open them in your portal for the contact details and each seller's situation, and tell us how it goes with the feedback buttons.",
      ...(more > 0 ? [`The first ${named.length} are listed below; your portal lists all ${count}.`] : []),
    ],
    fields: named.map((lead) => [
      `${lead.firstName} ${lead.lastName}`,
      `${lead.city}, ${lead.state} · ${labelOf(motivationLevels, lead.motivationLevel)}`,
    ]),
    action: { label: "Open your leads", url: `${config.SITE_URL}/client/leads` },
    footer: `Leadworks | ${config.CONTACT_EMAIL}`,
  });
  await enqueueMail(tx, {
    to: client.to,
    subject: count === 1 ? "New lead assigned to you" : `${count} new leads assigned to you`,
    ...mail,
  });
}

/** Client ids per notification: NOTIFY payloads stay far below PostgreSQL's 8,000 bytes. */
const CLIENTS_PER_NOTIFY = 100;

/**
 * One notification per batch, not per lead: every admin list refreshes, and each client whose leads
 * changed (they held them before, or hold them now) is told, without naming a lead.
 */
export async function announceBulkChange(tx: Transaction, before: (string | null)[], after: string | null) {
  const clients = [...new Set([...before, after].filter((c): c is string => Boolean(c)))];
  const parts = clients.length ? chunks(clients, CLIENTS_PER_NOTIFY) : [[]];
  for (const part of parts) await notify(tx, LEADS_CHANNEL, { leadId: null, clients: part });
}
