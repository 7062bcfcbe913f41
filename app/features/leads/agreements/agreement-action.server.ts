/**
 * The POST of /admin/clients/:id: the client's agreement, validated with the shared schema. A saved
 * change is a new version; the same terms again say so and write nothing. Refused terms answer 400 with
 * the messages; saved ones go back to the page with a toast.
 */
import type { Actor } from "~/lib/actor";
import { parseForm } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/flash.server";
import { notFound } from "~/lib/not-found";
import type { Toast } from "~/lib/toast-message";
import { agreementSchema } from "./agreement.schema";
import { saveAgreement } from "./agreements.server";
import { invalidField, invalidForm } from "~/lib/form-reply.server";

export const agreementToasts = {
  saved: { kind: "success", title: "Success", text: "Agreement saved" },
  unchanged: { kind: "success", title: "No changes", text: "The agreement already says this." },
} as const satisfies Record<string, Toast>;

export async function handleAgreementPost(request: Request, actor: Actor, clientId: string) {
  const submission = parseForm(await request.formData(), agreementSchema);
  if (submission.status !== "success") {
    return invalidForm(submission.reply());
  }
  const saved = await saveAgreement(actor, clientId, submission.value);
  if (!saved.ok && saved.field) return invalidField(submission, saved.field, saved.message);
  if (!saved.ok) throw notFound("Client not found");
  // Back to the page (not a reply): it reloads the saved version, and the form starts from it.
  throw redirectWithToast(
    request,
    new URL(request.url).pathname,
    saved.changed ? agreementToasts.saved : agreementToasts.unchanged,
  );
}
