/**
 * The browser half of a form through Conform (ADR 017): the shared schema checks each field as the visitor
 * leaves it and again as they type once it was checked, everything on submit (focusing the first invalid
 * field), and the server's reply refills values and errors. Without JavaScript the same form posts
 * normally and the server renders the reply. On top of Conform: the spec's toasts, the reset after
 * success, and the submitting state for the button's caption.
 */
import { getFormProps, useForm, type DefaultValue, type Submission } from "@conform-to/react";
import { useEffect, useRef, type FormEvent } from "react";
import { useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { parseForm, type FormReply } from "./form-reply";
import { formToasts } from "./form-toasts";
import { showToastNow } from "./toast";
import { useHydrated } from "./use-hydrated";

export interface SchemaFormOptions<S extends z.ZodObject, X extends string> {
  /** The form's id; its fields' ids are `<id>-<name>`. */
  id: string;
  /** A browser-only check of a field the schema does not hold (e.g. a chosen file): its message, or nothing. */
  extraCheck?: { name: X; check: (formData: FormData) => string | undefined };
  /** The values the form starts from and returns to after a successful save (the stored ones). */
  defaultValue?: DefaultValue<z.input<S>>;
  /**
   * The server's answer for this form. Defaults to the route's action data; pages that hold several forms
   * pass the answer meant for this one (or undefined when another form posted).
   */
  reply?: FormReply;
}

/** The schema's submission with the extra check's error added, as Conform reads a submission. */
function withExtraError<I, O>(
  submission: Submission<I, string[], O>,
  name: string,
  message: string,
): Submission<I, string[], O> {
  const fieldErrors = { [name]: [message] };
  return {
    // A check on blur (Conform's validate intent) has no status; a submit's is now "error".
    status: submission.status === undefined ? undefined : "error",
    payload: submission.payload,
    error: { ...(submission.status === "success" ? {} : submission.error), ...fieldErrors },
    reply(options) {
      if (options && "resetForm" in options) return submission.reply(options);
      const given = options && "fieldErrors" in options ? options.fieldErrors : undefined;
      return submission.reply({ ...options, fieldErrors: { ...given, ...fieldErrors } });
    },
  };
}

/** Whether the refusal's toast only repeats a message already shown under a field (then once is enough). */
function saidAtAField(reply: FormReply): boolean {
  const text = reply.toast.text;
  return !!text && Object.values(reply.result?.error ?? {}).some((messages) => messages?.includes(text));
}

export function useSchemaForm<S extends z.ZodObject, X extends string = never>(
  schema: S,
  options: SchemaFormOptions<S, X>,
) {
  const actionData = useActionData<FormReply>();
  const reply = "reply" in options ? options.reply : actionData;
  const { id, extraCheck, defaultValue } = options;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // The status of the last check: "error" for a refused submit. Conform runs its field checks (on blur,
  // on input) as submits too, with an intent and no status; those must not toast.
  const lastStatus = useRef<Submission<unknown>["status"]>(undefined);
  const [form, fields] = useForm<z.input<S> & Partial<Record<X, unknown>>, z.output<S>>({
    id,
    defaultValue,
    lastResult: reply?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseForm(formData, schema);
      const message = extraCheck?.check(formData);
      const checked =
        extraCheck && message ? withExtraError(submission, extraCheck.name, message) : submission;
      lastStatus.current = checked.status;
      return checked;
    },
  });

  useEffect(() => {
    if (!reply) return;
    showToastNow(reply.toast);
    if (reply.ok) (document.getElementById(id) as HTMLFormElement | null)?.reset();
  }, [reply, id]);

  // Fields are checked as they are left, except (Conform listens for focusout on the document, so the
  // event stops at the form): a field nobody typed in or chose from yet, so tabbing through a form never
  // marks it invalid before anything was entered (issue 25); and leaving a field for this form's submit
  // button: the submit checks everything, and an error shown now would move the button away from under
  // the pointer before the click lands.
  useEffect(() => {
    const element = document.getElementById(id);
    const edited = new Set<string>();
    const onEdit = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (name) edited.add(name);
    };
    const onLeave = (event: FocusEvent) => {
      const next = event.relatedTarget as HTMLButtonElement | null;
      const name = (event.target as HTMLInputElement | null)?.name;
      if ((name && !edited.has(name)) || (next?.type === "submit" && next.form === element)) {
        event.stopPropagation();
      }
    };
    element?.addEventListener("input", onEdit);
    element?.addEventListener("change", onEdit);
    element?.addEventListener("focusout", onLeave);
    return () => {
      element?.removeEventListener("input", onEdit);
      element?.removeEventListener("change", onEdit);
      element?.removeEventListener("focusout", onLeave);
    };
  }, [id]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    // Conform cancels a submit its check refused (and focuses the first invalid field).
    if (event.defaultPrevented && lastStatus.current === "error") showToastNow(formToasts.validation);
  };

  return {
    form,
    fields,
    reply,
    /**
     * The answer shown at the form: a refusal always (a toast may add to it, never replace it: issue 25),
     * a success only without JavaScript (then the toast says it).
     */
    shownStatus: reply && (!hydrated || (!reply.ok && !saidAtAField(reply))) ? reply.toast : undefined,
    submitting: navigation.state === "submitting",
    /** Spread on the <Form>: id, noValidate, aria wiring and the checked submit. */
    formProps: { ...getFormProps(form), onSubmit },
  };
}
