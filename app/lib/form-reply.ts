/**
 * Forms through Conform (ADR 017): one zod schema per form parses the browser's FormData and the
 * server's body alike, and an action answers with `FormReply`, Conform's submission result plus the
 * spec's toast for it. Shared by browser and server.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Toast } from "./toast";
import { z } from "./zod";

/**
 * What a form's action returns to its page: a toast, and Conform's result (errors, values to refill);
 * answers to a button with no fields to check (a role change, "sign out other sessions") have no result.
 */
export interface FormReply {
  ok: boolean;
  toast: Toast;
  result?: SubmissionResult<string[]>;
}

/**
 * Each field of the schema as the text the form sent ("" when absent, the first of repeated values),
 * so a missing field meets the schema's own message ("Name is required") and never a type error.
 */
function asFormText(value: unknown, names: readonly string[]): unknown {
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  const text = (v: unknown): string =>
    typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "";
  return Object.fromEntries(names.map((name) => [name, text(record[name])]));
}

/**
 * Parses a form's values with its schema. Conform's automatic coercion (empty text to undefined) is off:
 * the schemas trim and check text themselves, and their messages are the spec's.
 */
export function parseForm<S extends z.ZodObject>(
  payload: FormData | URLSearchParams,
  schema: S,
): Submission<z.input<S>, string[], z.output<S>> {
  const names = Object.keys(schema.shape);
  return parseWithZod(payload, {
    schema: z.preprocess((value) => asFormText(value, names), schema),
    disableAutoCoercion: true,
  }) as Submission<z.input<S>, string[], z.output<S>>;
}
