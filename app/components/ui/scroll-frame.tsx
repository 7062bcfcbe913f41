import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A frame that scrolls sideways when its table is wider than a phone. It is a named region reachable by
 * Tab, so keyboard users can scroll it too even when the table holds nothing focusable (axe:
 * scrollable-region-focusable).
 */
export function ScrollFrame({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </div>
  );
}
