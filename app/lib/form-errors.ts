import type { Toast } from "./toast";
import type { z } from "zod";

export type FieldErrors<T extends string = string> = Partial<Record<T, string>>;

/** The first message of each field, as forms show them (one error under each field). */
export function fieldErrorsOf<T extends string>(error: z.ZodError): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as T;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Form values as plain strings (files and repeated keys are not part of these forms' text fields). */
export function textValues(
  form: FormData | Record<string, string>,
  names: readonly string[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form instanceof FormData ? form.get(name) : form[name];
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** What a form's action returns to its page: a toast, and on failure the errors and the values to refill. */
export interface FormActionResult<F extends string = string> {
  ok: boolean;
  toast: Toast;
  fieldErrors?: FieldErrors<F>;
  values?: Record<string, string>;
}
