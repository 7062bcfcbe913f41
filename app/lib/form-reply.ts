/**
 * Forms through Conform (ADR 017): one zod schema per form parses the browser's FormData and the
 * server's body alike, and an action answers with `FormReply`, Conform's submission result plus the
 * spec's toast for it. Shared by browser and server.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Toast } from "./toast-message";
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

/** A posted value as a list of texts (ticked checkboxes of one name): one value is a list of one. */
const asTexts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");

/**
 * Whether a field of the schema takes a list (`z.array(...)`, also optional, defaulted or transformed).
 * FormData cannot say it: one ticked box arrives like a text field.
 */
function takesList(field: z.core.$ZodType): boolean {
  if (field instanceof z.ZodArray) return true;
  if (field instanceof z.ZodOptional || field instanceof z.ZodNullable || field instanceof z.ZodDefault) {
    return takesList(field.unwrap());
  }
  return field instanceof z.ZodPipe && takesList(field.in);
}

/**
 * Reads each field of the schema from the posted values: a list field as the list of texts sent (none:
 * an empty list), every other one as the text sent ("" when absent), so a missing field meets the
 * schema's own message ("Name is required") and never a type error.
 */
function fieldReader(shape: z.core.$ZodShape) {
  const names = Object.keys(shape);
  const lists = new Set(names.filter((name) => takesList(shape[name]!)));
  return {
    names,
    read: (record: Record<string, unknown>, name: string) =>
      lists.has(name) ? asTexts(record[name]) : asText(record[name]),
  };
}

/**
 * Parses a form's values with its schema. Conform's automatic coercion (empty text to undefined) is off:
 * the schemas trim and check text themselves, and their messages are the spec's. The reply refills the
 * schema's own fields, each as the text (or list of texts) sent ("" included), and nothing else that was posted (an intent,
 * the honeypot) nor the fields it is told to hide (passwords).
 */
export function parseForm<S extends z.ZodObject>(
  payload: FormData | URLSearchParams,
  schema: S,
): Submission<z.input<S>, string[], z.output<S>> {
  const { names, read } = fieldReader(schema.shape);
  const submission = parseWithZod(payload, {
    schema: z.preprocess((value) => {
      if (typeof value !== "object" || value === null) return value;
      const record = value as Record<string, unknown>;
      return Object.fromEntries(names.map((name) => [name, read(record, name)]));
    }, schema),
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
      return { ...result, initialValue: Object.fromEntries(shown.map((n) => [n, read(sent, n)])) };
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
