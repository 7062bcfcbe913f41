import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { SerializeFrom } from "~/lib/serialize-from";
import type { getClientLead } from "../client-leads.server";
import type { FeedbackResult } from "../lead-actions.server";
import {
  feedbackStatuses,
  labelOf,
  notInterestedReasons,
  type FeedbackStatus,
  type NotInterestedReason,
} from "~/db/enums";
import { feedbackChoices, feedbackMax, feedbackSchema } from "../leads.schema";
import { FeedbackBadge } from "./badges";

type PreviousNote = NonNullable<SerializeFrom<typeof getClientLead>>["previousNotes"][number];

/**
 * Your Feedback (spec 02 §2, §4): the current status, an optional note and the four buttons; each button
 * submits its status with the note. The note box is cleared after a successful submission.
 */
export function FeedbackCard({
  status,
  reason,
  notes: storedNotes,
  result,
}: {
  status: FeedbackStatus;
  /** Why it was not a fit, when the client said. */
  reason: NotInterestedReason | null;
  /** The client's current note, kept when the reason is added afterwards. */
  notes: string | null;
  result?: FeedbackResult;
}) {
  const { fields, ...form } = useSchemaForm(feedbackSchema, { id: "feedback", reply: result });
  const { notes, feedbackStatus } = fields;
  // A refused deal figure opens the figures, so its message is seen.
  const dealOpen = fields.dealPurchasePrice.errors?.[0] ?? fields.dealProfit.errors?.[0];
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
      {status === "not_interested" && !reason && <ReasonQuestion notes={storedNotes} />}
      <Form
        method="post"
        {...form.formProps}
        preventScrollReset
        className="mt-4 space-y-4"
        aria-label="Your feedback"
      >
        <FormStatus toast={form.shownStatus} />
        <FormField id={notes.id} label="Notes" optional error={notes.errors?.[0]} limit={feedbackMax.notes}>
          <Textarea
            {...getTextareaProps(notes)}
            rows={4}
            placeholder="What you learned, or why it is not a fit"
          />
        </FormField>
        <FormField
          id={fields.notInterestedReason.id}
          label="If not interested, why?"
          optional
          hint="With Not Interested: it tells us which sources and areas to fix."
          error={fields.notInterestedReason.errors?.[0]}
        >
          <NativeSelect {...getSelectProps(fields.notInterestedReason)}>
            <SelectOptions placeholder="Choose a reason" options={notInterestedReasons} />
          </NativeSelect>
        </FormField>
        <details className="rounded-lg border border-border p-3" open={Boolean(dealOpen)}>
          <summary className="cursor-pointer text-sm font-semibold">
            Closed a deal? Its figures (optional)
          </summary>
          <p className="mt-1 text-xs text-muted-foreground">
            Saved with Deal Closed, private to you and the agency.
          </p>
          <div className="mt-3 grid gap-3">
            <FormField
              id={fields.dealPurchasePrice.id}
              label="Purchase price (USD)"
              optional
              error={fields.dealPurchasePrice.errors?.[0]}
            >
              <Input {...getInputProps(fields.dealPurchasePrice, { type: "text" })} inputMode="decimal" />
            </FormField>
            <FormField
              id={fields.dealProfit.id}
              label="Expected profit or assignment fee (USD)"
              optional
              error={fields.dealProfit.errors?.[0]}
            >
              <Input {...getInputProps(fields.dealProfit, { type: "text" })} inputMode="decimal" />
            </FormField>
          </div>
        </details>
        {feedbackStatus.errors?.[0] && (
          <p id={feedbackStatus.errorId} className="text-sm font-medium text-destructive">
            {feedbackStatus.errors[0]}
          </p>
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
              pending={form.submitting}
            >
              {labelOf(feedbackStatuses, choice.value)}
            </Button>
          ))}
        </div>
      </Form>
    </section>
  );
}

/**
 * Not Interested is recorded at once, whatever was chosen; the reason is then asked in one tap (issue
 * 26). Each button sends the same feedback again with its reason, the client's note unchanged.
 */
function ReasonQuestion({ notes }: { notes: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.has("notInterestedReason") === true;
  return (
    <Form
      method="post"
      preventScrollReset
      aria-labelledby="reason-heading"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="reason-heading" className="font-semibold">
        Why was it not a fit?
      </h3>
      <p className="mt-1 text-sm">One tap: it tells us which sources and areas to fix.</p>
      <input type="hidden" name="feedbackStatus" value="not_interested" />
      <input type="hidden" name="notes" value={notes ?? ""} />
      <div className="mt-3 flex flex-wrap gap-2">
        {notInterestedReasons.map((option) => (
          <Button
            key={option.value}
            type="submit"
            name="notInterestedReason"
            value={option.value}
            variant="outline"
            size="sm"
            pending={sending}
          >
            {option.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}

export function PreviousNotes({ notes }: { notes: PreviousNote[] }) {
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
