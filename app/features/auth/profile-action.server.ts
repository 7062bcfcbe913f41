/**
 * The /account page's POST: the signed-in user's own profile, validated with the shared schema. A
 * client's company name is the agency's (profile.server.ts): a changed one is refused with 400.
 */
import { data } from "react-router";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { requireUser } from "./access.server";
import { profileSchema } from "./auth.schema";
import { updateOwnProfile } from "./profile.server";
import { log } from "~/lib/log.server";
import { invalidField, invalidForm } from "~/lib/form-reply.server";
import { errorToast } from "~/lib/toast-message";

export async function handleProfilePost(request: Request) {
  const actor = await requireUser(request);
  const form = await request.formData();
  const submission = parseForm(form, profileSchema);
  if (submission.status !== "success") {
    return invalidForm(submission.reply());
  }
  try {
    const saved = await updateOwnProfile(actor, submission.value, {
      companySent: form.has("companyName"),
    });
    if (!saved.ok) {
      // A client's crafted POST: the company name is the agency's to change.
      return invalidField(submission, saved.field, saved.message);
    }
  } catch (error) {
    log.warn({ error }, "[account] profile update failed");
    return data<FormReply>(
      {
        ok: false,
        toast: errorToast("An unexpected error occurred"),
        result: submission.reply(),
      },
      { status: 500 },
    );
  }
  return data<FormReply>({
    ok: true,
    toast: { kind: "success", title: "Profile updated", text: "Your changes are saved." },
    result: submission.reply({ resetForm: true }),
  });
}
