import { useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import type { FormActionResult } from "~/lib/form-errors";
import type { Profile } from "../access.server";
import { profileSchema, type ProfileField } from "../auth.schema";
import { useAuthForm } from "./use-auth-form";
import { NameFields } from "./name-fields";

/** The signed-in user's profile; after a save the form resets to the stored values the loader returns. */
export function ProfileForm({ email, profile }: { email: string; profile: Profile | null }) {
  const result = useActionData<FormActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm<ProfileField>(profileSchema, result, formRef);
  const submitting = useNavigation().state === "submitting";
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
      <FormField id="profile-company" label="Company name" optional error={form.errors.companyName}>
        <Input
          name="companyName"
          autoComplete="organization"
          maxLength={100}
          defaultValue={value("companyName")}
        />
      </FormField>
      <FormField id="profile-phone" label="Phone" optional error={form.errors.phone}>
        <Input name="phone" type="tel" autoComplete="tel" maxLength={20} defaultValue={value("phone")} />
      </FormField>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Saving..." : "Save Profile"}
      </Button>
    </Form>
  );
}
