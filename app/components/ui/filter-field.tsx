import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A list filter's control (search box, select, date) with its label above: the compact sibling of
 * FormField, without hint, counter or error, for the filter bars of the admin lists.
 */
export function FilterField({
  id,
  label,
  className,
  children,
  hideLabel = false,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
  /** For a one-line filter bar whose control says what it is (a placeholder, "All clients"). */
  hideLabel?: boolean;
}) {
  return (
    <div className={cn(className, !hideLabel && "space-y-1")}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-semibold"}>
        {label}
      </label>
      {children}
    </div>
  );
}
