import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

/**
 * The optional first and last name of an account (sign-up, profile, client invitation). `ownName` says
 * whether the person typing is the person named, so the browser may offer to fill it in.
 */
export function NameFields({
  idPrefix,
  errors,
  values,
  ownName,
}: {
  idPrefix: string;
  errors: { firstName?: string; lastName?: string };
  values: { firstName?: string | null; lastName?: string | null };
  ownName: boolean;
}) {
  return (
    <>
      <FormField id={`${idPrefix}-first-name`} label="First name" optional error={errors.firstName}>
        <Input
          name="firstName"
          autoComplete={ownName ? "given-name" : "off"}
          maxLength={50}
          defaultValue={values.firstName ?? ""}
        />
      </FormField>
      <FormField id={`${idPrefix}-last-name`} label="Last name" optional error={errors.lastName}>
        <Input
          name="lastName"
          autoComplete={ownName ? "family-name" : "off"}
          maxLength={50}
          defaultValue={values.lastName ?? ""}
        />
      </FormField>
    </>
  );
}
