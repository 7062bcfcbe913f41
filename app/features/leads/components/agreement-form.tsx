import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { ReactElement } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FormReply } from "~/lib/form-reply";
import { useSchemaForm } from "~/lib/use-schema-form";
import {
  agreementDefaults,
  agreementLabels,
  agreementMax,
  agreementSchema,
  type AgreementField,
} from "../agreements/agreement.schema";

const hints: Partial<Record<AgreementField, string>> = {
  returnWindowDays: "Days after a lead is assigned in which the client may ask to return it.",
  returnCapPercent: "Of the leads delivered in a month, the share the client may return.",
  targetMarkets: "States, counties or ZIP codes the client buys in.",
  buyBox: "Property types, price ceiling, anything else the client buys or avoids.",
};

/**
 * The admin's form for a client's agreement. Saving writes a new version; the page keys the form by the
 * version so it starts again from the saved terms.
 */
export function AgreementForm({
  initial,
  reply,
}: {
  initial?: Record<AgreementField, string>;
  /** The server's answer to this form (the page holds the team's forms too). */
  reply: FormReply | undefined;
}) {
  const { fields, ...form } = useSchemaForm(agreementSchema, {
    id: "agreement",
    defaultValue: initial ?? agreementDefaults,
    reply,
  });
  const field = (name: AgreementField, control: ReactElement<Record<string, unknown>>, optional = false) => (
    <FormField
      id={fields[name].id}
      label={agreementLabels[name]}
      error={fields[name].errors?.[0]}
      hint={hints[name]}
      limit={agreementMax[name]}
      optional={optional}
    >
      {control}
    </FormField>
  );
  const text = (name: AgreementField) => getInputProps(fields[name], { type: "text" });
  return (
    <Form method="post" {...form.formProps} className="space-y-5" aria-labelledby="agreement-form-heading">
      <FormStatus toast={form.shownStatus} />
      <div className="grid gap-5 sm:grid-cols-2">
        {field("leadsPerMonth", <Input {...text("leadsPerMonth")} inputMode="numeric" required />)}
        {field("startsOn", <Input {...getInputProps(fields.startsOn, { type: "date" })} required />)}
        {field(
          "pricePerLead",
          <Input {...text("pricePerLead")} inputMode="decimal" placeholder="45" required />,
        )}
        {field("returnWindowDays", <Input {...text("returnWindowDays")} inputMode="numeric" required />)}
        {field("returnCapPercent", <Input {...text("returnCapPercent")} inputMode="numeric" required />)}
      </div>
      {field("targetMarkets", <Textarea {...getTextareaProps(fields.targetMarkets)} rows={3} />, true)}
      {field("buyBox", <Textarea {...getTextareaProps(fields.buyBox)} rows={3} />, true)}
      <Button type="submit" size="lg" pending={form.submitting}>
        {form.submitting ? "Saving..." : "Save Agreement"}
      </Button>
    </Form>
  );
}
