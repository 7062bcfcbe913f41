import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link, useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { motivationLevels, propertyTypes } from "~/db/enums";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { z } from "~/lib/zod";
import { clientOptions } from "../lead-format";
import { leadDefaults, leadDetailsSchema, leadMax, leadSchema, type LeadField } from "../leads.schema";
import type { LeadFormReply } from "../lead-actions.server";
import type { ClientOption } from "../lead-queries.server";
import { PossibleDuplicates } from "./possible-duplicates";
import { useDuplicateCheck } from "./use-duplicate-check";
import { useZipWarning } from "./use-zip-warning";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <legend className="px-1 text-lg font-bold">{title}</legend>
      <div className="mt-2 grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * Create New Lead (spec 02 §2, §5): five sections, checked as you go and on submit, and again on the
 * server. The same form edits a lead (`initial` values, no Assignment section: that has its own form).
 * Possible duplicates show as the phone and the address are typed (issue 25), under the phone when one
 * shares it, else under the address; the submit checks again on the server and shows them the same way.
 */
export function LeadForm({
  clients,
  sources,
  initial,
  leadId,
  cancelTo = "/admin/leads",
}: {
  /** The clients to assign to; without them the form edits an existing lead. */
  clients?: ClientOption[];
  /** The sources a lead may be given (the agency's, sources.server.ts `sourceChoices`). */
  sources: readonly { value: string; label: string }[];
  initial?: Record<LeadField, string>;
  /** The lead being edited: not a duplicate of itself. */
  leadId?: string;
  cancelTo?: string;
}) {
  const editing = clients === undefined;
  // Either schema: the edit form's is the create form's without the assignment.
  const schema: z.ZodObject = editing ? leadDetailsSchema : leadSchema;
  const { fields, ...form } = useSchemaForm(schema, {
    id: "lead",
    defaultValue: { ...leadDefaults, ...initial },
  });
  // The newer of what the server stopped for on the last submit and what the check while typing found.
  const reply = useActionData<LeadFormReply>();
  const typed = useDuplicateCheck("lead", reply, leadId);
  const zipWarning = useZipWarning("lead");
  const duplicates =
    (typed && typed.since === reply ? typed.duplicates : (reply?.duplicates ?? typed?.duplicates)) ?? [];
  const duplicatesPanel = (
    <PossibleDuplicates
      duplicates={duplicates}
      form={{ editing, pending: form.submitting }}
      className="sm:col-span-2"
    />
  );
  const phoneShared = duplicates.some((d) => d.samePhone);
  const input = (name: LeadField) => getInputProps(fields[name]!, { type: "text" });
  const select = (name: LeadField) => getSelectProps(fields[name]!);
  const field = (id: LeadField, label: string, control: ReactNode, optional = false, hint?: ReactNode) => (
    <FormField
      id={fields[id]!.id}
      label={label}
      optional={optional}
      hint={hint}
      error={fields[id]!.errors?.[0]}
      limit={(leadMax as Partial<Record<LeadField, number>>)[id]}
    >
      {control as React.ReactElement<Record<string, unknown>>}
    </FormField>
  );
  return (
    <Form
      method="post"
      {...form.formProps}
      className="space-y-6"
      aria-label={editing ? "Edit lead" : "New lead"}
    >
      <FormStatus toast={form.shownStatus} />
      <Section title="Contact Information">
        {field("firstName", "First name", <Input {...input("firstName")} required />)}
        {field("lastName", "Last name", <Input {...input("lastName")} required />)}
        {field(
          "phone",
          "Phone",
          <Input {...input("phone")} type="tel" inputMode="tel" placeholder="+12025551234" required />,
        )}
        {/* Right under the phone on a phone; under the phone's row (after Email) from sm. */}
        {phoneShared && <div className="sm:order-last sm:col-span-2">{duplicatesPanel}</div>}
        {field("email", "Email", <Input {...input("email")} type="email" />, true)}
      </Section>

      <Section title="Property Information">
        <div className="sm:col-span-2">
          {field("address", "Address", <Input {...input("address")} required />)}
        </div>
        {field("city", "City", <Input {...input("city")} required />)}
        <div className="grid grid-cols-2 gap-5">
          {field(
            "state",
            "State",
            <Input
              {...input("state")}
              autoCapitalize="characters"
              placeholder="CA"
              className="uppercase"
              onInput={(event) => {
                const input = event.currentTarget;
                input.value = input.value.toUpperCase();
              }}
              required
            />,
          )}
          {field(
            "zipCode",
            "ZIP code",
            <Input {...input("zipCode")} inputMode="numeric" placeholder="12345" required />,
            false,
            zipWarning && <span className="font-medium text-amber-800">{zipWarning}</span>,
          )}
        </div>
        {!phoneShared && duplicatesPanel}
        {field(
          "propertyType",
          "Property type",
          <NativeSelect {...select("propertyType")}>
            <SelectOptions options={propertyTypes} />
          </NativeSelect>,
        )}
      </Section>

      <Section title="Lead Details">
        {field(
          "motivationLevel",
          "Motivation level",
          <NativeSelect {...select("motivationLevel")}>
            <SelectOptions options={motivationLevels} />
          </NativeSelect>,
        )}
        {field(
          "leadSource",
          "Lead source",
          <NativeSelect {...select("leadSource")}>
            <SelectOptions options={sources} />
          </NativeSelect>,
        )}
        <div className="sm:col-span-2">
          {field(
            "situationNotes",
            "Situation notes",
            <Textarea
              {...getTextareaProps(fields.situationNotes!)}
              rows={4}
              placeholder="Why they might sell, timeline, condition, who else is involved"
            />,
            true,
          )}
        </div>
      </Section>

      <Section title="Financial Information (Optional)">
        {field(
          "askingPrice",
          "Asking price (USD)",
          <Input {...input("askingPrice")} inputMode="decimal" />,
          true,
        )}
        {field(
          "estimatedValue",
          "Estimated value (USD)",
          <Input {...input("estimatedValue")} inputMode="decimal" />,
          true,
        )}
        {field(
          "estimatedRepairCost",
          "Estimated repair cost (USD)",
          <Input {...input("estimatedRepairCost")} inputMode="decimal" />,
          true,
        )}
      </Section>

      {clients && (
        <Section title="Assignment (Optional)">
          {field(
            "assignedToClientId",
            "Assign to client",
            <NativeSelect {...select("assignedToClientId")}>
              <SelectOptions placeholder="Unassigned" options={clientOptions(clients)} />
            </NativeSelect>,
            true,
          )}
        </Section>
      )}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" pending={form.submitting}>
          {editing
            ? form.submitting
              ? "Saving..."
              : "Save Changes"
            : form.submitting
              ? "Creating..."
              : "Create Lead"}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
      </div>
    </Form>
  );
}
