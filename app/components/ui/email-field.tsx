import { EMAIL_MAX } from "~/lib/schema-parts";
import { FormField } from "./form-field";
import { Input } from "./input";

/** The e-mail input of our forms: labelled "Email", at most 255 characters (spec 01 §5) with a count near the limit, its error below. */
export function EmailField({
  id,
  error,
  defaultValue,
  ownAddress = true,
}: {
  id: string;
  error?: string;
  defaultValue: string;
  /** False when an admin types someone else's address: no autofill, and the field may be left for the check. */
  ownAddress?: boolean;
}) {
  return (
    <FormField id={id} label="Email" error={error} limit={EMAIL_MAX}>
      <Input
        name="email"
        type="email"
        autoComplete={ownAddress ? "email" : "off"}
        defaultValue={defaultValue}
        required={ownAddress}
      />
    </FormField>
  );
}
