/** The returns queue's decisions (issue 25): the selection bar that decides the ticked returns, and the result. */
import { getTextareaProps } from "@conform-to/react";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { controlClass } from "~/components/ui/input";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import type { ReturnReply } from "../returns/return-actions.server";
import {
  decisionSentence,
  RETURN_NOTE_MAX,
  returnDecisionSchema,
  type ReturnDecisionSummary,
} from "../returns/return.schema";
import { selectionBarClass } from "./bulk-bar";
import { DECISION_FORM_ID } from "./return-queue";

/**
 * The selection bar of the queue (issue 25), the lead list's floating bar: once a waiting return is
 * ticked it shows "N selected", one note for all, Approve and Reject; each ticked return is decided as a
 * single one is. Without JavaScript it is always there. A refusal shows at the bar.
 */
export function DecisionBar({
  ticked,
  reply,
  onClear,
}: {
  ticked: number;
  reply?: ReturnReply;
  onClear: () => void;
}) {
  const hydrated = useHydrated();
  const { fields, ...form } = useSchemaForm(returnDecisionSchema, {
    id: DECISION_FORM_ID,
    reply,
    defaultValue: { returnId: [], decision: "", decisionNote: "" },
  });
  const idError = fields.returnId.errors?.[0];
  const refused = Boolean(form.shownStatus || idError || fields.decisionNote.errors);
  const open = !hydrated || ticked > 0 || refused;
  return (
    <Form
      method="post"
      {...form.formProps}
      preventScrollReset
      aria-label="Decide the ticked returns"
      className={cn(selectionBarClass, !open && "hidden")}
    >
      {form.shownStatus && (
        <div className="md:basis-full">
          <FormStatus toast={form.shownStatus} />
        </div>
      )}
      {hydrated && (
        <div className="flex items-center justify-between gap-2 md:contents">
          <p
            className="self-center text-sm font-bold whitespace-nowrap md:self-end md:pb-2.5"
            aria-live="polite"
          >
            {ticked} selected
          </p>
          <Button type="button" variant="ghost" size="sm" className="md:order-last md:h-11" onClick={onClear}>
            Clear selection
          </Button>
        </div>
      )}
      {idError && (
        <p
          id={fields.returnId.errorId}
          role="alert"
          className="text-sm font-medium text-destructive md:basis-full"
        >
          {idError}
        </p>
      )}
      <div className="min-w-0 md:flex-1">
        <FormField
          id={fields.decisionNote.id}
          label="Note to the client"
          hint="Required to reject: the client sees why."
          error={fields.decisionNote.errors?.[0]}
          limit={RETURN_NOTE_MAX}
        >
          {/* One line that grows with the note (up to eight): the bar stays low over the rows. */}
          <textarea
            {...getTextareaProps(fields.decisionNote)}
            rows={1}
            className={cn(controlClass, "min-h-11 max-h-48 resize-y [field-sizing:content]")}
          />
        </FormField>
      </div>
      <div className="flex gap-2 md:mb-[1.625rem]">
        <Button type="submit" name="decision" value="approve" size="field" pending={form.submitting}>
          Approve
        </Button>
        <Button
          type="submit"
          name="decision"
          value="reject"
          variant="outline"
          size="field"
          pending={form.submitting}
        >
          Reject
        </Button>
      </div>
    </Form>
  );
}

/**
 * What the last decision did, until dismissed (issue 25): "Approved 5 returns; 1 was already decided".
 * Focus lands on it, so a keyboard user hears the result where the bar was.
 */
export function DecisionResult({ done, dismissTo }: { done: ReturnDecisionSummary; dismissTo: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const sentence = decisionSentence(done);
  useEffect(() => ref.current?.focus(), [sentence]);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-green-300 bg-green-50 px-4 py-2 text-sm text-green-950 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-700" />
      <p className="font-medium">{sentence}.</p>
      <Link to={dismissTo} className="ml-auto text-green-900 underline-offset-2 hover:underline">
        Dismiss
      </Link>
    </div>
  );
}
