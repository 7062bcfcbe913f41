/**
 * Homeowner (seller) leads, spec 02 §4-§5: the new-lead form, the admin's activity form, the client's
 * feedback form and the list filters. Shared by the browser (instant errors) and the server (the actions
 * validate again with the same schemas). The enumerations and their labels are in ~/db/enums; how a lead
 * is shown (phone, money, dates, names) is in lead-format.ts.
 */
import {
  feedbackStatuses,
  leadSources,
  leadStatuses,
  manualActivityTypes,
  motivationLevels,
  notInterestedReasons,
  propertyTypes,
  valuesOf,
  type FeedbackStatus,
  type LeadSource,
  type LeadStatus,
  type MotivationLevel,
} from "~/db/enums";
import { pageCursorOf, type PageCursor } from "~/lib/paging";
import type { Toast } from "~/lib/toast";
import { EMAIL_MAX, NAME_MAX, requiredName } from "~/lib/schema-parts";
import { z } from "~/lib/zod";
import { formatCount } from "./lead-format";

/** Spec 02 §4: the list filter offers every status except under_contract. */
export const statusFilterOptions = leadStatuses.filter((s) => s.value !== "under_contract");

/** The client's four feedback buttons (spec 02 §2), in the spec's order. */
export const feedbackChoices = feedbackStatuses.filter((s) => s.value !== "not_reviewed");

// ---------------------------------------------------------------- the new-lead form (spec 02 §5)

/** Text inputs arrive as strings; an empty optional field means "not given". */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === "" ? null : v));

const money = (positive: string, tooLarge: string) =>
  z
    .string()
    .trim()
    .transform((raw, ctx) => {
      // People type "$250,000": the symbols are presentation, the number is what counts.
      const cleaned = raw.replace(/[$,\s]/g, "");
      if (cleaned === "") return null;
      const value = Number(cleaned);
      // Plain decimal notation only: Number() would also take "0x10", "1e3" and "-0".
      const message = !/^-?\d+(\.\d+)?$/.test(cleaned)
        ? "Enter an amount in dollars, e.g. 250000"
        : value < 0
          ? positive
          : value > 999_999_999.99
            ? tooLarge
            : null;
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Math.round(value * 100) / 100;
    });

export const leadFields = [
  "firstName",
  "lastName",
  "phone",
  "email",
  "address",
  "city",
  "state",
  "zipCode",
  "propertyType",
  "motivationLevel",
  "leadSource",
  "situationNotes",
  "askingPrice",
  "estimatedValue",
  "estimatedRepairCost",
  "assignedToClientId",
] as const;
export type LeadField = (typeof leadFields)[number];

/** The longest value of each text field (spec 02 §5): the schema checks it and the form counts towards it. */
export const leadMax = {
  firstName: NAME_MAX,
  lastName: NAME_MAX,
  email: EMAIL_MAX,
  address: 200,
  city: 100,
  situationNotes: 2000,
} as const satisfies Partial<Record<LeadField, number>>;

export const leadDefaults = {
  propertyType: "single_family",
  motivationLevel: "warm",
  leadSource: "cold_call",
} as const satisfies Partial<Record<LeadField, string>>;

export const PHONE_MESSAGE = "Invalid phone number format (use E.164 format, e.g., +12025551234)";

export const leadSchema = z.object({
  firstName: requiredName("First name"),
  lastName: requiredName("Last name"),
  // Spaces, dashes, dots and parentheses are how people write numbers; E.164 is what is stored. A US
  // number typed without its country code (the agency works in the United States) gets +1.
  phone: z
    .string()
    .transform((v) => v.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+?[1-9]\d{1,14}$/, PHONE_MESSAGE))
    .transform((v) => (/^1?[2-9]\d{9}$/.test(v) ? `+1${v.slice(-10)}` : v)),
  email: z
    .string()
    .trim()
    .max(leadMax.email, "Email must be less than 255 characters")
    .pipe(z.union([z.literal("").transform(() => null), z.email("Invalid email address")])),
  address: z
    .string()
    .trim()
    .min(5, "Address is required")
    .max(leadMax.address, "Address must be less than 200 characters"),
  city: z
    .string()
    .trim()
    .min(2, "City is required")
    .max(leadMax.city, "City must be less than 100 characters"),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "State must be 2-letter code (e.g., CA, NY)"),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Invalid ZIP code (use 12345 or 12345-6789 format)"),
  propertyType: z.enum(valuesOf(propertyTypes), "Choose a property type"),
  motivationLevel: z.enum(valuesOf(motivationLevels), "Choose a motivation level"),
  leadSource: z.enum(valuesOf(leadSources), "Choose a lead source"),
  situationNotes: optionalText(leadMax.situationNotes, "Situation notes must be less than 2000 characters"),
  askingPrice: money("Price must be positive", "Price too large"),
  estimatedValue: money("Value must be positive", "Value too large"),
  estimatedRepairCost: money("Cost must be positive", "Cost too large"),
  assignedToClientId: z
    .string()
    .trim()
    .pipe(z.union([z.literal("").transform(() => null), z.guid("Invalid client ID")])),
});

export type LeadInput = z.output<typeof leadSchema>;

/** Editing a lead: the same fields and rules without the assignment, which has its own form and rules. */
export const leadDetailsSchema = leadSchema.omit({ assignedToClientId: true });
export type LeadDetailsInput = z.output<typeof leadDetailsSchema>;

/** A stored lead as the form's text values, for editing. */
export function leadFormValues(lead: Record<LeadField, unknown>): Record<LeadField, string> {
  return Object.fromEntries(
    leadFields.map((name) => [
      name,
      lead[name] === null || lead[name] === undefined ? "" : String(lead[name]),
    ]),
  ) as Record<LeadField, string>;
}

// ---------------------------------------------------------------- the admin's other forms

export const activityMax = { description: 1000 } as const;

export const activitySchema = z.object({
  activityType: z.enum(valuesOf(manualActivityTypes), "Choose an activity type"),
  description: z
    .string()
    .trim()
    .min(1, "Description is required")
    .max(activityMax.description, "Description must be less than 1000 characters"),
});
export type ActivityInput = z.output<typeof activitySchema>;

export const statusSchema = z.object({ leadStatus: z.enum(valuesOf(leadStatuses)) });

// ---------------------------------------------------------------- assigning within the agreement (issue 24)

/**
 * The answer to an assignment that would pass the client's monthly cap: "" asks (the first post), "fit"
 * assigns only the leads that fit, "all" assigns every one anyway (an explicit override). Anything else
 * asks: the safe reading of a choice that cannot be read.
 */
export const capChoiceField = z.enum(["", "fit", "all"]).catch("");

/** How an assignment treats the client's monthly cap: ask first, only those that fit, or all anyway. */
export type CapChoice = "ask" | "fit" | "all";

export const capChoiceOf = (posted: z.output<typeof capChoiceField>): CapChoice => posted || "ask";

/** Why an assignment stopped to ask: the client's month as the ledger counts it, and the leads asked for. */
export interface OverCap {
  clientId: string;
  /** The client's display name. */
  client: string;
  /** Leads the assignment would deliver (those already with the client are not counted). */
  asked: number;
  /** How many of them fit under what is left of the month's promise. */
  fit: number;
  over: number;
  promised: number;
  delivered: number;
  returned: number;
}

/** Whether `asked` new leads pass a month whose promise has `short` leads to go, and by how much. */
export function overCapOf(
  client: { id: string; name: string },
  asked: number,
  month: { promised: number; delivered: number; returned: number; short: number },
): OverCap | null {
  if (asked <= month.short) return null;
  const { promised, delivered, returned, short } = month;
  return {
    clientId: client.id,
    client: client.name,
    asked,
    fit: short,
    over: asked - short,
    promised,
    delivered,
    returned,
  };
}

const leadCount = (n: number) => `${formatCount(n)} ${n === 1 ? "lead" : "leads"}`;

export const capMessages = {
  heading: (cap: OverCap) => `Assign ${leadCount(cap.asked)} to ${cap.client}?`,
  /** "359 over this month's cap of 25 (25 already delivered)". */
  over: (cap: OverCap) =>
    `${formatCount(cap.over)} over this month's cap of ${formatCount(cap.promised)} (${formatCount(cap.delivered)} already delivered${cap.returned > 0 ? `, ${formatCount(cap.returned)} of them returned` : ""})`,
  fit: (cap: OverCap) => `Assign only the ${formatCount(cap.fit)} that fit`,
  fitNote: (cap: OverCap) =>
    `The first ${formatCount(cap.fit)} in the list's order fit; the others would stay as they are.`,
  all: (cap: OverCap) => (cap.asked === 1 ? "Assign anyway" : `Assign all ${formatCount(cap.asked)} anyway`),
  cancel: "Cancel",
  toast: {
    kind: "error",
    title: "Over this month's cap",
    text: "Nothing was assigned yet: choose below.",
  } satisfies Toast,
  /** After "only the N that fit": the leads left as they were. */
  leftOver: (n: number) => `${leadCount(n)} over this month's cap left as they were`,
  /** Said after assigning to a client with no agreement: nothing to check against. */
  noAgreement: (client: string) => `${client} has no agreement yet, so no monthly cap was checked`,
} as const;

export const assignSchema = z.object({
  assignedToClientId: leadSchema.shape.assignedToClientId,
  capChoice: capChoiceField,
});

export const soldPriceSchema = z.object({ soldPrice: money("Price must be positive", "Price too large") });

// ---------------------------------------------------------------- the client's feedback (spec 02 §4)

export const feedbackMax = { notes: 1000 } as const;

export const NOT_INTERESTED_REASON_MESSAGE = "Choose why it is not a fit";

/**
 * The client's feedback. "Not Interested" takes a reason from a short list, "Deal Closed" the deal's
 * figures, if the client wants to share them (issue 15); other statuses ignore both. No status is ever
 * refused for a missing reason (spec 02 puts no condition on the four buttons): the page asks for the
 * reason after Not Interested is recorded (issue 26).
 */
export const feedbackSchema = z.object({
  feedbackStatus: z.enum(valuesOf(feedbackChoices), "Choose a feedback status"),
  notes: optionalText(feedbackMax.notes, "Notes must be less than 1000 characters"),
  notInterestedReason: z
    .union([z.literal(""), z.enum(valuesOf(notInterestedReasons))], NOT_INTERESTED_REASON_MESSAGE)
    .transform((v) => (v === "" ? null : v)),
  dealPurchasePrice: money("Price must be positive", "Price too large"),
  dealProfit: money("Profit must be positive", "Profit too large"),
});
export type FeedbackInput = z.output<typeof feedbackSchema>;

// ---------------------------------------------------------------- documents

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_ACCEPT = ".pdf,.doc,.docx,.jpg,.jpeg,.png,.webp";
export const documentMessages = {
  missing: "Choose a file to upload",
  tooLarge: "File size must be less than 10MB",
  wrongType: "Upload a PDF, Word document, or a JPEG, PNG or WebP image",
  nameTooLong: "Document name must be less than 200 characters",
} as const;

export const documentMax = { documentName: 200 } as const;

/** The upload form's text field; the file itself is checked by size here and by its bytes on the server. */
export const documentSchema = z.object({
  documentName: z.string().trim().max(documentMax.documentName, documentMessages.nameTooLong),
});

// ---------------------------------------------------------------- list filters

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
  sources: LeadSource[];
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

/** better-auth's user ids: letters, digits, - and _. Anything else names no one. */
const userId = (raw: string | null) => (raw && /^[\w-]{1,64}$/.test(raw) ? raw : undefined);

/** A record id (UUID), or undefined. */
const uuid = (raw: string | null) =>
  raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)
    ? raw.toLowerCase()
    : undefined;

/** A real calendar day as YYYY-MM-DD, or undefined. */
function day(raw: string | null): string | undefined {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const date = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(raw) ? raw : undefined;
}

/** The admin list's filters from the URL; unknown values are ignored, not errors. */
export function parseLeadListQuery(url: URL): LeadListQuery {
  const params = url.searchParams;
  const client = params.get("client");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    statuses: pickAll(leadStatuses, params.getAll("status")),
    motivations: pickAll(motivationLevels, params.getAll("motivation")),
    sources: pickAll(leadSources, params.getAll("source")),
    client: client === UNASSIGNED ? UNASSIGNED : userId(client),
    createdBy: userId(params.get("createdBy")),
    from: day(params.get("from")),
    to: day(params.get("to")),
    importId: uuid(params.get("import")),
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
    query.client ||
    query.createdBy ||
    query.from ||
    query.to ||
    query.importId ||
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
  if (query.client) params.set("client", query.client);
  if (query.createdBy) params.set("createdBy", query.createdBy);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.importId) params.set("import", query.importId);
  if (query.arrival) params.set("arrival", query.arrival);
  if (query.selection) params.set("selection", query.selection);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.size !== LEADS_PAGE_SIZE) params.set("size", String(query.size));
  const search = params.toString();
  return search ? `?${search}` : "";
}

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

/** Whose leads of the company My Leads shows (issue 26): the person's, nobody's yet; none: everyone's. */
export const claimFilters = [
  { value: "mine", label: "Mine" },
  { value: "unclaimed", label: "Not taken yet" },
] as const;
export type ClaimFilter = (typeof claimFilters)[number]["value"];

export interface ClientLeadQuery {
  motivation?: MotivationLevel;
  feedback?: FeedbackStatus;
  claim?: ClaimFilter;
  /** Which page, as on the admin list; none for the first. */
  cursor?: PageCursor;
}

/** The client list's filters (spec 02 §2: motivation and feedback status) and page. */
export function parseClientLeadQuery(url: URL): ClientLeadQuery {
  return {
    motivation: pickOne(motivationLevels, url.searchParams.get("motivation")),
    feedback: pickOne(feedbackStatuses, url.searchParams.get("feedback")),
    claim: pickOne(claimFilters, url.searchParams.get("claim")),
    cursor: pageCursorOf(url.searchParams),
  };
}

/** The URL search of the client list's filters (first page): what its page links build on. */
export function clientLeadListSearch(query: ClientLeadQuery): string {
  const params = new URLSearchParams();
  if (query.motivation) params.set("motivation", query.motivation);
  if (query.feedback) params.set("feedback", query.feedback);
  if (query.claim) params.set("claim", query.claim);
  const search = params.toString();
  return search ? `?${search}` : "";
}
