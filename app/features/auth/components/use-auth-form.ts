/**
 * The browser half of an account form: field errors from the shared schema as the visitor leaves each
 * field and on submit, then the server's errors and toast. Like `useFormFeedback`, but fed the result
 * explicitly, because /auth and /admin/users hold several forms on one route and only the one that
 * posted should react.
 */
import { useEffect, useState, type FocusEvent, type FormEvent, type RefObject } from "react";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors, type FormActionResult } from "~/lib/form-errors";
import { formToasts } from "~/lib/form-toasts";
import { useHydrated } from "~/lib/use-hydrated";
import { showToastNow } from "~/components/layout/toasts";

function validate<F extends string>(schema: z.ZodObject, form: HTMLFormElement): FieldErrors<F> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf<F>(parsed.error);
}

export function useAuthForm<F extends string>(
  schema: z.ZodObject,
  result: FormActionResult | undefined,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [errors, setErrors] = useState<FieldErrors<F>>((result?.fieldErrors as FieldErrors<F>) ?? {});
  const [shownResult, setShownResult] = useState(result);
  if (shownResult !== result) {
    // A new answer from the server replaces the browser's errors.
    setShownResult(result);
    setErrors((result?.fieldErrors as FieldErrors<F>) ?? {});
  }
  const hydrated = useHydrated();

  useEffect(() => {
    if (!result) return;
    showToastNow(result.toast);
    if (result.ok) formRef.current?.reset();
  }, [result, formRef]);

  return {
    errors,
    /** The server's answer as an inline panel until JavaScript has taken over (toasts need it). */
    staticStatus: hydrated ? undefined : result?.toast,
    values: result?.ok ? undefined : result?.values,
    onBlur(event: FocusEvent<HTMLFormElement>) {
      // Leaving a field for the submit button: the submit checks everything, and changing an error now
      // would move the button away from under the pointer before the click lands.
      const next = event.relatedTarget as HTMLButtonElement | null;
      if (next?.type === "submit" && next.form === event.currentTarget) return;
      const name = (event.target as { name?: string }).name;
      if (!name || !(name in schema.shape)) return;
      const all = validate<F>(schema, event.currentTarget);
      setErrors((current) => ({ ...current, [name]: all[name as F] }));
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      const all = validate<F>(schema, form);
      setErrors(all);
      if (Object.values(all).some(Boolean)) {
        event.preventDefault();
        showToastNow(formToasts.validation);
        // Focus after React has marked the fields invalid.
        requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      }
    },
  };
}
