/** The contact form's POST: validate with the shared schema, submit, answer with the catalogue's toast. */
import { data } from "react-router";
import { fieldErrorsOf, textValues, type FormActionResult } from "~/lib/form-errors";
import { formToasts } from "~/lib/form-toasts";
import { clientIp } from "~/lib/request-context";
import { failureToast } from "~/lib/submission-errors";
import { contactFields, contactSchema, type ContactField } from "./contact.schema";
import { submitContactMessage } from "./contact.server";

/** Honeypot: a field people never see; bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "website";

export async function handleContactPost(request: Request, context: unknown) {
  const form = await request.formData();
  const values = textValues(form, contactFields);
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") {
    // Answer like a success so the bot learns nothing; store nothing.
    return data<FormActionResult<ContactField>>({ ok: true, toast: formToasts.contactSent });
  }
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data<FormActionResult<ContactField>>(
      {
        ok: false,
        toast: formToasts.validation,
        fieldErrors: fieldErrorsOf<ContactField>(parsed.error),
        values,
      },
      { status: 400 },
    );
  }
  try {
    const result = await submitContactMessage(parsed.data, { ip: clientIp(context) });
    if (result.status === "rate-limited") {
      return data<FormActionResult<ContactField>>(
        { ok: false, toast: formToasts.contactLimit, values },
        { status: 429 },
      );
    }
    return data<FormActionResult<ContactField>>({ ok: true, toast: formToasts.contactSent });
  } catch (error) {
    console.warn("[contact] submission failed:", (error as Error).message);
    const toast = failureToast(error, formToasts.contactFailed);
    return data<FormActionResult<ContactField>>({ ok: false, toast, values }, { status: 500 });
  }
}
