import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { accountMax } from "../auth.schema";
import { PasswordStrength } from "./password-strength";

/** A new password with the rule as its hint and the spec's strength indicator under it. */
export function NewPasswordField({
  field,
  label,
  password,
  onChange,
}: {
  field: FieldMetadata<string>;
  label: string;
  password: string;
  onChange: (password: string) => void;
}) {
  const id = field.id;
  return (
    <>
      <FormField
        id={id}
        label={label}
        error={field.errors?.[0]}
        limit={accountMax.password}
        trimmed={false}
        hint="At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character."
      >
        <Input
          {...getInputProps(field, { type: "password", value: false })}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => onChange(event.target.value)}
        />
      </FormField>
      <PasswordStrength id={`${id}-strength`} password={password} />
    </>
  );
}
