import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { capMessages, type OverCap } from "../agreements/capacity";

/**
 * The second step of an assignment past the client's room (the month's promise or the day's pace) or
 * outside their markets and buy box (ADR 035, 042): what is off, in numbers, then the choices, posted
 * again with the same fields and `capChoice`. The safe ones come first, so Tab from the question reaches
 * them before anything else: only the leads that fit (when some do), then Cancel back to `cancelTo`.
 * Assigning all of them anyway is a second, explicit step behind its own disclosure. A plain POST form, so
 * it works without JavaScript; with it, focus moves to the question.
 */
export function CapQuestion({
  overCap,
  fields,
  cancelTo,
}: {
  overCap: OverCap;
  /** The assignment's own fields, posted again with the choice. */
  fields: readonly (readonly [string, string])[];
  cancelTo: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [overCap]);
  const navigation = useNavigation();
  const chosen = navigation.state === "submitting" ? navigation.formData?.get("capChoice") : null;
  const someFit = overCap.fit > 0;
  return (
    <section
      role="alertdialog"
      aria-labelledby="cap-question-heading"
      aria-describedby="cap-question-text"
      className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2
        id="cap-question-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold break-words outline-none"
      >
        {capMessages.heading(overCap)}
      </h2>
      <div id="cap-question-text" className="mt-1 space-y-1 text-sm">
        <ul className="space-y-0.5 font-semibold">
          {capMessages.reasons(overCap).map((reason) => (
            <li key={reason}>{reason}.</li>
          ))}
        </ul>
        {someFit && <p>{capMessages.fitNote(overCap)}</p>}
      </div>
      <Form method="post" preventScrollReset className="mt-3">
        {fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap gap-2">
          {someFit && (
            <Button type="submit" name="capChoice" value="fit" pending={Boolean(chosen)}>
              {chosen === "fit" ? "Assigning..." : capMessages.fit(overCap)}
            </Button>
          )}
          <Button asChild variant={someFit ? "outline" : "default"}>
            <Link to={cancelTo} preventScrollReset>
              {capMessages.cancel}
            </Link>
          </Button>
        </div>
        <details className="mt-3 text-sm">
          <summary className="w-fit cursor-pointer font-semibold underline underline-offset-4">
            {capMessages.overrideSummary}
          </summary>
          <p className="mt-2">{capMessages.overrideNote(overCap)}</p>
          <Button
            type="submit"
            name="capChoice"
            value="all"
            variant="outline"
            className="mt-2"
            pending={Boolean(chosen)}
          >
            {chosen === "all" ? "Assigning..." : capMessages.all(overCap)}
          </Button>
        </details>
      </Form>
    </section>
  );
}
