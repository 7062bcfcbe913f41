import { cn } from "~/lib/utils";

/** A column whose name only screen readers hear (e.g. the row actions), or one aligned right (figures). */
export type ColumnName = string | { name: string; hidden?: boolean; numeric?: boolean };

/**
 * The header row of a data table, one look for every table in the admin area and the portal. `cell` is
 * the cells' padding, so the heads line up with the rows under them.
 */
export function ColumnHeads({ names, cell = "px-4 py-3" }: { names: readonly ColumnName[]; cell?: string }) {
  return (
    <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
      <tr>
        {names.map((column) => {
          const { name, hidden, numeric } = typeof column === "string" ? { name: column } : column;
          return (
            <th key={name} scope="col" className={cn(cell, numeric && "text-right")}>
              {hidden ? <span className="sr-only">{name}</span> : name}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
