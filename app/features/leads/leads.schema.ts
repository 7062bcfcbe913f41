/**
 * Homeowner (seller) leads, spec 02 §3-§5: the enumerations with their labels, the new-lead form, the
 * admin's activity form, the client's feedback form and the list filters. Shared by the browser (instant
 * errors) and the server (the actions validate again with the same schemas).
 */
import { requiredName } from "~/lib/schema-parts";
import { z } from "~/lib/zod";

const labelled = <T extends string>(entries: readonly (readonly [T, string])[]) =>
  entries.map(([value, label]) => ({ value, label }));

export const propertyTypes = labelled([
  ["single_family", "Single Family"],
  ["multi_family", "Multi-Family"],
  ["condo", "Condo"],
  ["townhouse", "Townhouse"],
  ["land", "Land"],
  ["commercial", "Commercial"],
  ["other", "Other"],
] as const);

export const motivationLevels = labelled([
  ["hot", "Hot"],
  ["warm", "Warm"],
  ["cold", "Cold"],
] as const);

export const leadSources = labelled([
  ["cold_call", "Cold Call"],
  ["direct_mail", "Direct Mail"],
  ["referral", "Referral"],
  ["networking", "Networking"],
  ["online", "Online"],
  ["drive_for_dollars", "Driving for Dollars"],
  ["bandit_signs", "Bandit Signs"],
  ["other", "Other"],
] as const);

export const leadStatuses = labelled([
  ["new", "New"],
  ["qualified", "Qualified"],
  ["contacted", "Contacted"],
  ["appointment_set", "Appointment Set"],
  ["under_contract", "Under Contract"],
  ["sold", "Sold"],
  ["dead", "Dead"],
] as const);

/** Spec 02 §4: the list filter offers every status except under_contract. */
export const statusFilterOptions = leadStatuses.filter((s) => s.value !== "under_contract");

export const feedbackStatuses = labelled([
  ["not_reviewed", "Not Reviewed"],
  ["interested", "Interested"],
  ["not_interested", "Not Interested"],
  ["contacted", "Contacted"],
  ["deal_closed", "Deal Closed"],
] as const);

/** The client's four feedback buttons (spec 02 §2), in the spec's order. */
export const feedbackChoices = feedbackStatuses.filter((s) => s.value !== "not_reviewed");

/** The activity types an admin records by hand (spec 02 §3); the others are written by the system. */
export const manualActivityTypes = labelled([
  ["note_added", "Note"],
  ["call_logged", "Call"],
  ["email_sent", "Email"],
  ["meeting_scheduled", "Meeting Scheduled"],
  ["meeting_completed", "Meeting Completed"],
] as const);

export const activityLabels: Record<string, string> = {
  ...Object.fromEntries(manualActivityTypes.map((a) => [a.value, a.label])),
  client_feedback_submitted: "Client Feedback",
  status_changed: "Status Change",
  lead_assigned: "Assignment",
  document_uploaded: "Document",
  details_updated: "Details Edited",
};

type Option = { value: string; label: string };
const valuesOf = <T extends readonly Option[]>(options: T) =>
  options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];

export type PropertyType = (typeof propertyTypes)[number]["value"];
export type MotivationLevel = (typeof motivationLevels)[number]["value"];
export type LeadSource = (typeof leadSources)[number]["value"];
export type LeadStatus = (typeof leadStatuses)[number]["value"];
export type FeedbackStatus = (typeof feedbackStatuses)[number]["value"];
export type ManualActivityType = (typeof manualActivityTypes)[number]["value"];

export const labelOf = (options: readonly Option[], value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? "";

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
    .max(255, "Email must be less than 255 characters")
    .pipe(z.union([z.literal("").transform(() => null), z.email("Invalid email address")])),
  address: z
    .string()
    .trim()
    .min(5, "Address is required")
    .max(200, "Address must be less than 200 characters"),
  city: z.string().trim().min(2, "City is required").max(100, "City must be less than 100 characters"),
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
  situationNotes: optionalText(2000, "Situation notes must be less than 2000 characters"),
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
export const leadDetailFields = leadFields.filter((f) => f !== "assignedToClientId");

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

export const activitySchema = z.object({
  activityType: z.enum(valuesOf(manualActivityTypes), "Choose an activity type"),
  description: z
    .string()
    .trim()
    .min(1, "Description is required")
    .max(1000, "Description must be less than 1000 characters"),
});
export type ActivityInput = z.output<typeof activitySchema>;
export type ActivityField = keyof ActivityInput;

export const statusSchema = z.object({ leadStatus: z.enum(valuesOf(leadStatuses)) });

export const assignSchema = z.object({ assignedToClientId: leadSchema.shape.assignedToClientId });

export const soldPriceSchema = z.object({ soldPrice: money("Price must be positive", "Price too large") });

// ---------------------------------------------------------------- the client's feedback (spec 02 §4)

export const feedbackSchema = z.object({
  feedbackStatus: z.enum(valuesOf(feedbackChoices), "Choose a feedback status"),
  notes: optionalText(1000, "Notes must be less than 1000 characters"),
});
export type FeedbackInput = z.output<typeof feedbackSchema>;
export type FeedbackField = keyof FeedbackInput;

// ---------------------------------------------------------------- documents

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_ACCEPT = ".pdf,.doc,.docx,.jpg,.jpeg,.png,.webp";
export const documentMessages = {
  missing: "Choose a file to upload",
  tooLarge: "File size must be less than 10MB",
  wrongType: "Upload a PDF, Word document, or a JPEG, PNG or WebP image",
  nameTooLong: "Document name must be less than 200 characters",
} as const;

/** The upload form's text field; the file itself is checked by size here and by its bytes on the server. */
export const documentSchema = z.object({
  documentName: z.string().trim().max(200, documentMessages.nameTooLong),
});
export type DocumentField = "documentName" | "document";

// ---------------------------------------------------------------- list filters

export const LEADS_PAGE_SIZE = 50;

const pickOne = <T extends string>(allowed: readonly { value: T }[], raw: string | null): T | undefined =>
  allowed.find((o) => o.value === raw)?.value;

export interface LeadListQuery {
  q: string;
  status?: LeadStatus;
  motivation?: MotivationLevel;
  page: number;
}

/** The admin list's filters from the URL; unknown values are ignored, not errors. */
export function parseLeadListQuery(url: URL): LeadListQuery {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    status: pickOne(statusFilterOptions, url.searchParams.get("status")),
    motivation: pickOne(motivationLevels, url.searchParams.get("motivation")),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

export interface ClientLeadQuery {
  motivation?: MotivationLevel;
  feedback?: FeedbackStatus;
}

/** The client list's filters (spec 02 §2: motivation and feedback status). */
export function parseClientLeadQuery(url: URL): ClientLeadQuery {
  return {
    motivation: pickOne(motivationLevels, url.searchParams.get("motivation")),
    feedback: pickOne(feedbackStatuses, url.searchParams.get("feedback")),
  };
}

// ---------------------------------------------------------------- presentation (spec 02 §9)

/** US numbers read as (205) 555-0139; others as stored. The tel: link always uses the stored form. */
export function formatPhone(phone: string): string {
  const us = /^(?:\+?1)?(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
}

/** US dollars without decimals; "N/A" when empty or zero. */
export function formatMoney(value: number | null | undefined): string {
  if (!value) return "N/A";
  return value.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
}

/** Lists: short month ("Nov 21, 2026"). Always UTC on the server; see LocalTime for times of day. */
export function formatListDate(value: Date | string): string {
  return new Date(value).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

export interface PersonName {
  companyName?: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/**
 * The client cell (spec 02 §2): company name, else first and last name, else "Unassigned". A client
 * without any name on file shows their e-mail rather than a misleading "Unassigned".
 */
export function clientDisplayName(client: PersonName | null): string {
  if (!client) return "Unassigned";
  if (client.companyName) return client.companyName;
  return personName(client) || "Unassigned";
}

/** First and last name, else the e-mail: how the timeline names who did something. */
export function personName(person: PersonName | null): string {
  if (!person) return "";
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email || "";
}
