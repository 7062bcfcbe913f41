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
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn(className, "space-y-1")}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}
