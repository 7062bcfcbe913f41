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
import { propertyTypes } from "~/db/enums";
import {
  agreementDefaults,
  agreementLabels,
  agreementMax,
  agreementSchema,
  type AgreementField,
  type AgreementFormValues,
} from "../agreements/agreement.schema";
import { marketExamples } from "../agreements/markets";

const hints: Partial<Record<AgreementField, string>> = {
  returnWindowDays: "Days after a lead is assigned in which the client may ask to return it.",
  returnCapPercent: "Of the leads delivered in a month, the share the client may return.",
  markets: `One per line: ${marketExamples}. Assignments outside them ask first; empty: anywhere.`,
  maxPrice: "Leads asking more (or worth more, without an asking price) ask first. Empty: no ceiling.",
  dailyPace: "Routing sends no more than this in a day. Empty: no daily limit.",
  targetMarkets: "Anything about the markets the checks above do not say.",
  buyBox: "Bedrooms, condition, anything else the client buys or avoids.",
};

/**
 * The admin's form for a client's agreement. Saving writes a new version; the page keys the form by the
 * version so it starts again from the saved terms.
 */
export function AgreementForm({
  initial,
  reply,
}: {
  initial?: AgreementFormValues;
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
  const text = (name: Exclude<AgreementField, "propertyTypes">) =>
    getInputProps(fields[name], { type: "text" });
  const chosenTypes = new Set(initial?.propertyTypes ?? []);
  const typesError = fields.propertyTypes.errors?.[0];
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
      {field("markets", <Textarea {...getTextareaProps(fields.markets)} rows={3} />, true)}
      <fieldset
        aria-describedby={`${fields.propertyTypes.id}-hint${typesError ? ` ${fields.propertyTypes.id}-error` : ""}`}
      >
        <legend className="text-sm font-semibold">
          {agreementLabels.propertyTypes}{" "}
          <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <p id={`${fields.propertyTypes.id}-hint`} className="mt-1 text-sm text-muted-foreground">
          Leads of other types ask first. None ticked: any type.
        </p>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {propertyTypes.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.propertyTypes.name}
                value={option.value}
                defaultChecked={chosenTypes.has(option.value)}
                className="size-4"
              />
              {option.label}
            </label>
          ))}
        </div>
        {typesError && (
          <p id={`${fields.propertyTypes.id}-error`} className="mt-2 text-sm font-medium text-destructive">
            {typesError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        {field("maxPrice", <Input {...text("maxPrice")} inputMode="decimal" placeholder="250000" />, true)}
      </div>
      {field("targetMarkets", <Textarea {...getTextareaProps(fields.targetMarkets)} rows={3} />, true)}
      {field("buyBox", <Textarea {...getTextareaProps(fields.buyBox)} rows={3} />, true)}
      <Button type="submit" size="lg" pending={form.submitting}>
        {form.submitting ? "Saving..." : "Save Agreement"}
      </Button>
    </Form>
  );
}
