import { getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { labelOf, returnReasons, returnStates } from "~/db/enums";
import { useSchemaForm } from "~/lib/use-schema-form";
import { formatCount, formatListDate } from "../lead-format";
import { RETURN_NOTE_MAX, returnRequestSchema } from "../returns/return.schema";
import type { ReturnReply } from "../returns/return-actions.server";
import { unavailableText, type ReturnStanding as Standing } from "../returns/return-standing";

const stateTone = {
  requested: "bg-amber-100 text-amber-900 ring-amber-200",
  approved: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  rejected: "bg-red-100 text-red-800 ring-red-200",
} as const;

/**
 * The client's "Return this lead" card (issue 15): the request form while the window is open and the
 * cap allows, the request and the agency's answer once made, or why a return is not available.
 */
export function ReturnCard({ standing, reply }: { standing: Standing; reply?: ReturnReply }) {
  return (
    <section
      aria-labelledby="return-heading"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="return-heading" className="text-lg font-bold">
        Return this lead
      </h2>
      {standing.kind === "available" ? (
        <ReturnForm closesAt={standing.closesAt} left={standing.left} reply={reply} />
      ) : standing.kind === "made" ? (
        <MadeReturn request={standing.request} />
      ) : (
        <>
          <p id="return-unavailable" className="mt-2 text-sm text-muted-foreground">
            {unavailableText(standing)}
          </p>
          <Button
            type="button"
            className="mt-4"
            variant="outline"
            disabled
            aria-describedby="return-unavailable"
          >
            Request Return
          </Button>
        </>
      )}
    </section>
  );
}

function ReturnForm({ closesAt, left, reply }: { closesAt: Date; left: number; reply?: ReturnReply }) {
  const { fields, ...form } = useSchemaForm(returnRequestSchema, { id: "return", reply });
  return (
    <Form
      method="post"
      {...form.formProps}
      preventScrollReset
      className="mt-2 space-y-4"
      aria-labelledby="return-heading"
    >
      <p className="text-sm text-muted-foreground">
        Not the lead we promised? You can return it until {formatListDate(closesAt)} ({formatCount(left)}{" "}
        {left === 1 ? "return" : "returns"} left for its month).
      </p>
      <FormStatus toast={form.shownStatus} />
      <input type="hidden" name="intent" value="return" />
      <FormField id={fields.reason.id} label="Reason" error={fields.reason.errors?.[0]}>
        <NativeSelect {...getSelectProps(fields.reason)}>
          <SelectOptions placeholder="Choose a reason" options={returnReasons} />
        </NativeSelect>
      </FormField>
      <FormField
        id={fields.note.id}
        label="Note"
        hint="Required when the reason is Other."
        error={fields.note.errors?.[0]}
        limit={RETURN_NOTE_MAX}
      >
        <Textarea {...getTextareaProps(fields.note)} rows={3} />
      </FormField>
      <Button type="submit" variant="outline" pending={form.submitting}>
        {form.submitting ? "Requesting..." : "Request Return"}
      </Button>
    </Form>
  );
}

function MadeReturn({ request }: { request: Extract<Standing, { kind: "made" }>["request"] }) {
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${stateTone[request.state]}`}
        >
          {labelOf(returnStates, request.state)}
        </span>
        <span className="text-muted-foreground">
          Requested <LocalTime iso={request.requestedAt} />
        </span>
      </p>
      <p>
        <span className="text-muted-foreground">Reason:</span> {labelOf(returnReasons, request.reason)}
      </p>
      {request.note && <p className="whitespace-pre-line break-words">{request.note}</p>}
      {request.state === "approved" && (
        <p className="font-semibold">Approved: we owe you a replacement lead.</p>
      )}
      {request.state === "rejected" && (
        <p className="break-words">
          <span className="font-semibold">Why we could not accept it:</span> {request.decisionNote}
        </p>
      )}
      {request.state === "approved" && request.decisionNote && (
        <p className="break-words">{request.decisionNote}</p>
      )}
    </div>
  );
}
