/**
 * The character count of a field with a length limit (when it shows and what it says: lib/character-count).
 * Fields take any length (no `maxlength`: a paste is never cut short); the count turns the error colour
 * past the limit, and a polite status tells screen readers the same once typing pauses. The parts take
 * the length and the limit as plain props, so they work with any form library; `useControlValue` follows
 * an uncontrolled input or textarea for forms that do not hold their values in state.
 */
import { useEffect, useState } from "react";
import { COUNT_SPOKEN_AFTER_MS, countShown, countStatus, formattedCount } from "~/lib/character-count";
import { cn } from "~/lib/utils";

/** The visible count, e.g. "1,950 / 2,000"; nothing while the value is well under its limit. */
export function CharacterCount({
  length,
  max,
  className,
}: {
  length: number;
  max: number;
  className?: string;
}) {
  if (!countShown(length, max)) return null;
  const over = length > max;
  return (
    // Hidden from screen readers, which hear CharacterCountStatus instead (once, not on every key).
    <p
      aria-hidden="true"
      data-over={over ? "true" : undefined}
      className={cn(
        "shrink-0 text-sm tabular-nums",
        over ? "font-semibold text-destructive" : "text-muted-foreground",
        className,
      )}
    >
      {formattedCount(length)} / {formattedCount(max)}
    </p>
  );
}

/**
 * The count for screen readers: a polite live region that speaks once typing pauses. It stays in the page
 * even when empty, so that screen readers announce its changes; the field names it in aria-describedby
 * while the count is shown.
 */
export function CharacterCountStatus({ id, length, max }: { id: string; length: number; max: number }) {
  const current = countStatus(length, max);
  const [spoken, setSpoken] = useState(current);
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(current), COUNT_SPOKEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <p id={id} aria-live="polite" className="sr-only">
      {spoken}
    </p>
  );
}

/**
 * The value of the uncontrolled input or textarea with this id, as the visitor types or pastes, and after
 * its form resets. Starts from `initial` (the server render, and a value the server sent back).
 */
export function useControlValue(id: string, initial: string, enabled = true): string {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const control = enabled ? document.getElementById(id) : null;
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return;
    const read = () => setValue(control.value);
    // The reset event comes before the form puts its values back: read them once it has.
    const readAfterReset = () => setTimeout(read);
    const form = control.form;
    // What the browser may have filled in before the app took over (autofill, back navigation).
    read();
    control.addEventListener("input", read);
    form?.addEventListener("reset", readAfterReset);
    return () => {
      control.removeEventListener("input", read);
      form?.removeEventListener("reset", readAfterReset);
    };
  }, [id, enabled]);
  return value;
}
