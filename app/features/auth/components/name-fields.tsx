import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { accountMax } from "../auth.schema";

type NameField = FieldMetadata<string | undefined>;

/**
 * The optional first and last name of an account (sign-up, profile, client invitation). `ownName` says
 * whether the person typing is the person named, so the browser may offer to fill it in.
 */
export function NameFields({
  firstName,
  lastName,
  ownName,
}: {
  firstName: NameField;
  lastName: NameField;
  ownName: boolean;
}) {
  return (
    <>
      <FormField
        id={firstName.id}
        label="First name"
        optional
        error={firstName.errors?.[0]}
        limit={accountMax.firstName}
      >
        <Input
          {...getInputProps(firstName, { type: "text" })}
          autoComplete={ownName ? "given-name" : "off"}
        />
      </FormField>
      <FormField
        id={lastName.id}
        label="Last name"
        optional
        error={lastName.errors?.[0]}
        limit={accountMax.lastName}
      >
        <Input
          {...getInputProps(lastName, { type: "text" })}
          autoComplete={ownName ? "family-name" : "off"}
        />
      </FormField>
    </>
  );
}
