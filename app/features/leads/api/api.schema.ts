/**
 * The public API's lead documents (issue 14). A lead sent to POST /api/v1/leads is validated by the
 * new-lead form's own schema (leads.schema.ts), so its rules and messages are the form's word for word:
 * `apiLeadValues` only turns JSON into the form's text values first (a missing optional field is an
 * empty one; a number is its text). The schemas below describe the documents for the OpenAPI document
 * (generated from them with z.toJSONSchema) and are built from the form schema's own fields.
 */
import { feedbackStatuses, leadStatuses, motivationLevels, propertyTypes, valuesOf } from "~/db/enums";
import { z } from "~/lib/zod";
import { leadDefaults, leadFields, leadSchema, type LeadField } from "../leads.schema";
import { FIRST_YEAR, isCalendarDay, LAST_YEAR } from "~/lib/calendar";

/** The most leads one request may carry. */
export const API_BATCH_MAX = 500;

export const apiMessages = {
  batchTooLarge: `Send at most ${API_BATCH_MAX} leads per request`,
  batchEmpty: "Send at least one lead",
  notObject: 'Send a lead as a JSON object, or a batch as { "leads": [...] }',
  /** A program sends keys, not labels: one we do not have is told which keys there are. */
  unknownLeadSource: (sent: unknown, keys: readonly string[]) =>
    `Unknown lead source ${JSON.stringify(String(sent)).slice(0, 80)}: use one of ${keys.join(", ")}`,
} as const;

const money = (what: string) =>
  z
    .union([z.number(), z.string()])
    .optional()
    .meta({ description: `${what} in dollars (a number, or text such as "$250,000").` });

/** A lead as the API takes it: the form's fields in camelCase; `leadSource` (the lead's source) is required. */
export const apiLeadInputSchema = z
  .object({
    firstName: leadSchema.shape.firstName,
    lastName: leadSchema.shape.lastName,
    phone: z.string().meta({ description: "E.164, or a US number as people write it (+1 is added)." }),
    email: z.string().optional(),
    address: leadSchema.shape.address,
    city: leadSchema.shape.city,
    state: leadSchema.shape.state,
    zipCode: leadSchema.shape.zipCode,
    propertyType: leadSchema.shape.propertyType.optional().meta({ default: leadDefaults.propertyType }),
    motivationLevel: leadSchema.shape.motivationLevel
      .optional()
      .meta({ default: leadDefaults.motivationLevel }),
    leadSource: leadSchema.shape.leadSource.meta({
      description: "Where the lead came from: one of the lead source keys.",
    }),
    situationNotes: leadSchema.shape.situationNotes.optional(),
    askingPrice: money("The seller's asking price"),
    estimatedValue: money("The estimated value"),
    estimatedRepairCost: money("The estimated repair cost"),
    assignedToClientId: z
      .string()
      .optional()
      .meta({ description: "A client account's id, to assign at once." }),
    allowDuplicate: z
      .boolean()
      .optional()
      .meta({ description: "Create the lead even when it may duplicate a stored one (default false)." }),
  })
  .meta({ id: "LeadInput" });

export const apiBatchInputSchema = z
  .object({
    leads: z.array(apiLeadInputSchema).min(1).max(API_BATCH_MAX),
    allowDuplicate: z.boolean().optional().meta({
      description: "The default for every lead of the batch; a lead's own allowDuplicate overrides it.",
    }),
  })
  .meta({ id: "LeadBatchInput" });

const requiredText = ["firstName", "lastName", "phone", "address", "city", "state", "zipCode", "leadSource"];

/**
 * A JSON lead as the form's values: missing or null fields empty (or the form's default), numbers as
 * text. Values of other types stay as they are, for the schema to refuse.
 */
export function apiLeadValues(input: Record<string, unknown>): Record<LeadField, unknown> {
  return Object.fromEntries(
    leadFields.map((field) => {
      const value = input[field];
      if (value === undefined || value === null) {
        const fallback = requiredText.includes(field)
          ? ""
          : ((leadDefaults as Partial<Record<LeadField, string>>)[field] ?? "");
        return [field, fallback];
      }
      return [field, typeof value === "number" && Number.isFinite(value) ? String(value) : value];
    }),
  ) as Record<LeadField, unknown>;
}

/** How a lead arrived: typed in by an admin, a CSV import, or an API key. */
export const leadArrivalSchema = z
  .object({
    channel: z.enum(["form", "import", "api"]),
    importId: z.guid().nullable(),
    apiKeyName: z.string().nullable(),
  })
  .meta({ id: "LeadArrival" });

/**
 * A stored lead as the API shows it and as a webhook carries it (public-lead.server.ts builds it). A
 * webhook goes to a client: there the agency's internals (adminUrl, arrival.importId, arrival.apiKeyName)
 * are null.
 */
export const apiLeadSchema = z
  .object({
    id: z.guid(),
    url: z.url().meta({ description: "This lead in the API." }),
    adminUrl: z
      .url()
      .nullable()
      .meta({ description: "This lead in the admin area (null in webhooks, which go to clients)." }),
    portalUrl: z.url().meta({ description: "This lead in the client portal." }),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    propertyType: z.enum(valuesOf(propertyTypes)),
    motivationLevel: z.enum(valuesOf(motivationLevels)),
    leadSource: z.string().meta({ description: "The lead source's key." }),
    situationNotes: z.string().nullable(),
    askingPrice: z.number().nullable(),
    estimatedValue: z.number().nullable(),
    estimatedRepairCost: z.number().nullable(),
    leadStatus: z.enum(valuesOf(leadStatuses)),
    isSold: z.boolean(),
    soldPrice: z.number().nullable(),
    assignedToClientId: z.string().nullable(),
    clientFeedbackStatus: z.enum(valuesOf(feedbackStatuses)),
    clientNotes: z.string().nullable(),
    clientReviewedAt: z.iso.datetime({ offset: true }).nullable(),
    arrival: leadArrivalSchema,
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Lead" });
export type ApiLead = z.infer<typeof apiLeadSchema>;

export const batchItemSchema = z
  .discriminatedUnion("status", [
    z.object({ index: z.int(), status: z.literal("created"), lead: apiLeadSchema }),
    z.object({
      index: z.int(),
      status: z.literal("invalid"),
      errors: z.record(z.string(), z.array(z.string())),
    }),
    z.object({
      index: z.int(),
      status: z.literal("duplicate"),
      existingId: z.guid().nullable().meta({
        description: "The stored lead it may duplicate; null unless the key also has the leads:read scope.",
      }),
      duplicateOfIndex: z
        .int()
        .nullable()
        .meta({ description: "The earlier item of this batch it may duplicate." }),
    }),
  ])
  .meta({ id: "BatchItemResult" });
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchResultSchema = z
  .object({
    created: z.int(),
    invalid: z.int(),
    duplicates: z.int(),
    results: z.array(batchItemSchema),
  })
  .meta({ id: "LeadBatchResult" });

export const leadPageSchema = z
  .object({
    leads: z.array(apiLeadSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null at the end." }),
  })
  .meta({ id: "LeadPage" });

export const API_PAGE_SIZE = 100;

/** GET /api/v1/leads's query: leads updated at or after `updatedSince`, oldest change first. */
export const leadPageQuerySchema = z.object({
  updatedSince: z.iso
    .datetime({
      offset: true,
      message: "updatedSince must be an ISO 8601 date-time, e.g. 2026-01-31T00:00:00Z",
    })
    .refine((v) => isCalendarDay(v.slice(0, 10)), `updatedSince must fall in ${FIRST_YEAR} to ${LAST_YEAR}`)
    .optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(API_PAGE_SIZE).optional(),
});
