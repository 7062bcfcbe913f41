/**
 * Every enumeration of both spec documents, written once: its values in the spec's order, each with the
 * label people see. The database schema builds its `pgEnum`s from these lists (the order is the SQL
 * enum's order, so it must not change without a migration), the forms their `z.enum`s, and selects,
 * badges, e-mails and tests read the same lists. Pure data with no imports, so every layer and the
 * browser may import it (ADR 013).
 */

/** One value of an enumeration with the label shown for it. */
export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** The values of an option list as the non-empty tuple `pgEnum` and `z.enum` take. */
export function valuesOf<V extends string>(options: readonly Option<V>[]): readonly [V, ...V[]] {
  const [first, ...rest] = options.map((o) => o.value);
  if (first === undefined) throw new Error("An enumeration needs at least one value");
  return [first, ...rest];
}

/** The label of `value` in `options`; the value itself when it has none, "" when there is no value. */
export const labelOf = (options: readonly Option[], value: string | null | undefined): string =>
  options.find((o) => o.value === value)?.label ?? value ?? "";

// ---------------------------------------------------------------- accounts and mail (spec 01)

/** How a client hears of leads assigned to them (notification settings, issue 27). */
export const newLeadsMailChoices = [
  { value: "immediate", label: "At once: an e-mail when leads are assigned" },
  { value: "digest", label: "Once a day: one digest of the day's new leads" },
  { value: "none", label: "Never: I check the portal" },
] as const satisfies readonly Option[];
export type NewLeadsMailChoice = (typeof newLeadsMailChoices)[number]["value"];

/**
 * When a client company's delivered lead with no feedback reminds its people (issue 26 §2), in business
 * hours (Monday to Friday, 9:00 to 18:00 in AGENCY_TIME_ZONE); "off" sends none. Stored as the hours, null
 * for off.
 */
export const reminderChoices = [
  { value: "1", label: "1 business hour" },
  { value: "2", label: "2 business hours" },
  { value: "4", label: "4 business hours (default)" },
  { value: "6", label: "6 business hours" },
  { value: "9", label: "1 business day (9 hours)" },
  { value: "18", label: "2 business days (18 hours)" },
  { value: "off", label: "Never: no reminders" },
] as const satisfies readonly Option[];
export type ReminderChoice = (typeof reminderChoices)[number]["value"];
/** A company that chose nothing is reminded after this many business hours. */
export const DEFAULT_REMINDER_HOURS = 4;
/** Every number of hours a company may choose (the choices other than "off"). */
export const reminderHourValues = reminderChoices.flatMap((c) =>
  c.value === "off" ? [] : [Number(c.value)],
);

// No labels: the screens show these values as they are (the user admin capitalises roles with CSS).
export const appRoles = ["admin", "client"] as const;
export type AppRole = (typeof appRoles)[number];
/** For role names read back as text (array_agg over user_roles). */
export const isAppRole = (value: string): value is AppRole => (appRoles as readonly string[]).includes(value);

/** A person's place in a client company (issue 26): owners manage the team, members work the leads. */
export const clientMemberRoles = ["owner", "member"] as const;
export type ClientMemberRole = (typeof clientMemberRoles)[number];

export const mailStatuses = ["pending", "sent", "failed"] as const;

// ---------------------------------------------------------------- delivery webhooks (issue 14)

/** What happened to a lead, as a client's webhook hears it. */
export const webhookEventTypes = [
  { value: "lead.assigned", label: "Lead assigned" },
  { value: "lead.updated", label: "Lead updated" },
  { value: "lead.unassigned", label: "Lead unassigned" },
  { value: "lead.deleted", label: "Lead deleted" },
] as const satisfies readonly Option[];
export type WebhookEventType = (typeof webhookEventTypes)[number]["value"];

/** A delivery waits (`pending`, also while being sent), was acknowledged (`delivered`) or gave up (`failed`). */
export const webhookDeliveryStatuses = [
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
] as const satisfies readonly Option[];
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number]["value"];

// ---------------------------------------------------------------- lead imports (issue 13)

/**
 * An import's life: the file streams in (`uploading`), the admin maps its columns (`mapping`), a worker
 * takes it (`queued` -> `running`) until it is `done`, `cancelled` by the admin or `failed`.
 */
export const importStatuses = [
  { value: "uploading", label: "Uploading" },
  { value: "mapping", label: "Waiting for mapping" },
  { value: "queued", label: "Queued" },
  { value: "running", label: "Importing" },
  { value: "done", label: "Done" },
  { value: "cancelled", label: "Cancelled" },
  { value: "failed", label: "Failed" },
] as const satisfies readonly Option[];
export type ImportStatus = (typeof importStatuses)[number]["value"];

// ---------------------------------------------------------------- job applications (spec 01 §3)

export const positions = [
  { value: "lead-generation", label: "Lead Generation Specialist" },
  { value: "market-research", label: "Market Research Analyst" },
  { value: "digital-marketing", label: "Digital Marketing Manager" },
  { value: "client-success", label: "Client Success Manager" },
  { value: "cold-calling", label: "Cold Calling Specialist" },
  { value: "other", label: "Other/General Application" },
] as const satisfies readonly Option[];
export type PositionInterest = (typeof positions)[number]["value"];

export const experienceLevels = [
  { value: "0-1", label: "0-1 years" },
  { value: "2-3", label: "2-3 years" },
  { value: "4-5", label: "4-5 years" },
  { value: "6-10", label: "6-10 years" },
  { value: "10+", label: "10+ years" },
] as const satisfies readonly Option[];
export type ExperienceLevel = (typeof experienceLevels)[number]["value"];

// ---------------------------------------------------------------- homeowner leads (spec 02 §3)

export const propertyTypes = [
  { value: "single_family", label: "Single Family" },
  { value: "multi_family", label: "Multi-Family" },
  { value: "condo", label: "Condo" },
  { value: "townhouse", label: "Townhouse" },
  { value: "land", label: "Land" },
  { value: "commercial", label: "Commercial" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];
export type PropertyType = (typeof propertyTypes)[number]["value"];

export const motivationLevels = [
  { value: "hot", label: "Hot" },
  { value: "warm", label: "Warm" },
  { value: "cold", label: "Cold" },
] as const satisfies readonly Option[];
export type MotivationLevel = (typeof motivationLevels)[number]["value"];

export const leadSources = [
  { value: "cold_call", label: "Cold Call" },
  { value: "direct_mail", label: "Direct Mail" },
  { value: "referral", label: "Referral" },
  { value: "networking", label: "Networking" },
  { value: "online", label: "Online" },
  { value: "drive_for_dollars", label: "Driving for Dollars" },
  { value: "bandit_signs", label: "Bandit Signs" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];
export type LeadSource = (typeof leadSources)[number]["value"];

export const leadStatuses = [
  { value: "new", label: "New" },
  { value: "qualified", label: "Qualified" },
  { value: "contacted", label: "Contacted" },
  { value: "appointment_set", label: "Appointment Set" },
  { value: "under_contract", label: "Under Contract" },
  { value: "sold", label: "Sold" },
  { value: "dead", label: "Dead" },
] as const satisfies readonly Option[];
export type LeadStatus = (typeof leadStatuses)[number]["value"];

export const feedbackStatuses = [
  { value: "not_reviewed", label: "Not Reviewed" },
  { value: "interested", label: "Interested" },
  { value: "not_interested", label: "Not Interested" },
  { value: "contacted", label: "Contacted" },
  { value: "deal_closed", label: "Deal Closed" },
] as const satisfies readonly Option[];
export type FeedbackStatus = (typeof feedbackStatuses)[number]["value"];

/** The activity types an admin records by hand (spec 02 §3). */
export const manualActivityTypes = [
  { value: "note_added", label: "Note" },
  { value: "call_logged", label: "Call" },
  { value: "email_sent", label: "Email" },
  { value: "meeting_scheduled", label: "Meeting Scheduled" },
  { value: "meeting_completed", label: "Meeting Completed" },
] as const satisfies readonly Option[];
export type ManualActivityType = (typeof manualActivityTypes)[number]["value"];

/** Every timeline entry's type: the manual ones, the feedback flow's, and those the system writes. */
export const activityTypes = [
  ...manualActivityTypes,
  { value: "client_feedback_submitted", label: "Client Feedback" },
  { value: "status_changed", label: "Status Change" },
  { value: "lead_assigned", label: "Assignment" },
  { value: "document_uploaded", label: "Document" },
  { value: "details_updated", label: "Details Edited" },
  { value: "return_requested", label: "Return Requested" },
  { value: "return_approved", label: "Return Approved" },
  { value: "return_rejected", label: "Return Rejected" },
  /** A member of the client company took the lead, or let it go (issue 26). */
  { value: "lead_claimed", label: "Taken" },
] as const satisfies readonly Option[];
export type ActivityType = (typeof activityTypes)[number]["value"];

// ---------------------------------------------------------------- the guarantee (issue 15)

/** Why a client sends a lead back, in the order the return form offers them. */
export const returnReasons = [
  { value: "wrong_number", label: "Wrong or disconnected number" },
  { value: "not_owner", label: "Not the owner" },
  { value: "not_motivated", label: "Not motivated / not selling" },
  { value: "already_sold", label: "Already sold or listed with an agent" },
  { value: "duplicate", label: "Duplicate of a lead I already had" },
  { value: "outside_buy_box", label: "Outside my buy box" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];
export type ReturnReason = (typeof returnReasons)[number]["value"];

/** Why a client passed on a lead ("Not Interested"), so the agency learns which sources and areas disappoint. */
export const notInterestedReasons = [
  { value: "price", label: "Price" },
  { value: "condition", label: "Condition" },
  { value: "location", label: "Location" },
  { value: "timing", label: "Timing" },
  { value: "could_not_reach", label: "Could not reach the seller" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];
export type NotInterestedReason = (typeof notInterestedReasons)[number]["value"];

export const returnStates = [
  { value: "requested", label: "Waiting for review" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
] as const satisfies readonly Option[];
export type ReturnState = (typeof returnStates)[number]["value"];
