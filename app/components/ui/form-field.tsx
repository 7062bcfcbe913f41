import type { ReactElement, ReactNode } from "react";
import { cloneElement } from "react";
import { countShown } from "~/lib/character-count";
import { CharacterCount, CharacterCountStatus, useControlValue } from "./character-count";
import { Label } from "./label";

/**
 * A labelled control with its error under it. The control gets its id, aria-invalid and
 * aria-describedby wired to the error (and hint), so screen readers announce both. A control that comes
 * with its own wiring (Conform's getInputProps: aria-invalid, aria-describedby to `<id>-error`) keeps it,
 * and the hint and the count are added to it.
 *
 * With a `limit` (the same constant the field's schema checks), the control takes any length and a
 * character count appears near the limit; the schema's message says what is wrong on blur and submit.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  optional = false,
  limit,
  trimmed = true,
  hideLabel = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** The longest value the schema accepts, in characters. */
  limit?: number;
  /** Whether the schema trims the value before it counts (all text but passwords). */
  trimmed?: boolean;
  /** The label for screen readers only, where what the field is shows beside it (a list of names). */
  hideLabel?: boolean;
  children: ReactElement<Record<string, unknown>>;
}) {
  const { value, defaultValue } = children.props;
  const own = children.props["aria-describedby"];
  const controlled = typeof value === "string";
  const followed = useControlValue(
    id,
    typeof defaultValue === "string" ? defaultValue : "",
    limit !== undefined && !controlled,
  );
  const text = controlled ? value : followed;
  const length = (trimmed ? text.trim() : text).length;
  const counted = limit !== undefined && countShown(length, limit);

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const describedBy =
    [
      ...new Set([
        ...(typeof own === "string" ? own.split(" ") : []),
        hint ? hintId : "",
        error ? errorId : "",
        counted ? countId : "",
      ]),
    ]
      .filter(Boolean)
      .join(" ") || undefined;
  const field = (
    <div className="space-y-1.5">
      <Label htmlFor={id} className={hideLabel ? "sr-only" : undefined}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : children.props["aria-invalid"],
        "aria-describedby": describedBy,
        // What a page script counts against on a page without React (lib/enhance/form).
        "data-limit": limit,
        "data-trim": limit !== undefined && !trimmed ? "false" : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {(error || counted) && (
        <div data-field-messages="" className="flex items-start gap-3">
          {error && (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          {limit !== undefined && <CharacterCount length={length} max={limit} className="ml-auto" />}
        </div>
      )}
    </div>
  );
  if (limit === undefined) return field;
  // Outside the spaced column: as its last child, the (invisible) status would add space under the field.
  return (
    <div>
      {field}
      <CharacterCountStatus id={countId} length={length} max={limit} />
    </div>
  );
}
