import { getSelectProps } from "@conform-to/react";
import { CheckCircle2, Download, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { leadStatuses } from "~/db/enums";
import type { FormReply } from "~/lib/form-reply";
import { countOf, formatTotal, type CappedTotal } from "~/lib/paging";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useSending } from "~/lib/use-sending";
import { useReserveBottomSpace } from "~/lib/floating-bar";
import { cn } from "~/lib/utils";
import type { BulkCapQuestion, BulkDeleteQuestion } from "../bulk-action.server";
import type { SelectionSummary } from "../lead-list-views.server";
import { clientOptions, formatCount } from "../lead-format";
import {
  bulkActions,
  bulkSchema,
  leadListSearch,
  UNDO_MINUTES,
  type LeadListQuery,
} from "../lead-list.schema";
import { CapQuestion } from "./cap-question";
import type { PersonOption } from "./lead-list";

/** The floating selection bar's frame, shared by the lead list and the returns queue (issue 25). */
export const selectionBarClass =
  "sticky bottom-2 z-20 mt-3 flex flex-col gap-2 rounded-xl border border-primary/30 bg-card/95 p-3 shadow-xl backdrop-blur md:flex-row md:flex-wrap md:items-end md:gap-3";

/** The form the row checkboxes belong to (they sit in the table, outside it: `form="bulk-form"`). */
export const BULK_FORM_ID = "bulk-form";

const EXPORT_PATH = "/admin/leads/export.csv";

/**
 * Export with JavaScript: the bulk form's choice of leads (scope, ticked ids, filters) posted to the
 * export as a plain form, so the browser downloads the streamed CSV itself and the page stays. (The
 * router's own submit would read the file as a page's data.) Without JavaScript the button's formAction
 * does the same.
 */
function postExport(form: HTMLFormElement) {
  const download = document.createElement("form");
  download.method = "post";
  download.action = EXPORT_PATH;
  download.hidden = true;
  for (const [name, value] of new FormData(form)) {
    if (name !== "scope" && name !== "id" && name !== "filters") continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = String(value);
    download.append(input);
  }
  document.body.append(download);
  download.submit();
  download.remove();
}

/**
 * The selection bar of the lead list (issue 13, issue 25): apply an action to the ticked leads or to every
 * lead matching the filters. It floats at the bottom of the window (sticky) while the table scrolls under
 * it, so Apply stays in reach after ticking rows far down; with JavaScript it shows once a lead is ticked
 * ("3 selected") and hides again when none is. A plain POST form through Conform (ADR 017): without
 * JavaScript every field shows and the server checks the choice; with it, only the fields the chosen
 * action needs, and the same schema checks the choice before it is sent.
 */
export function BulkBar({
  query,
  total,
  ticked,
  clients,
  reply,
  onClear,
}: {
  query: LeadListQuery;
  total: CappedTotal;
  /** How many rows are ticked (known with JavaScript only). */
  ticked: number | null;
  clients: readonly PersonOption[];
  /** The server's refusal of the last choice, if any. */
  reply: FormReply | undefined;
  /** Unticks every row. */
  onClear?: () => void;
}) {
  const hydrated = useHydrated();
  const { fields, ...form } = useSchemaForm(bulkSchema, { id: BULK_FORM_ID, reply });
  const { scope, id, bulkAction, clientId, status } = fields;
  const [action, setAction] = useState(bulkAction.initialValue ?? "");
  const [everyMatch, setEveryMatch] = useState(scope.initialValue === "matching");
  const shows = (needed: string) => !hydrated || action === needed;
  const idError = id.errors?.[0];
  const refused = Boolean(
    form.shownStatus || idError || bulkAction.errors || clientId.errors || status.errors,
  );
  const open = !hydrated || (ticked ?? 0) > 0 || everyMatch || refused;
  const matching = `All ${countOf(total, ["lead", "leads"])} matching these filters`;
  const bar = useRef<HTMLFormElement>(null);
  // Toasts keep clear of the bar rather than cover it.
  useReserveBottomSpace(bar, hydrated && open);
  return (
    <Form
      ref={bar}
      method="post"
      {...form.formProps}
      aria-label="Bulk actions"
      className={cn(selectionBarClass, !open && "hidden")}
    >
      {form.shownStatus && (
        <div className="md:basis-full">
          <FormStatus toast={form.shownStatus} />
        </div>
      )}
      <input type="hidden" name="filters" value={leadListSearch(query)} />
      {hydrated && (
        <div className="flex items-center justify-between gap-2 md:contents">
          <p className="self-center text-sm font-bold whitespace-nowrap" aria-live="polite">
            {everyMatch ? `${formatTotal(total)} selected` : `${ticked ?? 0} selected`}
          </p>
          {onClear && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="md:order-last md:h-11"
              onClick={() => {
                setEveryMatch(false);
                onClear();
              }}
            >
              Clear selection
            </Button>
          )}
        </div>
      )}
      <fieldset className="flex flex-wrap gap-x-3 md:flex-col">
        <legend className="sr-only">Apply to</legend>
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="radio"
            name={scope.name}
            value="ticked"
            defaultChecked={scope.initialValue !== "matching"}
            onChange={() => setEveryMatch(false)}
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
            onChange={() => setEveryMatch(true)}
            className="size-4 accent-primary"
          />
          {matching}
        </label>
        {idError && (
          <p id={id.errorId} role="alert" className="basis-full text-sm font-medium text-destructive">
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
      {/* Side by side on a phone, where the bar is a column; items of the bar's row from md. */}
      <div className="grid grid-cols-2 gap-2 md:contents">
        <Button type="submit" size="field">
          Apply
        </Button>
        <Button
          type="submit"
          size="field"
          variant="outline"
          formAction={EXPORT_PATH}
          formMethod="post"
          formNoValidate
          onClick={(event) => {
            if (!event.currentTarget.form) return;
            event.preventDefault();
            postExport(event.currentTarget.form);
          }}
        >
          <Download aria-hidden="true" /> Export
        </Button>
      </div>
    </Form>
  );
}

/**
 * What the last bulk action did, until dismissed (issue 25): said in words ("12 leads assigned to Red Oak
 * Property Group") with a link to exactly those leads, whatever the list shows now.
 */
export function BulkResultPanel({ done, dismissTo }: { done: SelectionSummary; dismissTo: string }) {
  const n = `${formatCount(done.count)}`;
  const undoing = useSending({ intent: "undo" });
  // Offered while the page loads within the window; a click after it is refused with the reason.
  const canUndo = done.undoUntil !== null;
  return (
    <div
      role="status"
      className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-green-300 bg-green-50 px-4 py-2 text-sm text-green-950"
    >
      <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-700" />
      <p className="font-medium">
        {done.description}.{done.undone && " Undone since."}
      </p>
      <Link to={`/admin/leads?selection=${done.id}`} className="font-semibold underline underline-offset-2">
        View {done.count === 1 ? "this lead" : `these ${n}`}
      </Link>
      {canUndo && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="selection" value={done.id} />
          <input type="hidden" name="back" value={new URL(dismissTo, "http://x").search} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            pending={undoing}
            aria-describedby="bulk-undo-hint"
            className="h-7 border-green-400 bg-white"
          >
            {undoing ? "Undoing..." : "Undo"}
          </Button>
          <span id="bulk-undo-hint" className="sr-only">
            Takes the assignment back for the leads the client has not worked on yet; possible for{" "}
            {UNDO_MINUTES} minutes
          </span>
        </Form>
      )}
      <Link to={dismissTo} className="ml-auto text-green-900 underline-offset-2 hover:underline">
        Dismiss
      </Link>
    </div>
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
