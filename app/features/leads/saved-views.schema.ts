/**
 * Saved views of the admin lead list (issue 25, ADR 040), shared by browser and server: the built-in
 * views every admin has, the forms that save, rename and delete a person's own, and which view a list
 * is. A view is a name and the list's URL search (filters, sort, rows per page): its link is the list
 * itself, so anyone who opens it sees the same leads. Columns are not part of a view: they stay each
 * person's (ADR 040).
 */
import { z } from "~/lib/zod";
import { leadListSearch, normalLeadListSearch, type LeadListQuery } from "./lead-list.schema";

/** The longest name a view takes (saved_lead_views.name is varchar(40)). */
export const SAVED_VIEW_NAME_MAX = 40;
/** How many views one person keeps: enough for every list they use, few enough for one row of links. */
export const SAVED_VIEWS_MAX = 50;

/** A view of the list: a built-in one (no id) or a person's own. */
export interface LeadListView {
  /** The saved view's id; null for a built-in view. */
  id: string | null;
  name: string;
  /** The list's URL search, as leadListSearch writes it ("" for the whole list). */
  search: string;
}

/** The views every admin has, in this order, before their own (issue 25). */
export const builtInViews: readonly LeadListView[] = [
  { id: null, name: "All leads", search: "" },
  { id: null, name: "Unassigned", search: "?client=unassigned" },
  { id: null, name: "Hot, not yet assigned", search: "?motivation=hot&client=unassigned" },
  { id: null, name: "Waiting for client feedback", search: "?feedback=not_reviewed" },
].map((view) => ({ ...view, search: normalLeadListSearch(view.search) }));

/** Names compare as the database's unique index does: whatever their case. */
const sameName = (a: string, b: string) => a.toLocaleLowerCase("en-US") === b.toLocaleLowerCase("en-US");

export const savedViewMessages = {
  name: "Name is required",
  nameTooLong: `Name must be at most ${SAVED_VIEW_NAME_MAX} characters`,
  builtIn: (name: string) => `"${name}" is a built-in view: choose another name`,
  taken: (name: string) => `You already have a view named "${name}": choose another name`,
  limit: `You can keep up to ${SAVED_VIEWS_MAX} views: delete one you no longer use, then save this one`,
  missing: "That view no longer exists",
  saved: (name: string) => `View "${name}" saved`,
  renamed: (name: string) => `View renamed to "${name}"`,
  deleted: (name: string) => `View "${name}" deleted`,
} as const;

/** A view's name: required, at most SAVED_VIEW_NAME_MAX characters, not a built-in view's. */
const viewName = z
  .string()
  .trim()
  .min(1, savedViewMessages.name)
  .max(SAVED_VIEW_NAME_MAX, savedViewMessages.nameTooLong)
  .superRefine((name, ctx) => {
    const builtIn = builtInViews.find((view) => sameName(view.name, name));
    if (builtIn) ctx.addIssue({ code: "custom", message: savedViewMessages.builtIn(builtIn.name) });
  });

/** "Save view": a name for the list as it is (`search`, the list's URL search when the form was drawn). */
export const saveViewSchema = z.object({
  intent: z.literal("save-view"),
  name: viewName,
  search: z.string().max(4000),
});

export const renameViewSchema = z.object({
  intent: z.literal("rename-view"),
  viewId: z.uuid(),
  name: viewName,
});

export const deleteViewSchema = z.object({
  intent: z.literal("delete-view"),
  viewId: z.uuid(),
});

export const savedViewIntents = ["save-view", "rename-view", "delete-view"] as const;
export type SavedViewIntent = (typeof savedViewIntents)[number];
export const isSavedViewIntent = (value: unknown): value is SavedViewIntent =>
  savedViewIntents.includes(value as SavedViewIntent);

/**
 * The view a list is: the first whose search is the list's (the page it is on does not count), or null
 * when the filters, sort or page size were changed from every view's.
 */
export function currentViewOf<V extends LeadListView>(views: readonly V[], query: LeadListQuery): V | null {
  const search = leadListSearch(query);
  return views.find((view) => view.search === search) ?? null;
}
