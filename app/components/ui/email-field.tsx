import type { ComponentProps } from "react";
import { EMAIL_MAX } from "~/lib/schema-parts";
import { FormField } from "./form-field";
import { Input } from "./input";

/** The e-mail input of our forms: labelled "Email", at most 255 characters (spec 01 §5) with a count near the limit, its error below. */
export function EmailField({
  id,
  error,
  defaultValue,
  ownAddress = true,
  control,
}: {
  id: string;
  error?: string;
  defaultValue?: string;
  /** False when an admin types someone else's address: no autofill, and the field may be left for the check. */
  ownAddress?: boolean;
  /** The form library's props for the input (name, value to refill, aria wiring). */
  control?: ComponentProps<"input">;
}) {
  return (
    <FormField id={id} label="Email" error={error} limit={EMAIL_MAX}>
      <Input
        name="email"
        type="email"
        autoComplete={ownAddress ? "email" : "off"}
        defaultValue={defaultValue}
        required={ownAddress}
        {...control}
      />
    </FormField>
  );
}
