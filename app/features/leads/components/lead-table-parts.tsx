import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * Lead tables that become cards on a phone: one DOM for both (no duplicated rows for tests or screen
 * readers), a table from the md breakpoint, and below it each row a two-column card whose cells carry
 * their column name.
 */
export const tableClasses = {
  frame: "overflow-x-auto rounded-2xl border border-border bg-card shadow-sm",
  table: "block w-full text-left text-sm md:table",
  head: "hidden border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground md:table-header-group",
  th: "px-4 py-3 font-semibold",
  body: "block md:table-row-group",
  row: "grid grid-cols-2 gap-x-4 gap-y-3 border-b border-border p-4 last:border-0 hover:bg-muted/40 md:table-row md:p-0",
  message: "block px-4 py-10 text-center text-muted-foreground md:table-cell",
};

/** The header row: the named columns, then (unless `actions` is false) the unnamed column of row actions. */
export function LeadTableHead({
  columns,
  leading,
  actions = true,
}: {
  columns: readonly string[];
  leading?: ReactNode;
  actions?: boolean;
}) {
  return (
    <thead className={tableClasses.head}>
      <tr>
        {leading}
        {columns.map((h) => (
          <th key={h} scope="col" className={tableClasses.th}>
            {h}
          </th>
        ))}
        {actions && (
          <th scope="col" className={tableClasses.th}>
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

export function Cell({
  label,
  wide = false,
  className,
  children,
}: {
  /** The column name, shown above the value on a phone. */
  label?: string;
  /** Spans both columns of the phone card. */
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        "block md:table-cell md:px-4 md:py-3 md:align-middle",
        label &&
          "before:mb-0.5 before:block before:text-xs before:font-semibold before:uppercase before:tracking-wide before:text-muted-foreground before:content-[attr(data-label)] md:before:hidden",
        wide && "col-span-2",
        className,
      )}
    >
      {children}
    </td>
  );
}

/** A row's View link (the table's last column): an eye, named after the lead for screen readers. */
export function ViewIconLink({ to, name, className }: { to: string; name: string; className?: string }) {
  return (
    <Link
      to={to}
      aria-label={`View ${name}`}
      title="View"
      className={cn(
        "inline-flex size-5 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground",
        className,
      )}
    >
      <Eye aria-hidden="true" className="size-4" />
    </Link>
  );
}
