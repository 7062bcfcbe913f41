import { getSelectProps } from "@conform-to/react";
import { Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { leadStatuses } from "~/db/enums";
import type { FormReply } from "~/lib/form-reply";
import { countOf, type CappedTotal } from "~/lib/paging";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { BulkCapQuestion, BulkDeleteQuestion } from "../bulk-action.server";
import { clientOptions } from "../lead-format";
import { bulkActions, bulkSchema, leadListSearch, type LeadListQuery } from "../leads.schema";
import { CapQuestion } from "./cap-question";
import type { PersonOption } from "./lead-list";

/** The form the row checkboxes belong to (they sit in the table, outside it: `form="bulk-form"`). */
export const BULK_FORM_ID = "bulk-form";

/**
 * The bulk toolbar above the lead table (issue 13): apply an action to the ticked leads or to every lead
 * matching the filters. A plain POST form through Conform (ADR 017): without JavaScript every field shows
 * and the server checks the choice; with it, only the fields the chosen action needs, and the same schema
 * checks the choice before it is sent.
 */
export function BulkBar({
  query,
  total,
  ticked,
  clients,
  reply,
}: {
  query: LeadListQuery;
  total: CappedTotal;
  /** How many rows are ticked (known with JavaScript only). */
  ticked: number | null;
  clients: readonly PersonOption[];
  /** The server's refusal of the last choice, if any. */
  reply: FormReply | undefined;
}) {
  const hydrated = useHydrated();
  const { fields, ...form } = useSchemaForm(bulkSchema, { id: BULK_FORM_ID, reply });
  const { scope, id, bulkAction, clientId, status } = fields;
  const [action, setAction] = useState(bulkAction.initialValue ?? "");
  const shows = (needed: string) => !hydrated || action === needed;
  const idError = id.errors?.[0];
  return (
    <Form
      method="post"
      {...form.formProps}
      aria-label="Bulk actions"
      className="mb-4 flex flex-col gap-3 rounded-2xl border border-border bg-muted/40 p-4 md:flex-row md:flex-wrap md:items-end"
    >
      {form.shownStatus && (
        <div className="md:basis-full">
          <FormStatus toast={form.shownStatus} />
        </div>
      )}
      <input type="hidden" name="filters" value={leadListSearch(query)} />
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Apply to</legend>
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="radio"
            name={scope.name}
            value="ticked"
            defaultChecked={scope.initialValue !== "matching"}
            className="size-4 accent-primary"
          />
          {ticked === null ? "Ticked leads" : `Ticked leads (${ticked})`}
        </label>
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="radio"
            name={scope.name}
            value="matching"
            defaultChecked={scope.initialValue === "matching"}
            className="size-4 accent-primary"
          />
          All {countOf(total, ["lead", "leads"])} matching these filters
        </label>
        {idError && (
          <p id={id.errorId} role="alert" className="text-sm font-medium text-destructive">
            {idError}
          </p>
        )}
      </fieldset>
      <div className="md:w-48">
        <FormField id={bulkAction.id} label="Action" error={bulkAction.errors?.[0]}>
          <NativeSelect
            {...getSelectProps(bulkAction)}
            onChange={(event) => setAction(event.currentTarget.value)}
          >
            <SelectOptions placeholder="Choose an action" options={bulkActions} />
          </NativeSelect>
        </FormField>
      </div>
      {shows("assign") && (
        <div className="md:w-56">
          <FormField id={clientId.id} label="Client" error={clientId.errors?.[0]}>
            <NativeSelect {...getSelectProps(clientId)}>
              <SelectOptions placeholder="Choose a client" options={clientOptions(clients)} />
            </NativeSelect>
          </FormField>
        </div>
      )}
      {shows("status") && (
        <div className="md:w-48">
          <FormField id={status.id} label="New status" error={status.errors?.[0]}>
            <NativeSelect {...getSelectProps(status)}>
              <SelectOptions placeholder="Choose a status" options={leadStatuses} />
            </NativeSelect>
          </FormField>
        </div>
      )}
      <Button type="submit" variant="outline" size="field">
        Apply
      </Button>
    </Form>
  );
}

/**
 * The second step of a bulk delete, naming the count: the same choice posted again with
 * `confirmed=yes`, or Cancel back to the list. Focus moves to it so a keyboard user lands on the question.
 */
export function ConfirmBulkDelete({ result, query }: { result: BulkDeleteQuestion; query: LeadListQuery }) {
  const { count, input } = result.confirmDelete;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [result]);
  const leadsText = `${count} ${count === 1 ? "lead" : "leads"}`;
  return (
    <section
      role="alertdialog"
      aria-labelledby="bulk-delete-heading"
      aria-describedby="bulk-delete-text"
      className="mb-4 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950"
    >
      <h2 id="bulk-delete-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
        Delete {leadsText}?
      </h2>
      <p id="bulk-delete-text" className="mt-1 text-sm">
        This cannot be undone: their timelines, feedback and documents are deleted with them.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="scope" value={input.scope} />
        <input type="hidden" name="filters" value={input.filters} />
        {input.id.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <input type="hidden" name="bulkAction" value="delete" />
        <input type="hidden" name="confirmed" value="yes" />
        <Button type="submit" variant="destructive" disabled={count === 0}>
          <Trash2 aria-hidden="true" /> Delete {leadsText}
        </Button>
        <Button asChild variant="outline">
          <Link to={`/admin/leads${leadListSearch(query)}`}>Cancel</Link>
        </Button>
      </Form>
    </section>
  );
}

/** The second step of a bulk assignment past the client's monthly cap: the same choice, and how to go on. */
export function ConfirmBulkOverCap({ result, query }: { result: BulkCapQuestion; query: LeadListQuery }) {
  const { overCap, input } = result.confirmOverCap;
  return (
    <CapQuestion
      overCap={overCap}
      fields={[
        ["scope", input.scope],
        ["filters", input.filters],
        ...input.id.map((id) => ["id", id] as const),
        ["bulkAction", "assign"],
        ["clientId", input.clientId ?? ""],
      ]}
      cancelTo={`/admin/leads${leadListSearch(query)}`}
    />
  );
}
