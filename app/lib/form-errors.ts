/**
 * The first message of each field of a zod error, for the one form not on Conform yet: the lead list's
 * bulk form (ticked ids, a confirmation step; ADR 017). The schema tests read errors the same way.
 */
import type { z } from "zod";

export type FieldErrors<T extends string = string> = Partial<Record<T, string>>;

/** The first message of each field (forms show one error under each field). */
export function fieldErrorsOf<T extends string>(error: z.ZodError): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as T;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
