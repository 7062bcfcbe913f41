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

/** A posted value as the text a field holds: the first of repeated values, "" for none or a file. */
const asText = (value: unknown): string =>
  typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : "";

/**
 * Each field of the schema as the text the form sent ("" when absent), so a missing field meets the
 * schema's own message ("Name is required") and never a type error.
 */
function asFormText(value: unknown, names: readonly string[]): unknown {
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, asText(record[name])]));
}

/**
 * Parses a form's values with its schema. Conform's automatic coercion (empty text to undefined) is off:
 * the schemas trim and check text themselves, and their messages are the spec's. The reply refills the
 * schema's own fields, each as the text sent ("" included), and nothing else that was posted (an intent,
 * the honeypot) nor the fields it is told to hide (passwords).
 */
export function parseForm<S extends z.ZodObject>(
  payload: FormData | URLSearchParams,
  schema: S,
): Submission<z.input<S>, string[], z.output<S>> {
  const names = Object.keys(schema.shape);
  const submission = parseWithZod(payload, {
    schema: z.preprocess((value) => asFormText(value, names), schema),
    disableAutoCoercion: true,
  }) as Submission<z.input<S>, string[], z.output<S>>;
  const sent = { ...submission.payload };
  return {
    ...submission,
    reply(options) {
      const result = submission.reply(options);
      if (!result.initialValue) return result;
      const hidden = options && "hideFields" in options ? (options.hideFields ?? []) : [];
      const shown = names.filter((name) => !hidden.includes(name));
      return { ...result, initialValue: Object.fromEntries(shown.map((n) => [n, asText(sent[n])])) };
    },
  };
}

/** The first message under a field, for forms the server alone checks (a one-field form on a page). */
export function replyError(reply: FormReply | undefined, name: string): string | undefined {
  return reply?.result?.error?.[name]?.[0] ?? undefined;
}

/**
 * The text a refused form sent for a field, to refill it ("" for an empty one: Conform's reply leaves
 * those out); undefined when the reply refused nothing, so the form shows the stored value.
 */
export function refusedValue(reply: FormReply | undefined, name: string): string | undefined {
  if (!reply?.result?.error) return undefined;
  const value = reply.result.initialValue?.[name];
  return typeof value === "string" ? value : "";
}
