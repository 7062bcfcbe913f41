/**
 * Bulk actions on the admin lead list (issue 13): assign to a client or unassign, change the status, or
 * delete, for the ticked leads or for every lead matching the list's filters. One transaction: a refused
 * or failed batch changes nothing. Set-based SQL, so 10,000 leads take seconds, not minutes; each lead
 * still gets its timeline entry, a client to whom many leads are assigned at once gets ONE e-mail listing
 * them, and one notification per batch refreshes the open lists of admins and of every client concerned.
 */
import { and, count, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Transaction } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import type { LeadStatus } from "~/db/enums";
import { leadDocuments, leads, type BulkUndo } from "~/db/schema";
import { isUuid } from "~/lib/data-guards";
import { deleteStoredFiles, removeObjects } from "~/lib/files/stored-files.server";
import { authorize, type ActorRef } from "~/lib/permissions";
import type { CapChoice } from "./leads.schema";
import type { OverCap, RoomLimit } from "./agreements/capacity";
import type { LeadListQuery, LeadSort } from "./lead-list.schema";
import { recordLeadChanges, type LeadChange } from "./lead-changes.server";
import { listFilters, orderOf } from "./lead-list-sql.server";
import {
  assignmentChange,
  arrivingLeadColumns,
  lockAssignee,
  planAssignment,
  statusChange,
  statusChangedText,
} from "./lead-commands.server";

/**
 * The ticked leads (at most a page's worth at a time) in the order of the list they were ticked on, or
 * every lead the filters keep, in the list's order: "only the N that fit" takes the first N of it.
 */
export type BulkSelection = { ids: readonly string[]; sort?: LeadSort } | { query: LeadListQuery };

/** An assignment asks before passing the client's monthly cap unless `cap` says otherwise (issue 24). */
export type BulkAction =
  | { kind: "assign"; clientId: string | null; cap?: CapChoice }
  | { kind: "status"; status: LeadStatus }
  | { kind: "delete" };

/**
 * How many leads the action changed (leads already in the asked state are left alone), and with "only
 * the N that fit", how many it left as they were for the cap.
 */
export interface BulkResult {
  selected: number;
  changed: number;
  overCapLeft?: number;
  /** Whether some of those were left out for the markets or buy box, not only for the cap. */
  outsideLeft?: boolean;
  /** Which limit the others passed: the month's promise or the day's pace. */
  limit?: RoomLimit;
  /** The leads the action covered (changed, or already as asked; not those left out for the cap). */
  leadIds: string[];
  /** How to take an assignment back (bulk-undo.server.ts): absent when it gave nobody's leads to no one. */
  undo?: BulkUndo;
}

/**
 * What an undo of this assignment needs: the leads it gave that were nobody's before (a lead taken from
 * another client is not handed back by an undo: that client's delivery ended and was told), the time of
 * this transaction, which its deliveries and outbox rows carry, and the e-mails it queued.
 */
async function undoOf(
  tx: Transaction,
  clientId: string,
  changes: readonly LeadChange[],
  mailIds: string[],
): Promise<BulkUndo | null> {
  const leadIds = changes.filter((c) => c.from === null && c.to === clientId).map((c) => c.leadId);
  if (leadIds.length === 0) return null;
  const [row] = await queryRows<{ at: string }>(tx, sql`select now()::text as at`);
  return { kind: "assign", clientId, at: row!.at, leadIds, mailIds };
}

/** What the action answers: what it did, or (an assignment past the cap, nothing changed) what to ask. */
export type BulkOutcome = BulkResult | { overCap: OverCap };

/** Ids ticked by hand: a page holds 50, so a few hundred is generous. */
export const BULK_MAX_IDS = 500;
/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000;

/** How many leads a selection holds now (the count a delete confirmation names). */
export async function countSelection(actor: ActorRef, selection: BulkSelection): Promise<number> {
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

/** Only an assignment that may ask (the cap not overridden) can answer with a question. */
type OutcomeOf<A extends BulkAction> = A extends { kind: "assign"; cap: "all" }
  ? BulkResult
  : A extends { kind: "assign" }
    ? BulkOutcome
    : BulkResult;

export async function bulkLeadAction<A extends BulkAction>(
  actor: ActorRef,
  selection: BulkSelection,
  action: A,
): Promise<OutcomeOf<A>>;
export async function bulkLeadAction(
  actor: ActorRef,
  selection: BulkSelection,
  action: BulkAction,
): Promise<BulkOutcome> {
  authorize(actor, "lead:write:any");
  if ("ids" in selection && selection.ids.length > BULK_MAX_IDS) {
    throw new RangeError(`At most ${BULK_MAX_IDS} leads can be ticked at once`);
  }
  const db = await getDb();
  // Objects of deleted documents leave the bucket once the deletion has committed.
  const objectKeys: string[] = [];
  const outcome = await db.transaction(async (tx): Promise<BulkOutcome> => {
    // The assignee's account first (one lock order with returns), then what the action will touch, so
    // a concurrent change cannot slip between reading and writing.
    const assignee = action.kind === "assign" ? await lockAssignee(tx, action.clientId) : null;
    const targets = await tx
      .select({ ...arrivingLeadColumns, status: leads.leadStatus, clientId: leads.assignedToClientId })
      .from(leads)
      .where(selectionWhere(selection))
      .orderBy(...orderOf("ids" in selection ? (selection.sort ?? "newest") : selection.query.sort))
      .for("update");
    let acting = targets;
    let outsideLeft = false;
    let limit: RoomLimit = "month";
    if (action.kind === "assign" && action.clientId) {
      const arriving = targets.filter((t) => t.clientId !== action.clientId);
      const choice = action.cap ?? "ask";
      const { take, question } = planAssignment(assignee, arriving, choice);
      if (question && choice === "ask") return { overCap: question };
      const taken = new Set(take.map((t) => t.id));
      acting = targets.filter((t) => t.clientId === action.clientId || taken.has(t.id));
      outsideLeft = (question?.outside.length ?? 0) > 0;
      limit = question?.limit ?? "month";
    }
    const { changes, write } = plan(tx, action, acting, objectKeys);
    const { mailIds } = await recordLeadChanges(
      tx,
      changes,
      {
        by: actor.id,
        mail: "digest",
        live: "batch",
        metadata: { bulk: true },
        audit: {
          action: `leads.bulk_${action.kind}`,
          details: {
            ...action,
            selected: targets.length,
            changed: changes.length,
            ...("ids" in selection ? {} : { filters: selection.query }),
          },
        },
      },
      write,
    );
    const overCapLeft = targets.length - acting.length;
    const undo =
      action.kind === "assign" && action.clientId
        ? await undoOf(tx, action.clientId, changes, mailIds)
        : null;
    return {
      selected: targets.length,
      changed: changes.length,
      ...(overCapLeft ? { overCapLeft, outsideLeft, limit } : {}),
      leadIds: acting.map((t) => t.id),
      ...(undo ? { undo } : {}),
    };
  });
  await removeObjects(objectKeys);
  return outcome;
}

type Target = { id: string; status: LeadStatus; clientId: string | null };

/** Runs `update` on the leads of `ids`, a chunk at a time so that no statement outgrows the parameter limit. */
async function inChunks(ids: readonly string[], update: (part: string[]) => Promise<unknown>) {
  for (const part of chunks(ids, INSERT_CHUNK)) await update(part);
}

/** What the action changes, lead by lead, and the row writes that do it (leads already in the asked state are left alone). */
function plan(
  tx: Transaction,
  action: BulkAction,
  targets: Target[],
  objectKeys: string[],
): { changes: LeadChange[]; write: () => Promise<void> } {
  const now = new Date();
  if (action.kind === "status") {
    const changing = targets.filter((t) => t.status !== action.status);
    return {
      changes: changing.map((t) => ({
        leadId: t.id,
        from: t.clientId,
        to: t.clientId,
        updated: true,
        entry: {
          type: "status_changed",
          description: statusChangedText(t.status, action.status),
          metadata: { from: t.status, to: action.status },
        },
      })),
      write: () =>
        inChunks(
          changing.map((t) => t.id),
          (ids) => tx.update(leads).set(statusChange(action.status, now)).where(inArray(leads.id, ids)),
        ),
    };
  }

  if (action.kind === "assign") {
    const changing = targets.filter((t) => t.clientId !== action.clientId);
    return {
      changes: changing.map((t) => ({ leadId: t.id, from: t.clientId, to: action.clientId })),
      write: () =>
        inChunks(
          changing.map((t) => t.id),
          (ids) => tx.update(leads).set(assignmentChange(action.clientId, now)).where(inArray(leads.id, ids)),
        ),
    };
  }

  // Delete: the documents' stored bytes go with their leads (activities cascade).
  return {
    changes: targets.map((t) => ({ leadId: t.id, from: t.clientId, to: t.clientId, deleted: true })),
    write: () =>
      inChunks(
        targets.map((t) => t.id),
        async (ids) => {
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
        },
      ),
  };
}
