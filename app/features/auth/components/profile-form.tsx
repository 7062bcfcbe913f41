import { getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import type { Profile } from "~/lib/actor";
import type { FormReply } from "~/lib/form-reply";
import { useSchemaForm } from "~/lib/use-schema-form";
import { accountMax, profileSchema } from "../auth.schema";
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
  result: FormReply | undefined;
}) {
  const { fields, ...form } = useSchemaForm(profileSchema, {
    id: "profile",
    reply: result,
    // After a save the form resets to these: the stored values the loader returns again.
    defaultValue: {
      firstName: profile?.firstName ?? "",
      lastName: profile?.lastName ?? "",
      companyName: profile?.companyName ?? "",
      phone: profile?.phone ?? "",
    },
  });
  const { companyName, phone } = fields;
  const navigation = useNavigation();
  // The page's other form (sign out other sessions) carries an intent; this one does not.
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") == null;
  return (
    <Form method="post" {...form.formProps} className="space-y-5" aria-label="Profile">
      <FormStatus toast={form.shownStatus} />
      <FormField id="profile-email" label="Email" hint="The address you sign in with.">
        <Input name="email" type="email" value={email} readOnly disabled />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <NameFields firstName={fields.firstName} lastName={fields.lastName} ownName />
      </div>
      {companySetByAgency ? (
        <FormField
          id={companyName.id}
          label="Company name"
          hint="Set by the agency. Contact us to change it."
          error={companyName.errors?.[0]}
        >
          <Input value={profile?.companyName ?? ""} readOnly disabled />
        </FormField>
      ) : (
        <FormField
          id={companyName.id}
          label="Company name"
          optional
          error={companyName.errors?.[0]}
          limit={accountMax.companyName}
        >
          <Input {...getInputProps(companyName, { type: "text" })} autoComplete="organization" />
        </FormField>
      )}
      <FormField id={phone.id} label="Phone" optional error={phone.errors?.[0]} limit={accountMax.phone}>
        <Input {...getInputProps(phone, { type: "tel" })} autoComplete="tel" />
      </FormField>
      <Button type="submit" size="lg" pending={submitting} className="w-full sm:w-auto">
        {submitting ? "Saving..." : "Save Profile"}
      </Button>
    </Form>
  );
}
