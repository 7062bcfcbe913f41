import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { accountMax } from "../auth.schema";

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
      <FormField
        id={`${idPrefix}-first-name`}
        label="First name"
        optional
        error={errors.firstName}
        limit={accountMax.firstName}
      >
        <Input
          name="firstName"
          autoComplete={ownName ? "given-name" : "off"}
          defaultValue={values.firstName ?? ""}
        />
      </FormField>
      <FormField
        id={`${idPrefix}-last-name`}
        label="Last name"
        optional
        error={errors.lastName}
        limit={accountMax.lastName}
      >
        <Input
          name="lastName"
          autoComplete={ownName ? "family-name" : "off"}
          defaultValue={values.lastName ?? ""}
        />
      </FormField>
    </>
  );
}
