/**
 * What the admin lead list remembers around its rows (issue 25, ADR 040): each person's optional columns,
 * and the leads a bulk action changed, so that its result can link to exactly them ("View these N").
 */
import { and, eq, lt } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { leadSelections, userPreferences, type BulkUndo } from "~/db/schema";
import { isUuid } from "~/lib/data-guards";
import { authorize, type ActorRef } from "~/lib/permissions";
import { DEFAULT_LEAD_COLUMNS, knownLeadColumns, UNDO_MINUTES, type LeadColumn } from "./lead-list.schema";

/** How long a bulk action's "View these N" keeps working. */
const SELECTION_DAYS = 7;

/** The optional columns `actor` chose, or the default ones until they choose. */
export async function leadColumnsOf(actor: ActorRef): Promise<LeadColumn[]> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const [row] = await db
    .select({ columns: userPreferences.leadColumns })
    .from(userPreferences)
    .where(eq(userPreferences.userId, actor.id));
  return row ? knownLeadColumns(row.columns) : [...DEFAULT_LEAD_COLUMNS];
}

export async function saveLeadColumns(actor: ActorRef, columns: readonly LeadColumn[]): Promise<void> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const values = { leadColumns: [...columns], updatedAt: new Date() };
  await db
    .insert(userPreferences)
    .values({ userId: actor.id, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: values });
}

/**
 * Keeps the leads one bulk action changed under a new id (the list's `selection=` filter) with what was
 * done to them, and drops this person's selections older than a week. Returns the id.
 */
export async function rememberSelection(
  actor: ActorRef,
  description: string,
  leadIds: readonly string[],
  undo: BulkUndo | null = null,
): Promise<string> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const old = new Date(Date.now() - SELECTION_DAYS * 86_400_000);
  await db
    .delete(leadSelections)
    .where(and(eq(leadSelections.createdBy, actor.id), lt(leadSelections.createdAt, old)));
  const [row] = await db
    .insert(leadSelections)
    .values({ createdBy: actor.id, description: description.slice(0, 300), leadIds: [...leadIds], undo })
    .returning({ id: leadSelections.id });
  return row!.id;
}

/** What a selection holds (its description and how many leads), or null when there is none. */
export async function selectionSummary(actor: ActorRef, id: string) {
  authorize(actor, "lead:read:any");
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      description: leadSelections.description,
      leadIds: leadSelections.leadIds,
      undo: leadSelections.undo,
      undoneAt: leadSelections.undoneAt,
      createdBy: leadSelections.createdBy,
      createdAt: leadSelections.createdAt,
    })
    .from(leadSelections)
    .where(eq(leadSelections.id, id));
  if (!row) return null;
  const undoUntil = row.createdAt.getTime() + UNDO_MINUTES * 60_000;
  return {
    id,
    description: row.description,
    count: row.leadIds.length,
    /** Until when the one who did it may take it back; null when it cannot be (or was, or is too late). */
    undoUntil:
      row.undo && !row.undoneAt && row.createdBy === actor.id && undoUntil > Date.now()
        ? new Date(undoUntil).toISOString()
        : null,
    undone: row.undoneAt !== null,
  };
}

export type SelectionSummary = NonNullable<Awaited<ReturnType<typeof selectionSummary>>>;
