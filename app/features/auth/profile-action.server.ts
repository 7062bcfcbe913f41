/**
 * The /account page's POST: the signed-in user's own profile, validated with the shared schema. A
 * client's company name is the agency's (profile.server.ts): a changed one is refused with 400.
 */
import { data } from "react-router";
import { fieldErrorsOf, textValues, type FormActionResult } from "~/lib/form-errors";
import { formToasts } from "~/lib/form-toasts";
import { requireUser } from "./access.server";
import { profileFields, profileSchema, type ProfileField } from "./auth.schema";
import { updateOwnProfile } from "./profile.server";

export async function handleProfilePost(request: Request) {
  const actor = await requireUser(request);
  const form = await request.formData();
  const values = textValues(form, profileFields);
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) {
    return data<FormActionResult<ProfileField>>(
      {
        ok: false,
        toast: formToasts.validation,
        fieldErrors: fieldErrorsOf<ProfileField>(parsed.error),
        values,
      },
      { status: 400 },
    );
  }
  try {
    const saved = await updateOwnProfile(actor, parsed.data, { companySent: form.has("companyName") });
    if (!saved.ok) {
      // A client's crafted POST: the company name is the agency's to change.
      return data<FormActionResult<ProfileField>>(
        {
          ok: false,
          toast: { kind: "error", title: "Error", text: saved.message },
          fieldErrors: { [saved.field]: saved.message },
          values,
        },
        { status: 400 },
      );
    }
  } catch (error) {
    console.warn("[account] profile update failed:", error);
    return data<FormActionResult<ProfileField>>(
      { ok: false, toast: { kind: "error", title: "Error", text: "An unexpected error occurred" }, values },
      { status: 500 },
    );
  }
  return data<FormActionResult<ProfileField>>({
    ok: true,
    toast: { kind: "success", title: "Profile updated", text: "Your changes are saved." },
  });
}
