/**
 * Errors of the public API as RFC 9457 problem details (`application/problem+json`): a `type` URI that
 * names the kind of problem (documented at /api/docs), a `title` that is the same for every instance of
 * that type, the HTTP `status`, a `detail` for this instance and, for validation, the field errors.
 */
import { z } from "./zod";

export const PROBLEM_TYPE = "application/problem+json";

/** Every kind of problem the API answers with, its status and its title. */
export const problemKinds = {
  unauthorized: { status: 401, title: "Missing or invalid API key" },
  forbidden: { status: 403, title: "The API key lacks the scope" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "duplicate-lead": { status: 409, title: "Possible duplicate lead" },
  "payload-too-large": { status: 413, title: "Request body too large" },
  "unsupported-media-type": { status: 415, title: "Send JSON" },
  "malformed-json": { status: 400, title: "The body is not valid JSON" },
  validation: { status: 400, title: "Validation failed" },
  "idempotency-key-reused": { status: 422, title: "Idempotency-Key reused with another request" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "bad-request": { status: 400, title: "Bad request" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof problemKinds;

/** The `type` URI of a kind: its section of the API reference. */
export const problemType = (kind: ProblemKind) => `/api/docs#problem-${kind}`;

export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({ description: "The messages of each invalid field, by field name (as the form shows them)." });

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "What kind of problem: a link to its description." }),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    errors: fieldErrorsSchema.optional(),
    existingId: z.guid().optional().meta({
      description:
        "For a duplicate: the lead it may duplicate, for a key that also has the leads:read scope.",
    }),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });

export type Problem = z.infer<typeof problemSchema>;

/** A problem answer; `extra` adds members (field errors, the duplicate's id) and `headers` headers. */
export function problem(
  kind: ProblemKind,
  detail: string,
  extra: Partial<Pick<Problem, "errors" | "existingId">> = {},
  headers: Record<string, string> = {},
): Response {
  const { status, title } = problemKinds[kind];
  return new Response(JSON.stringify({ type: problemType(kind), title, status, detail, ...extra }), {
    status,
    headers: { "Content-Type": PROBLEM_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

/** The same problem as the plain object the server writes itself (refusals before routing). */
export function problemBody(kind: ProblemKind, detail: string): string {
  const { status, title } = problemKinds[kind];
  return JSON.stringify({ type: problemType(kind), title, status, detail });
}
