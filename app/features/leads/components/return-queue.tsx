import { getTextareaProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { labelOf, returnReasons, returnStates } from "~/db/enums";
import { useSchemaForm } from "~/lib/use-schema-form";
import { clientOptions, formatCount, type PersonName } from "../lead-format";
import { RETURN_NOTE_MAX, returnDecisionSchema, type ReturnQueueQuery } from "../returns/return.schema";
import type { ReturnReply } from "../returns/return-actions.server";
import type { listReturns } from "../returns/returns.server";

type QueueRow = Awaited<ReturnType<typeof listReturns>>["rows"][number];

/** The filters of the returns queue: a GET form, so the URL holds them and it works without JavaScript. */
export function ReturnFilters({
  query,
  clients,
}: {
  query: ReturnQueueQuery;
  clients: readonly (PersonName & { id: string })[];
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter returns">
      <div className="grid gap-1">
        <label htmlFor="filter-state" className="text-sm font-medium">
          State
        </label>
        <NativeSelect id="filter-state" name="state" defaultValue={query.state} className="w-48">
          <SelectOptions options={returnStates} />
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor="filter-reason" className="text-sm font-medium">
          Reason
        </label>
        <NativeSelect id="filter-reason" name="reason" defaultValue={query.reason ?? ""} className="w-64">
          <SelectOptions placeholder="All reasons" options={returnReasons} />
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor="filter-client" className="text-sm font-medium">
          Client
        </label>
        <NativeSelect id="filter-client" name="client" defaultValue={query.client ?? ""} className="w-56">
          <SelectOptions placeholder="All clients" options={clientOptions(clients)} />
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        Filter
      </Button>
    </Form>
  );
}

/** The queue, oldest request first, each waiting one with its approve and reject buttons. */
export function ReturnQueue({
  rows,
  total,
  reply,
}: {
  rows: QueueRow[];
  total: number;
  reply?: ReturnReply;
}) {
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">No returns here.</p>
    );
  }
  return (
    <div className="space-y-4">
      {total > rows.length && (
        <p className="text-sm text-muted-foreground">
          The {formatCount(rows.length)} oldest of {formatCount(total)}: decide these first.
        </p>
      )}
      <ol className="space-y-4">
        {rows.map((row) => (
          <li key={row.id}>
            <ReturnItem
              row={row}
              reply={reply?.result?.initialValue?.returnId === row.id ? reply : undefined}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function ReturnItem({ row, reply }: { row: QueueRow; reply?: ReturnReply }) {
  const seller = `${row.leadFirstName} ${row.leadLastName}`;
  return (
    <article
      aria-label={`Return of ${seller} by ${row.client}`}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold break-words">
          <Link to={`/admin/leads/${row.leadId}`} className="text-primary underline-offset-4 hover:underline">
            {seller}
          </Link>{" "}
          <span className="font-normal text-muted-foreground">
            {row.city}, {row.leadState}
          </span>
        </h2>
        <p className="text-sm text-muted-foreground">
          Requested <LocalTime iso={row.requestedAt} />
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Client</dt>
        <dd className="break-words">{row.client}</dd>
        <dt className="text-muted-foreground">Delivered</dt>
        <dd>
          <LocalTime iso={row.deliveredAt} />
        </dd>
        <dt className="text-muted-foreground">Reason</dt>
        <dd>{labelOf(returnReasons, row.reason)}</dd>
        {row.note && (
          <>
            <dt className="text-muted-foreground">Client's note</dt>
            <dd className="whitespace-pre-line break-words">{row.note}</dd>
          </>
        )}
        {row.state !== "requested" && (
          <>
            <dt className="text-muted-foreground">{labelOf(returnStates, row.state)}</dt>
            <dd className="break-words">
              {row.decidedAt && <LocalTime iso={row.decidedAt} />}
              {row.decisionNote && ` · ${row.decisionNote}`}
            </dd>
          </>
        )}
      </dl>
      {row.state === "requested" && <DecisionForm returnId={row.id} seller={seller} reply={reply} />}
    </article>
  );
}

function DecisionForm({
  returnId,
  seller,
  reply,
}: {
  returnId: string;
  seller: string;
  reply?: ReturnReply;
}) {
  const { fields, ...form } = useSchemaForm(returnDecisionSchema, {
    id: `decide-${returnId}`,
    reply,
    defaultValue: { returnId, decision: "", decisionNote: "" },
  });
  return (
    <Form
      method="post"
      {...form.formProps}
      preventScrollReset
      className="mt-4 space-y-3"
      aria-label={`Decide the return of ${seller}`}
    >
      <input type="hidden" name="returnId" value={returnId} />
      <FormField
        id={fields.decisionNote.id}
        label="Note to the client"
        hint="Required to reject: the client sees why."
        error={fields.decisionNote.errors?.[0]}
        limit={RETURN_NOTE_MAX}
      >
        <Textarea {...getTextareaProps(fields.decisionNote)} rows={2} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="decision" value="approve" pending={form.submitting}>
          Approve<span className="sr-only"> the return of {seller}</span>
        </Button>
        <Button type="submit" name="decision" value="reject" variant="outline" pending={form.submitting}>
          Reject<span className="sr-only"> the return of {seller}</span>
        </Button>
      </div>
    </Form>
  );
}
