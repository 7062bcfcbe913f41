/**
 * A person's saved views of the admin lead list (issue 25, ADR 040): listed beside the built-in ones,
 * saved, renamed and deleted by their owner alone, and the list page's POSTs for them.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Transaction } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { savedLeadViews, user } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { invalidField, invalidForm, invalidRequest } from "~/lib/form-reply.server";
import { authorize, type ActorRef } from "~/lib/permissions";
import { errorToast } from "~/lib/toast-message";
import { normalLeadListSearch } from "./lead-list.schema";
import {
  deleteViewSchema,
  renameViewSchema,
  SAVED_VIEWS_MAX,
  saveViewSchema,
  savedViewMessages,
  type LeadListView,
  type SavedViewIntent,
} from "./saved-views.schema";

/** A person's own view: always with its id. */
export type SavedView = LeadListView & { id: string };

/** `actor`'s views, oldest first (the order they were saved in). */
export async function listSavedViews(actor: ActorRef): Promise<SavedView[]> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  return db
    .select({ id: savedLeadViews.id, name: savedLeadViews.name, search: savedLeadViews.search })
    .from(savedLeadViews)
    .where(eq(savedLeadViews.userId, actor.id))
    .orderBy(asc(savedLeadViews.createdAt), asc(savedLeadViews.id));
}

/**
 * Runs `work` with `actor`'s saves, renames and deletes waiting for each other (their user row locked),
 * so the limit and the unique names hold when one person saves from two tabs at once. NO KEY UPDATE:
 * rows that only refer to the user (sessions, other tables) are not held up.
 */
async function asOwner<T>(actor: ActorRef, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${actor.id} for no key update`);
    return work(tx);
  });
}

/**
 * The name of `actor`'s other view named `name` whatever the case (compared as the unique index does,
 * by lower()), or null when there is none.
 */
async function takenName(
  tx: Transaction,
  actor: ActorRef,
  name: string,
  except?: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ name: savedLeadViews.name })
    .from(savedLeadViews)
    .where(
      and(
        eq(savedLeadViews.userId, actor.id),
        sql`lower(${savedLeadViews.name}) = lower(${name})`,
        except ? ne(savedLeadViews.id, except) : undefined,
      ),
    )
    .limit(1);
  return row?.name ?? null;
}

export type SaveViewOutcome =
  | { ok: true; view: SavedView }
  | { ok: false; refused: "taken"; taken: string }
  | { ok: false; refused: "limit" };

/** Saves the list `search` as `actor`'s view `name`, unless the name is taken or they keep the most. */
export async function saveView(actor: ActorRef, name: string, search: string): Promise<SaveViewOutcome> {
  authorize(actor, "lead:read:any");
  const normal = normalLeadListSearch(search);
  return asOwner(actor, async (tx) => {
    const taken = await takenName(tx, actor, name);
    if (taken !== null) return { ok: false, refused: "taken", taken };
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(savedLeadViews)
      .where(eq(savedLeadViews.userId, actor.id));
    if (Number(n) >= SAVED_VIEWS_MAX) return { ok: false, refused: "limit" };
    const [view] = await tx
      .insert(savedLeadViews)
      .values({ userId: actor.id, name, search: normal })
      .returning({ id: savedLeadViews.id, name: savedLeadViews.name, search: savedLeadViews.search });
    return { ok: true, view: view! };
  });
}

/** Renames `actor`'s view `id`: "missing" when it is not theirs (or no longer exists). */
export async function renameView(
  actor: ActorRef,
  id: string,
  name: string,
): Promise<{ done: "renamed" | "missing" } | { done: "taken"; taken: string }> {
  authorize(actor, "lead:read:any");
  return asOwner(actor, async (tx) => {
    const taken = await takenName(tx, actor, name, id);
    if (taken !== null) return { done: "taken", taken };
    const renamed = await tx
      .update(savedLeadViews)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(savedLeadViews.id, id), eq(savedLeadViews.userId, actor.id)))
      .returning({ id: savedLeadViews.id });
    return { done: renamed.length > 0 ? "renamed" : "missing" };
  });
}

/** Deletes `actor`'s view `id`; its name, or null when it is not theirs (or no longer exists). */
export async function deleteView(actor: ActorRef, id: string): Promise<string | null> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const [deleted] = await db
    .delete(savedLeadViews)
    .where(and(eq(savedLeadViews.id, id), eq(savedLeadViews.userId, actor.id)))
    .returning({ name: savedLeadViews.name });
  return deleted?.name ?? null;
}

// ---------------------------------------------------------------- the list page's POSTs

/** What a refused view form hears back: which form (and which view's), so only that one shows it. */
export interface SavedViewReply extends FormReply {
  intent: SavedViewIntent;
  viewId?: string;
}

/**
 * "Save view", "Rename" and "Delete" from the list: a refusal answers 400 (404 for a view that is not
 * the person's) with the message at the form; a success goes back to the list with a toast, after a save
 * to the saved view itself.
 */
export async function handleSavedViewPost(
  request: Request,
  actor: Actor,
  form: FormData,
  intent: SavedViewIntent,
) {
  // The list the form was on, to go back to (its page dropped).
  const back = `/admin/leads${normalLeadListSearch(new URL(request.url).search)}`;
  if (intent === "save-view") {
    const submission = parseForm(form, saveViewSchema);
    if (submission.status !== "success") return invalidForm<SavedViewReply>(submission.reply(), { intent });
    const { name, search } = submission.value;
    const outcome = await saveView(actor, name, search);
    if (!outcome.ok) {
      const message =
        outcome.refused === "taken" ? savedViewMessages.taken(outcome.taken) : savedViewMessages.limit;
      return invalidField<SavedViewReply>(submission, "name", message, { intent });
    }
    return redirectWithToast(request, `/admin/leads${outcome.view.search}`, {
      kind: "success",
      title: "Success",
      text: savedViewMessages.saved(outcome.view.name),
    });
  }
  if (intent === "rename-view") {
    const viewId = String(form.get("viewId") ?? "");
    const submission = parseForm(form, renameViewSchema);
    if (submission.status !== "success") {
      return invalidForm<SavedViewReply>(submission.reply(), { intent, viewId });
    }
    const { name } = submission.value;
    const outcome = await renameView(actor, submission.value.viewId, name);
    if (outcome.done === "taken") {
      return invalidField<SavedViewReply>(submission, "name", savedViewMessages.taken(outcome.taken), {
        intent,
        viewId,
      });
    }
    if (outcome.done === "missing") return missingView(intent, viewId);
    return redirectWithToast(request, back, {
      kind: "success",
      title: "Success",
      text: savedViewMessages.renamed(name),
    });
  }
  const submission = parseForm(form, deleteViewSchema);
  if (submission.status !== "success") return invalidRequest<SavedViewReply>({ intent });
  const { viewId } = submission.value;
  const name = await deleteView(actor, viewId);
  if (name === null) return missingView(intent, viewId);
  return redirectWithToast(request, back, {
    kind: "success",
    title: "Success",
    text: savedViewMessages.deleted(name),
  });
}

/** Another person's view, or one already deleted: 404, as for any record that is not the actor's. */
const missingView = (intent: SavedViewIntent, viewId: string) =>
  data<SavedViewReply>(
    { ok: false, intent, viewId, toast: errorToast(savedViewMessages.missing) },
    { status: 404 },
  );
