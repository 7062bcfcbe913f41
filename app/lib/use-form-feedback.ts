/**
 * The browser half of a progressively enhanced form: field errors from the shared schema as the visitor
 * leaves each field and on submit, the server's errors and toast after the action, and a reset after
 * success. Without JavaScript the same form posts normally and the server's answer renders the errors.
 */
import { useEffect, useState, type FocusEvent, type FormEvent, type RefObject } from "react";
import { useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { showToastNow } from "~/lib/toast";
import { fieldErrorsOf, type FieldErrors, type FormActionResult } from "./form-errors";
import { formToasts } from "./form-toasts";
import { useHydrated } from "./use-hydrated";

export interface FormFeedbackOptions<F extends string> {
  /** Extra browser checks, e.g. of a chosen file. */
  extraCheck?: (form: HTMLFormElement) => FieldErrors<F>;
  /**
   * The server's answer for this form. Defaults to the route's action data; pages that hold several
   * forms pass the answer meant for this one (or undefined when another form posted).
   */
  result?: FormActionResult<F>;
}

export function useFormFeedback<F extends string>(
  schema: z.ZodObject,
  formRef: RefObject<HTMLFormElement | null>,
  options: FormFeedbackOptions<F> = {},
) {
  const actionData = useActionData<FormActionResult<F>>();
  const result = "result" in options ? options.result : actionData;
  const { extraCheck } = options;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors<F>>(result?.fieldErrors ?? {});
  // A new server answer replaces the field errors (adjusting state during render, not in an effect).
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    setErrors(result?.fieldErrors ?? {});
  }
  useEffect(() => {
    if (!result) return;
    showToastNow(result.toast);
    if (result.ok) formRef.current?.reset();
  }, [result, formRef]);

  // The submitter counts: a form may carry its choice on the button pressed (e.g. feedback buttons).
  const validateAll = (form: HTMLFormElement, submitter?: HTMLElement | null): FieldErrors<F> => {
    const values = Object.fromEntries(
      [...new FormData(form, submitter).entries()].filter(([, v]) => typeof v === "string"),
    ) as Record<string, string>;
    const parsed = schema.safeParse(values);
    return { ...(parsed.success ? {} : fieldErrorsOf<F>(parsed.error)), ...(extraCheck?.(form) ?? {}) };
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    // Leaving a field for the submit button: the submit checks everything, and showing an error now
    // would move the button away from under the pointer before the click lands.
    const next = event.relatedTarget as HTMLButtonElement | null;
    if (next?.type === "submit" && next.form === formRef.current) return;
    const name = (event.target as { name?: string }).name as F;
    if (!name || !(name in schema.shape) || !formRef.current) return;
    const all = validateAll(formRef.current);
    setErrors((current) => ({ ...current, [name]: all[name] }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const all = validateAll(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    setErrors(all);
    if (Object.values(all).some(Boolean)) {
      event.preventDefault();
      showToastNow(formToasts.validation);
      // Focus the first invalid field once React has marked it.
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    }
  };

  return {
    result,
    errors,
    /** Server-rendered status, shown only when JavaScript has not taken over (toasts need it). */
    staticStatus: hydrated ? undefined : result?.toast,
    submitting: navigation.state === "submitting",
    values: result?.ok ? undefined : result?.values,
    /** Spread on the <Form>: its ref, no native bubbles (our messages instead), checks on blur and submit. */
    formProps: { ref: formRef, noValidate: true, onBlur, onSubmit },
  };
}
