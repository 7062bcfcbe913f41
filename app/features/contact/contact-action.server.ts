/** The contact form's POST: validate with the shared schema, submit, answer with the catalogue's toast. */
import { data } from "react-router";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import { clientIp } from "~/lib/request-context";
import { failureToast } from "~/lib/submission-errors";
import { contactSchema } from "./contact.schema";
import { submitContactMessage } from "./contact.server";
import { log } from "~/lib/log.server";
import { invalidForm } from "~/lib/form-reply.server";

/** Honeypot: a field people never see; bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "website";

export async function handleContactPost(request: Request, context: unknown) {
  const form = await request.formData();
  const submission = parseForm(form, contactSchema);
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") {
    // Answer like a success so the bot learns nothing; store nothing.
    return data<FormReply>({
      ok: true,
      toast: formToasts.contactSent,
      result: submission.reply({ resetForm: true }),
    });
  }
  if (submission.status !== "success") {
    return invalidForm(submission.reply());
  }
  try {
    const result = await submitContactMessage(submission.value, { ip: clientIp(context) });
    if (result.status === "rate-limited") {
      return data<FormReply>(
        { ok: false, toast: formToasts.contactLimit, result: submission.reply() },
        { status: 429 },
      );
    }
    return data<FormReply>({
      ok: true,
      toast: formToasts.contactSent,
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    log.warn({ error }, "[contact] submission failed");
    const toast = failureToast(error, formToasts.contactFailed);
    return data<FormReply>({ ok: false, toast, result: submission.reply() }, { status: 500 });
  }
}
