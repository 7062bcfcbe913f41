import { useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { LocalTime } from "~/components/ui/local-time";
import { Textarea } from "~/components/ui/textarea";
import { useFormFeedback } from "~/lib/use-form-feedback";
import { cn } from "~/lib/utils";
import type { FeedbackResult } from "../lead-actions.server";
import {
  feedbackChoices,
  feedbackSchema,
  feedbackStatuses,
  formatListDate,
  labelOf,
  motivationLevels,
  type ClientLeadQuery,
  type FeedbackField,
  type FeedbackStatus,
  type MotivationLevel,
} from "../leads.schema";
import { FeedbackBadge, MotivationBadge } from "./badges";
import { FilterForm, FilterSelect } from "./filters";
import { Cell, LeadContactCells, tableClasses, ViewCell } from "./lead-table-parts";

export interface ClientRow {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  motivationLevel: MotivationLevel;
  clientFeedbackStatus: FeedbackStatus;
  createdAt: string | Date;
}

/** Name, Phone, Address, Motivation, Date Received, Feedback Status, Actions (spec 02 §2). */
export function ClientLeadTable({
  rows,
  caption,
  emptyText,
}: {
  rows: ClientRow[];
  caption: string;
  emptyText: string;
}) {
  return (
    <div className={tableClasses.frame}>
      <table className={cn(tableClasses.table, "md:min-w-[48rem]")}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tableClasses.head}>
          <tr>
            {["Name", "Phone", "Address", "Motivation", "Date Received", "Feedback Status"].map((h) => (
              <th key={h} scope="col" className={tableClasses.th}>
                {h}
              </th>
            ))}
            <th scope="col" className={tableClasses.th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={tableClasses.body}>
          {rows.length === 0 ? (
            <tr className="block md:table-row">
              <td colSpan={7} className={tableClasses.message}>
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((lead) => {
              return (
                <tr key={lead.id} className={tableClasses.row}>
                  <LeadContactCells lead={lead} to={`/client/leads/${lead.id}`} />
                  <Cell label="Motivation">
                    <MotivationBadge value={lead.motivationLevel} />
                  </Cell>
                  <Cell label="Date Received" className="whitespace-nowrap">
                    {formatListDate(lead.createdAt)}
                  </Cell>
                  <Cell label="Feedback Status">
                    <FeedbackBadge value={lead.clientFeedbackStatus} />
                  </Cell>
                  <ViewCell lead={lead} to={`/client/leads/${lead.id}`} />
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Motivation and feedback filters (spec 02 §2). */
export function ClientLeadFilters({ query }: { query: ClientLeadQuery }) {
  return (
    <FilterForm
      values={{ motivation: query.motivation ?? "", feedback: query.feedback ?? "" }}
      label="Filter my leads"
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-end"
    >
      <FilterSelect
        id="client-motivation"
        name="motivation"
        label="Motivation"
        allLabel="All motivations"
        value={query.motivation}
        options={motivationLevels}
        className="sm:w-48"
      />
      <FilterSelect
        id="client-feedback"
        name="feedback"
        label="Feedback status"
        allLabel="All feedback"
        value={query.feedback}
        options={feedbackStatuses}
        className="sm:w-48"
      />
    </FilterForm>
  );
}

/**
 * Your Feedback (spec 02 §2, §4): the current status, an optional note and the four buttons; each button
 * submits its status with the note. The note box is cleared after a successful submission.
 */
export function FeedbackCard({ status, result }: { status: FeedbackStatus; result?: FeedbackResult }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFeedback<FeedbackField>(feedbackSchema, formRef, { result });
  return (
    <section
      aria-labelledby="feedback-heading"
      className="rounded-2xl border-2 border-primary/30 bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="feedback-heading" className="text-lg font-bold">
        Your Feedback
      </h2>
      <p className="mt-2 flex items-center gap-2 text-sm">
        Current status: <FeedbackBadge value={status} />
      </p>
      <Form
        method="post"
        {...form.formProps}
        preventScrollReset
        className="mt-4 space-y-4"
        aria-label="Your feedback"
      >
        <FormStatus toast={form.staticStatus} />
        <FormField id="feedback-notes" label="Notes" optional error={form.errors.notes}>
          <Textarea
            name="notes"
            rows={4}
            maxLength={1000}
            placeholder="What you learned, or why it is not a fit"
            defaultValue={form.values?.notes ?? ""}
          />
        </FormField>
        {form.errors.feedbackStatus && (
          <p className="text-sm font-medium text-destructive">{form.errors.feedbackStatus}</p>
        )}
        <div className="grid grid-cols-2 gap-2" role="group" aria-label="Feedback status">
          {feedbackChoices.map((choice) => (
            <Button
              key={choice.value}
              type="submit"
              name="feedbackStatus"
              value={choice.value}
              variant={status === choice.value ? "default" : "outline"}
              aria-pressed={status === choice.value}
              disabled={form.submitting}
            >
              {labelOf(feedbackStatuses, choice.value)}
            </Button>
          ))}
        </div>
      </Form>
    </section>
  );
}

export function PreviousNotes({
  notes,
}: {
  notes: { id: string; notes: string; feedbackStatus: string; createdAt: string | Date }[];
}) {
  return (
    <section
      aria-labelledby="notes-heading"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="notes-heading" className="text-lg font-bold">
        Previous notes
      </h2>
      {notes.length === 0 ? (
        <p className="mt-3 text-muted-foreground">No notes yet</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {notes.map((note) => (
            <li key={note.id} className="border-l-2 border-border pl-3">
              <p className="text-sm text-muted-foreground">
                {labelOf(feedbackStatuses, note.feedbackStatus)} ·{" "}
                <LocalTime iso={note.createdAt} style="long" />
              </p>
              <p className="whitespace-pre-line break-words">{note.notes}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
