import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import type { LeadActionResult } from "../lead-actions.server";
import { labelOf, propertyTypes } from "~/db/enums";
import { clientDisplayName, clientOptions, personName } from "../lead-format";
import type { ClientOption } from "../lead-queries.server";
import { CapQuestion } from "./cap-question";
import { Card, Facts, FinancialFacts, MotivationFacts, orNone, WordsInTheFile } from "./lead-card";
import type { LeadView } from "./lead-view";
import { refusedValue, replyError } from "~/lib/form-reply";
import { cn } from "~/lib/utils";
import { useSending } from "~/lib/use-sending";

/** Property, motivation, money (with the sold price form once sold) and assignment (spec 02 §2). */
export function OverviewTab({
  lead,
  clients,
  result,
}: {
  lead: LeadView;
  clients: ClientOption[];
  result?: LeadActionResult;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Property Details">
        <Facts
          items={[
            ["Address", lead.address],
            ["City", lead.city],
            ["State", lead.state],
            ["ZIP code", lead.zipCode],
            ["Property type", labelOf(propertyTypes, lead.propertyType)],
          ]}
        />
      </Card>
      <Card title="Motivation & Situation">
        <MotivationFacts lead={lead} />
        <WordsInTheFile values={lead.valuesInFile} />
        <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Situation notes
        </h3>
        <p className="mt-0.5 whitespace-pre-line break-words">{orNone(lead.situationNotes)}</p>
      </Card>
      <Card title="Financial Details">
        <FinancialFacts lead={lead} />
        {lead.isSold && (
          <SoldPriceForm
            current={lead.soldPrice}
            result={result?.intent === "sold-price" ? result : undefined}
          />
        )}
      </Card>
      <Card title="Assignment Information">
        <Facts
          items={[
            ["Created by", orNone(personName(lead.creator))],
            [
              "Arrived by",
              lead.importBatch ? (
                <Link key="i" to={`/admin/leads/import/${lead.importBatch.id}`} className="underline">
                  Import of {lead.importBatch.fileName}
                </Link>
              ) : lead.apiKeyName !== null ? (
                <Link key="k" to={`/admin/leads?arrival=api:${lead.apiKeyId ?? ""}`} className="underline">
                  API key {lead.apiKeyName || "(deleted)"}
                </Link>
              ) : (
                "Entered by hand"
              ),
            ],
            ["Assigned client", lead.client ? clientDisplayName(lead.client) : "Unassigned"],
            ["Created", <LocalTime key="c" iso={lead.createdAt} style="long" />],
          ]}
        />
        <AssignForm
          current={lead.assignedToClientId}
          clients={clients}
          error={result?.intent === "assign" ? replyError(result, "assignedToClientId") : undefined}
        />
        {result?.intent === "assign" && result.done && (
          // What was done and to whom, lasting where the toast ("Lead updated successfully") does not.
          <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
            {result.done}
          </p>
        )}
        {result?.intent === "assign" && result.note && (
          <p role="status" className="mt-3 text-sm font-medium text-amber-800">
            {result.note}
          </p>
        )}
        {result?.intent === "assign" && result.overCap && (
          <div className="mt-5">
            <CapQuestion
              overCap={result.overCap}
              fields={[
                ["intent", "assign"],
                ["assignedToClientId", result.overCap.clientId],
              ]}
              cancelTo={`/admin/leads/${lead.id}`}
            />
          </div>
        )}
      </Card>
    </div>
  );
}

/** A one-field form at the foot of a card: the field, then its outline submit button beside it. */
function CardForm({
  intent,
  fieldClassName,
  submitLabel,
  submitPending = false,
  children,
}: {
  intent: "assign" | "sold-price";
  fieldClassName: string;
  submitLabel: string;
  submitPending?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-5 flex flex-wrap items-end gap-3 border-t border-border pt-5"
    >
      <input type="hidden" name="intent" value={intent} />
      <div className={cn(fieldClassName, "flex-1")}>{children}</div>
      <Button type="submit" variant="outline" size="field" pending={submitPending}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function AssignForm({
  current,
  clients,
  error,
}: {
  current: string | null;
  clients: ClientOption[];
  error?: string;
}) {
  const saving = useSending({ intent: "assign" }, "reloaded");
  return (
    <CardForm
      intent="assign"
      fieldClassName="min-w-56"
      submitLabel={saving ? "Saving..." : "Save assignment"}
      submitPending={saving}
    >
      <FormField id="assign-client" label="Assign to client" error={error}>
        <NativeSelect key={current ?? ""} name="assignedToClientId" defaultValue={current ?? ""}>
          <SelectOptions placeholder="Unassigned" options={clientOptions(clients)} />
        </NativeSelect>
      </FormField>
    </CardForm>
  );
}

function SoldPriceForm({ current, result }: { current: number | null; result?: LeadActionResult }) {
  const error = replyError(result, "soldPrice");
  return (
    <CardForm intent="sold-price" fieldClassName="min-w-48" submitLabel="Save sold price">
      <FormField id="sold-price" label="Sold price (USD)" error={error}>
        <Input
          key={String(current)}
          name="soldPrice"
          inputMode="decimal"
          defaultValue={refusedValue(result, "soldPrice") ?? (current ? String(current) : "")}
        />
      </FormField>
    </CardForm>
  );
}
