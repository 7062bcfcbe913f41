import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import type { FormActionResult } from "~/lib/form-errors";
import type { Profile } from "~/lib/actor";
import { accountMax, profileSchema, type ProfileField } from "../auth.schema";
import { useAuthForm } from "./use-auth-form";
import { NameFields } from "./name-fields";

/**
 * The signed-in user's profile; after a save the form resets to the stored values the loader returns.
 * A client's company name is shown read-only and not sent: the agency sets it (profile.server.ts).
 * `result` is the server's answer to this form (the page holds another form that posts too).
 */
export function ProfileForm({
  email,
  profile,
  companySetByAgency,
  result,
}: {
  email: string;
  profile: Profile | null;
  companySetByAgency: boolean;
  result: FormActionResult | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm<ProfileField>(profileSchema, result, formRef);
  const navigation = useNavigation();
  // The page's other form (sign out other sessions) carries an intent; this one does not.
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") == null;
  const value = (name: ProfileField) => form.values?.[name] ?? profile?.[name] ?? "";
  return (
    <Form method="post" {...form.formProps} className="space-y-5" aria-label="Profile">
      <FormStatus toast={form.staticStatus} />
      <FormField id="profile-email" label="Email" hint="The address you sign in with.">
        <Input name="email" type="email" value={email} readOnly disabled />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <NameFields
          idPrefix="profile"
          errors={form.errors}
          values={{ firstName: value("firstName"), lastName: value("lastName") }}
          ownName
        />
      </div>
      {companySetByAgency ? (
        <FormField
          id="profile-company"
          label="Company name"
          hint="Set by the agency. Contact us to change it."
          error={form.errors.companyName}
        >
          <Input value={profile?.companyName ?? ""} readOnly disabled />
        </FormField>
      ) : (
        <FormField
          id="profile-company"
          label="Company name"
          optional
          error={form.errors.companyName}
          limit={accountMax.companyName}
        >
          <Input name="companyName" autoComplete="organization" defaultValue={value("companyName")} />
        </FormField>
      )}
      <FormField id="profile-phone" label="Phone" optional error={form.errors.phone} limit={accountMax.phone}>
        <Input name="phone" type="tel" autoComplete="tel" defaultValue={value("phone")} />
      </FormField>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Saving..." : "Save Profile"}
      </Button>
    </Form>
  );
}
