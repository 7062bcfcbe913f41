/**
 * The lead lists' URLs and forms, shared by browser and server: the admin list's filters, orders, page
 * sizes and optional columns (spec 02 §4, issue 25), its bulk actions (issue 13), and the client's list
 * (spec 02 §2). Unknown values in a URL are ignored, never errors: a hand-edited link still opens a list.
 */
import {
  feedbackStatuses,
  leadStatuses,
  motivationLevels,
  valuesOf,
  type FeedbackStatus,
  type LeadStatus,
  type MotivationLevel,
} from "~/db/enums";
import { pageCursorOf, type PageCursor } from "~/lib/paging";

import { z } from "~/lib/zod";

import { capChoiceField } from "./leads.schema";
import { isCalendarDay } from "~/lib/calendar";
import { SOURCE_KEY } from "./sources/sources";

/** Spec 02 §4: the list filter offers every status except under_contract. */
export const statusFilterOptions = leadStatuses.filter((s) => s.value !== "under_contract");

/** The admin list's page sizes (issue 25): 50 unless the URL asks for another (`size=`). */
export const leadPageSizes = [25, 50, 100] as const;
export type LeadPageSize = (typeof leadPageSizes)[number];
export const LEADS_PAGE_SIZE: LeadPageSize = 50;

/** A page size from the URL: one of leadPageSizes, else the default. */
const pageSize = (raw: string | null): LeadPageSize =>
  leadPageSizes.find((size) => String(size) === raw) ?? LEADS_PAGE_SIZE;

const pickOne = <T extends string>(allowed: readonly { value: T }[], raw: string | null): T | undefined =>
  allowed.find((o) => o.value === raw)?.value;

/** The admin list's orders (issue 13): newest first is the spec's. */
export const leadSorts = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "updated", label: "Recently updated" },
  { value: "stale", label: "Least recently updated" },
  { value: "name", label: "Name (A-Z)" },
  { value: "name_desc", label: "Name (Z-A)" },
] as const;
export type LeadSort = (typeof leadSorts)[number]["value"];

/**
 * The sortable column headers (issue 25): each column's two orders, the first the one a click on an
 * unsorted header picks. Only orders an index reads straight (ADR 020): the other columns do not sort.
 */
export const sortableColumns = {
  Name: ["name", "name_desc"],
  Created: ["newest", "oldest"],
  "Last activity": ["updated", "stale"],
} as const satisfies Record<string, readonly [LeadSort, LeadSort]>;
export type SortableColumn = keyof typeof sortableColumns;

/** The order a click on `column`'s header asks for: the other direction when it is the current sort. */
export function nextSortOf(column: SortableColumn, current: LeadSort): LeadSort {
  const [first, second] = sortableColumns[column];
  return current === first ? second : first;
}

/** Whether the list is sorted by `column`, and which way ("ascending"/"descending"), for aria-sort. */
export function sortDirectionOf(column: SortableColumn, sort: LeadSort): "ascending" | "descending" | null {
  if (!(sortableColumns[column] as readonly LeadSort[]).includes(sort)) return null;
  return sort === "oldest" || sort === "name" || sort === "stale" ? "ascending" : "descending";
}

/** The client filter's value for leads assigned to no one. */
export const UNASSIGNED = "unassigned";

export interface LeadListQuery {
  q: string;
  /** Any of these statuses (none: all). */
  statuses: LeadStatus[];
  motivations: MotivationLevel[];
  sources: string[];
  /**
   * The client's feedback (issue 25, "Waiting for client feedback"): assigned leads whose feedback is any
   * of these. An unassigned lead has no client to give feedback, so it never matches.
   */
  feedbacks: FeedbackStatus[];
  /** A client's user id, or UNASSIGNED. */
  client?: string;
  /** The creating admin's user id. */
  createdBy?: string;
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** Created on or before this day (YYYY-MM-DD, UTC). */
  to?: string;
  /** The CSV import (its id) that brought the leads in. */
  importId?: string;
  /** Words an imported lead's file used for its source, motivation, type or status (ADR 056). */
  inFile?: string;
  /** How the leads arrived (issue 14): "form", "import", "api", or "api:<key id>" for one key. */
  arrival?: LeadArrivalFilter;
  /** The leads one bulk action changed (issue 25, "View these N"): a lead_selections id. */
  selection?: string;
  sort: LeadSort;
  /** Rows per page (`size=`: 25, 50 or 100). */
  size: LeadPageSize;
  /** Which page: the rows after or before a cursor (keyset paging), none for the first page. */
  cursor?: PageCursor;
}

export type LeadArrivalFilter = "form" | "import" | "api" | `api:${string}`;

/** The "Arrived by" filter from the URL, or undefined. */
function arrival(raw: string | null): LeadArrivalFilter | undefined {
  if (raw === "form" || raw === "import" || raw === "api") return raw;
  if (raw?.startsWith("api:")) {
    const key = uuid(raw.slice(4));
    return key ? `api:${key}` : undefined;
  }
  return undefined;
}

/** Every value of a repeated parameter that is one of `allowed`, each once, in the options' order. */
const pickAll = <T extends string>(allowed: readonly { value: T }[], raw: string[]): T[] =>
  allowed.map((o) => o.value).filter((value) => raw.includes(value));

/**
 * Source keys of the key's shape, each once, sorted (one URL per filter) and at most 50: the agency's
 * sources are rows, so one that no longer exists simply matches no lead.
 */
const sourceKeys = (raw: string[]) =>
  [...new Set(raw.filter((key) => SOURCE_KEY.test(key)))].sort().slice(0, 50);

/** better-auth's user ids: letters, digits, - and _. Anything else names no one. */
const userId = (raw: string | null) => (raw && /^[\w-]{1,64}$/.test(raw) ? raw : undefined);

/** A record id (UUID), or undefined. */
const uuid = (raw: string | null) =>
  raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)
    ? raw.toLowerCase()
    : undefined;

/** A real calendar day as YYYY-MM-DD in the years we accept, or undefined. */
const day = (raw: string | null) => (raw && isCalendarDay(raw) ? raw : undefined);

/** A search term from the URL, as both lists read it: trimmed, at most 100 characters. */
const searchTerm = (raw: string | null) => (raw ?? "").trim().slice(0, 100);

/** The admin list's filters from the URL; unknown values are ignored, not errors. */
export function parseLeadListQuery(url: URL): LeadListQuery {
  const params = url.searchParams;
  const client = params.get("client");
  return {
    q: searchTerm(params.get("q")),
    statuses: pickAll(leadStatuses, params.getAll("status")),
    motivations: pickAll(motivationLevels, params.getAll("motivation")),
    sources: sourceKeys(params.getAll("source")),
    feedbacks: pickAll(feedbackStatuses, params.getAll("feedback")),
    client: client === UNASSIGNED ? UNASSIGNED : userId(client),
    createdBy: userId(params.get("createdBy")),
    from: day(params.get("from")),
    to: day(params.get("to")),
    importId: uuid(params.get("import")),
    inFile: searchTerm(params.get("inFile")) || undefined,
    arrival: arrival(params.get("arrival")),
    selection: uuid(params.get("selection")),
    sort: pickOne(leadSorts, params.get("sort")) ?? "newest",
    size: pageSize(params.get("size")),
    cursor: pageCursorOf(params),
  };
}

/** Whether any filter narrows the list (the sort and the cursor do not). */
export const isFiltered = (query: LeadListQuery) =>
  Boolean(
    query.q ||
    query.statuses.length ||
    query.motivations.length ||
    query.sources.length ||
    query.feedbacks.length ||
    query.client ||
    query.createdBy ||
    query.from ||
    query.to ||
    query.importId ||
    query.inFile ||
    query.arrival ||
    query.selection,
  );

/** The URL search of a query (first page, defaults left out): what a link to these filters carries. */
export function leadListSearch(query: LeadListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const status of query.statuses) params.append("status", status);
  for (const motivation of query.motivations) params.append("motivation", motivation);
  for (const source of query.sources) params.append("source", source);
  for (const feedback of query.feedbacks) params.append("feedback", feedback);
  if (query.client) params.set("client", query.client);
  if (query.createdBy) params.set("createdBy", query.createdBy);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.importId) params.set("import", query.importId);
  if (query.inFile) params.set("inFile", query.inFile);
  if (query.arrival) params.set("arrival", query.arrival);
  if (query.selection) params.set("selection", query.selection);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.size !== LEADS_PAGE_SIZE) params.set("size", String(query.size));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * A list's URL search ("?client=unassigned&status=new", or anything typed by hand) as the list reads it,
 * written back the one way leadListSearch writes it: unknown values and the page dropped, so two
 * searches for the same list compare equal.
 */
export const normalLeadListSearch = (search: string) =>
  leadListSearch(
    parseLeadListQuery(new URL(`/admin/leads${search.startsWith("?") ? search : ""}`, "http://x")),
  );

// ---------------------------------------------------------------- the list's columns (issue 25)

/**
 * The admin list's optional columns, in the order they stand in the table (after the spec's columns'
 * Client). The spec's columns (Name, Phone, Address, Motivation, Status, Client, Created, View) always show.
 */
export const optionalLeadColumns = [
  { value: "source", label: "Source" },
  { value: "zip", label: "ZIP" },
  { value: "value", label: "Value" },
  { value: "activity", label: "Last activity" },
  { value: "arrival", label: "Arrived by" },
  { value: "delivered", label: "Since delivery" },
] as const;
export type LeadColumn = (typeof optionalLeadColumns)[number]["value"];

/**
 * What a person sees before choosing: the spec's columns alone, which fill 1280 px beside the sidebar.
 * More columns scroll sideways inside the table's frame.
 */
export const DEFAULT_LEAD_COLUMNS: readonly LeadColumn[] = [];

/** The column chooser's form: the ticked columns (none is a choice too), kept in the table's order. */
export const leadColumnsSchema = z.object({
  intent: z.literal("columns"),
  column: z
    .array(z.enum(valuesOf(optionalLeadColumns)))
    .max(optionalLeadColumns.length)
    .transform((chosen) => optionalLeadColumns.map((c) => c.value).filter((v) => chosen.includes(v))),
});

/** Stored columns (text[]) as known columns: a column that no longer exists is dropped. */
export const knownLeadColumns = (stored: readonly string[]): LeadColumn[] =>
  optionalLeadColumns.map((c) => c.value).filter((v) => stored.includes(v));

// ---------------------------------------------------------------- bulk actions (issue 13)

export const bulkActions = [
  { value: "assign", label: "Assign to client" },
  { value: "unassign", label: "Unassign" },
  { value: "status", label: "Change status" },
  { value: "delete", label: "Delete" },
] as const;

export const bulkMessages = {
  action: "Choose an action",
  client: "Choose a client",
  status: "Choose a status",
  none: "Tick at least one lead, or choose all leads matching the filters",
} as const;

/**
 * The bulk form: which leads (the ticked ids, or every lead matching `filters`, the list's URL search),
 * and what to do with them. `confirmed` is the second step of a delete, `capChoice` the second step of an
 * assignment past the client's monthly cap. Parsed with parseForm: `id` (the
 * ticked rows' checkboxes) as a list, every other field as the text sent, "" for one not sent.
 */
export const bulkSchema = z
  .object({
    scope: z.enum(["", "ticked", "matching"]).transform((v) => v || "ticked"),
    id: z.array(z.string()),
    filters: z.string().max(4000),
    bulkAction: z.enum(valuesOf(bulkActions), { error: bulkMessages.action }),
    clientId: z.string().transform((v) => v || undefined),
    // A select's "" is "not chosen"; superRefine asks for one when the action needs it.
    status: z.enum(["", ...valuesOf(leadStatuses)], bulkMessages.status).transform((v) => v || undefined),
    confirmed: z.enum(["", "yes"]),
    capChoice: capChoiceField,
  })
  .superRefine((input, ctx) => {
    if (input.bulkAction === "assign" && !input.clientId) {
      ctx.addIssue({ code: "custom", path: ["clientId"], message: bulkMessages.client });
    }
    if (input.bulkAction === "status" && !input.status) {
      ctx.addIssue({ code: "custom", path: ["status"], message: bulkMessages.status });
    }
    if (input.scope === "ticked" && input.id.length === 0) {
      ctx.addIssue({ code: "custom", path: ["id"], message: bulkMessages.none });
    }
  });
export type BulkInput = z.output<typeof bulkSchema>;

/** The most ticked leads one export of a selection takes (the ids travel in the request). */
export const EXPORT_SELECTION_MAX = 1_000;

/**
 * Export from the selection bar (issue 25): the bulk form's choice of leads (the ticked ids, or every
 * lead matching `filters`) posted to /admin/leads/export.csv.
 */
export const exportSelectionSchema = z
  .object({
    scope: z.enum(["", "ticked", "matching"]).transform((v) => v || "ticked"),
    id: z.array(z.uuid()).max(EXPORT_SELECTION_MAX, `At most ${EXPORT_SELECTION_MAX} leads at a time`),
    filters: z.string().max(4000),
  })
  .refine((input) => input.scope === "matching" || input.id.length > 0, {
    path: ["id"],
    message: bulkMessages.none,
  });

// ---------------------------------------------------------------- undoing a bulk assignment (issue 24 §3)

/** How long the admin who assigned leads in bulk may take the assignment back. */
export const UNDO_MINUTES = 10;

/** The Undo button's post: which bulk result to take back, and the list to go back to. */
export const undoSchema = z.object({
  intent: z.literal("undo"),
  selection: z.uuid(),
  back: z.string().max(4000),
});

export const undoMessages = {
  /** "12 leads are unassigned again", and what stays with the client and why. */
  done: (undone: number, kept: number, client: string) =>
    `Assignment undone: ${undone} ${undone === 1 ? "lead is" : "leads are"} unassigned again` +
    (kept > 0
      ? `. ${kept} ${kept === 1 ? "stays" : "stay"} with ${client}: they worked on ${kept === 1 ? "it" : "them"} already`
      : ""),
  mailHeld: (client: string) => `${client} was not e-mailed about them`,
  mailSent: (client: string) => `${client} had already been e-mailed; the leads are gone from their portal`,
  tooLate: `Too late to undo: an assignment can be undone for ${UNDO_MINUTES} minutes. Unassign the leads instead.`,
  already: "This assignment was already undone.",
  nothing: "There is nothing to undo here.",
} as const;

/** Whose leads of the company My Leads shows (issue 26): the person's, nobody's yet; none: everyone's. */
export const claimFilters = [
  { value: "mine", label: "Mine" },
  { value: "unclaimed", label: "Not taken yet" },
] as const;
export type ClaimFilter = (typeof claimFilters)[number]["value"];

export interface ClientLeadQuery {
  /** The search (issue 26): seller name, phone or address; none when empty. */
  q?: string;
  motivation?: MotivationLevel;
  feedback?: FeedbackStatus;
  claim?: ClaimFilter;
  /** Which page, as on the admin list; none for the first. */
  cursor?: PageCursor;
}

/** The client list's search, filters (spec 02 §2: motivation and feedback status) and page. */
export function parseClientLeadQuery(url: URL): ClientLeadQuery {
  return {
    q: searchTerm(url.searchParams.get("q")) || undefined,
    motivation: pickOne(motivationLevels, url.searchParams.get("motivation")),
    feedback: pickOne(feedbackStatuses, url.searchParams.get("feedback")),
    claim: pickOne(claimFilters, url.searchParams.get("claim")),
    cursor: pageCursorOf(url.searchParams),
  };
}

/** The URL search of the client list's search and filters (first page): what its links build on. */
export function clientLeadListSearch(query: ClientLeadQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.motivation) params.set("motivation", query.motivation);
  if (query.feedback) params.set("feedback", query.feedback);
  if (query.claim) params.set("claim", query.claim);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Whether the search or a filter narrows the client's list (the page does not). */
export const isClientListFiltered = (query: ClientLeadQuery) =>
  Boolean(query.q || query.motivation || query.feedback || query.claim);

/**
 * The client list's quick filters (issue 26): one tap each, on a phone too. Each is one value of a
 * filter the list already has (feedback, claim, motivation), not a filter of its own, so a quick filter
 * and its select always agree and the URL has one way to say it.
 */
export const clientQuickFilters = [
  { label: "Waiting for feedback", field: "feedback", value: "not_reviewed" },
  { label: "Mine", field: "claim", value: "mine" },
  { label: "Hot", field: "motivation", value: "hot" },
] as const satisfies readonly { label: string; field: keyof ClientLeadQuery; value: string }[];
export type ClientQuickFilter = (typeof clientQuickFilters)[number];

/** Whether a quick filter is on: its filter holds its value. */
export const quickFilterOn = (query: ClientLeadQuery, quick: ClientQuickFilter) =>
  query[quick.field] === quick.value;

/**
 * The list with a quick filter switched the other way, back to its first page: on sets its filter to
 * its value (replacing another value of that filter), off clears that filter. The search and the other
 * filters stay.
 */
export function toggleQuickFilter(query: ClientLeadQuery, quick: ClientQuickFilter): ClientLeadQuery {
  const { cursor: _cursor, ...rest } = query;
  return { ...rest, [quick.field]: quickFilterOn(query, quick) ? undefined : quick.value };
}
