/**
 * The /account page's POST: the signed-in user's own profile, validated with the shared schema. A
 * client's company name is the agency's (profile.server.ts): a changed one is refused with 400.
 */
import { data } from "react-router";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import { requireUser } from "./access.server";
import { profileSchema } from "./auth.schema";
import { updateOwnProfile } from "./profile.server";
import { log } from "~/lib/log.server";

export async function handleProfilePost(request: Request) {
  const actor = await requireUser(request);
  const form = await request.formData();
  const submission = parseForm(form, profileSchema);
  if (submission.status !== "success") {
    return data<FormReply>(
      { ok: false, toast: formToasts.validation, result: submission.reply() },
      { status: 400 },
    );
  }
  try {
    const saved = await updateOwnProfile(actor, submission.value, {
      companySent: form.has("companyName"),
    });
    if (!saved.ok) {
      // A client's crafted POST: the company name is the agency's to change.
      return data<FormReply>(
        {
          ok: false,
          toast: { kind: "error", title: "Error", text: saved.message },
          result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }),
        },
        { status: 400 },
      );
    }
  } catch (error) {
    log.warn({ error }, "[account] profile update failed");
    return data<FormReply>(
      {
        ok: false,
        toast: { kind: "error", title: "Error", text: "An unexpected error occurred" },
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
