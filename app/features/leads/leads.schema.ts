/**
 * Homeowner (seller) leads, spec 02 §4-§5: the new-lead form, the admin's activity form, the client's
 * feedback form (the lists' queries and bulk form are in lead-list.schema.ts). Shared by the browser (instant errors) and the server (the actions
 * validate again with the same schemas). The enumerations and their labels are in ~/db/enums; how a lead
 * is shown (phone, money, dates, names) is in lead-format.ts.
 */
import {
  feedbackStatuses,
  leadStatuses,
  manualActivityTypes,
  motivationLevels,
  notInterestedReasons,
  propertyTypes,
  valuesOf,
} from "~/db/enums";

import { EMAIL_MAX, NAME_MAX, requiredName } from "~/lib/schema-parts";
import { z } from "~/lib/zod";
import { sourceKeySchema as sourceKey } from "./sources/sources";

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
  leadSource: sourceKey,
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

/**
 * The duplicate check while the lead form is typed in (issue 25): what the form holds so far, as the
 * browser sends it to /admin/leads/duplicates and the server reads it. A part that is not complete yet
 * (a phone that is not a number, an address without a ZIP code) is left out as ""; with neither a phone
 * nor an address and ZIP code there is nothing to look for, and the browser does not ask. `except` is
 * the lead being edited. Longer values than the form takes are refused: the request is capped.
 */
export const duplicateProbeSchema = z
  .object({
    phone: z
      .string()
      .max(40)
      .transform((v) => leadSchema.shape.phone.safeParse(v).data ?? ""),
    address: z
      .string()
      .max(leadMax.address)
      .transform((v) => leadSchema.shape.address.safeParse(v).data ?? ""),
    zipCode: z
      .string()
      .max(10)
      .transform((v) => leadSchema.shape.zipCode.safeParse(v).data ?? ""),
    except: z.union([z.literal(""), z.uuid()]),
  })
  .refine((probe) => probe.phone !== "" || (probe.address !== "" && probe.zipCode !== ""), {
    message: "Type a phone number, or an address and ZIP code",
  });
export type DuplicateProbeInput = z.output<typeof duplicateProbeSchema>;

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
