/**
 * The OpenAPI 3.1 document of the public API (/api/v1/openapi.json), generated from the zod schemas the
 * API validates and answers with (z.toJSONSchema): the document cannot drift from the code. The paths
 * below say which schema each operation takes and answers; /api/docs renders the same document.
 */
import { problemKinds, problemSchema, problemType, type ProblemKind } from "~/lib/problem";
import { z } from "~/lib/zod";
import {
  API_BATCH_MAX,
  API_PAGE_SIZE,
  apiBatchInputSchema,
  apiLeadInputSchema,
  apiLeadSchema,
  batchItemSchema,
  batchResultSchema,
  leadArrivalSchema,
  leadPageQuerySchema,
  leadPageSchema,
} from "./api.schema";

type JsonSchema = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Every named schema (its `.meta({ id })`) as a component; inputs as they are sent, outputs as they are sent back. */
function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const inputs = z.registry<{ id: string }>();
  for (const schema of [
    apiLeadSchema,
    leadArrivalSchema,
    batchItemSchema,
    batchResultSchema,
    leadPageSchema,
    problemSchema,
  ]) {
    registry.add(schema, { id: String(z.globalRegistry.get(schema)?.id) });
  }
  for (const schema of [apiLeadInputSchema, apiBatchInputSchema]) {
    inputs.add(schema, { id: String(z.globalRegistry.get(schema)?.id) });
  }
  const uri = (id: string) => `#/components/schemas/${id}`;
  const out = z.toJSONSchema(registry, { io: "output", uri }).schemas;
  const inp = z.toJSONSchema(inputs, { io: "input", uri }).schemas;
  const all: Record<string, JsonSchema> = { ...out, ...inp };
  // Each component stands in the document, not as a separate JSON Schema resource.
  for (const schema of Object.values(all)) {
    delete schema.$schema;
    delete schema.id;
    delete schema.$id;
  }
  return all;
}

const problemResponse = (...kinds: ProblemKind[]) => ({
  description: kinds.map((k) => problemKinds[k].title).join("; "),
  content: { "application/problem+json": { schema: ref("Problem") } },
});

const rateHeaders = {
  RateLimit: {
    description:
      "Requests left in the last 60 seconds, and seconds until the oldest counted one leaves that " +
      'window: `"per-key";r=599;t=60`.',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: 'The key\'s limit: `"per-key";q=600;w=60`.',
    schema: { type: "string" },
  },
};

const common = {
  "401": problemResponse("unauthorized"),
  "403": problemResponse("forbidden"),
  "429": {
    ...problemResponse("rate-limited"),
    headers: {
      "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } },
      ...rateHeaders,
    },
  },
};

function queryParameters() {
  const schema = z.toJSONSchema(leadPageQuerySchema, { io: "input" }) as {
    properties: Record<string, JsonSchema>;
  };
  const descriptions: Record<string, string> = {
    updatedSince: "Only leads created or changed at or after this moment (ISO 8601).",
    cursor: "The `nextCursor` of the previous page.",
    limit: `Leads per page, 1 to ${API_PAGE_SIZE} (default ${API_PAGE_SIZE}).`,
  };
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: "query",
    required: false,
    description: descriptions[name],
    schema: property,
  }));
}

export function openApiDocument(siteUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Leadworks API",
      version: "1.0.0",
      description:
        "Send homeowner leads to Leadworks and read them back. Authenticate with an API key (admins create " +
        "them at /admin/api-keys) as `Authorization: Bearer <key>`. Each key may make 600 requests in any " +
        "60 seconds. " +
        "Errors are RFC 9457 problem details (application/problem+json).",
    },
    servers: [{ url: siteUrl }],
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/leads": {
        post: {
          operationId: "createLeads",
          summary: "Send one lead, or a batch",
          description:
            `One lead as a JSON object, or \`{ "leads": [...] }\` with up to ${API_BATCH_MAX}. The fields and ` +
            "their messages are the admin form's. A lead with the phone, or the address and ZIP code, of a " +
            "stored lead is a possible duplicate: refused (409, or `duplicate` in a batch) unless " +
            "`allowDuplicate` is true (in a batch, a lead's own flag overrides the batch's). The existing " +
            "lead's id is given only to a key that also has the `leads:read` scope. Send an " +
            "`Idempotency-Key` to retry safely: the same key and body within 24 hours answer as the first " +
            "time and create nothing; the same key with another body is 422. " +
            "Needs the `leads:write` scope.",
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "Any unique text, 1 to 255 visible characters (a UUID is a good choice).",
              schema: { type: "string", minLength: 1, maxLength: 255 },
            },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { oneOf: [ref("LeadInput"), ref("LeadBatchInput")] } } },
          },
          responses: {
            "201": {
              description: "Created: the lead (Location names it), or a batch whose every lead was created.",
              headers: {
                Location: { description: "The new lead's URL.", schema: { type: "string" } },
                ...rateHeaders,
              },
              content: { "application/json": { schema: { oneOf: [ref("Lead"), ref("LeadBatchResult")] } } },
            },
            "207": {
              description: "A batch with invalid or duplicate items: a result per item, in order.",
              headers: rateHeaders,
              content: { "application/json": { schema: ref("LeadBatchResult") } },
            },
            "400": problemResponse("validation", "malformed-json", "bad-request"),
            ...common,
            "409": problemResponse("duplicate-lead"),
            "413": problemResponse("payload-too-large"),
            "415": problemResponse("unsupported-media-type"),
            "422": problemResponse("idempotency-key-reused"),
          },
        },
        get: {
          operationId: "listLeads",
          summary: "Leads changed since a moment",
          description:
            "Leads in the order of their last change (oldest first), a page at a time: follow `nextCursor` " +
            "until it is null. Needs the `leads:read` scope.",
          parameters: queryParameters(),
          responses: {
            "200": {
              description: "A page of leads.",
              headers: rateHeaders,
              content: { "application/json": { schema: ref("LeadPage") } },
            },
            "400": problemResponse("validation"),
            ...common,
          },
        },
      },
      "/api/v1/leads/{id}": {
        get: {
          operationId: "getLead",
          summary: "One lead",
          description: "Needs the `leads:read` scope.",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
          ],
          responses: {
            "200": {
              description: "The lead.",
              headers: rateHeaders,
              content: { "application/json": { schema: ref("Lead") } },
            },
            ...common,
            "404": problemResponse("not-found"),
          },
        },
      },
      "/api/v1/openapi.json": {
        get: {
          operationId: "openApiDocument",
          summary: "This document",
          security: [],
          responses: { "200": { description: "The OpenAPI document.", content: { "application/json": {} } } },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key from /admin/api-keys." },
      },
      schemas: componentSchemas(),
    },
    "x-problem-types": Object.fromEntries(
      Object.entries(problemKinds).map(([kind, { status, title }]) => [
        problemType(kind as ProblemKind),
        { status, title },
      ]),
    ),
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
