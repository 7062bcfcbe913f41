import type { ReactNode } from "react";
import { Download } from "lucide-react";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { formatValue, type ChartTable } from "./chart-table";

/**
 * A chart with everything that makes it readable without seeing it: a caption, a description that
 * screen readers announce for the drawing, the figures as a table (in a "Show table" disclosure, rendered
 * on the server so it works without JavaScript) and, when given, a CSV download of the same figures.
 */
export function ChartFigure({
  id,
  title,
  description,
  table,
  csvHref,
  empty = "No data in this range.",
  drawn,
  children,
}: {
  id: string;
  title: string;
  /** One sentence: what the drawing shows, for those who do not see it. */
  description: string;
  table: ChartTable;
  csvHref?: string;
  empty?: string;
  /** The series the drawing shows, when not all of them (e.g. hours drawn, counts only in the table). */
  drawn?: readonly string[];
  children: ReactNode;
}) {
  const anyOf = (keys: readonly string[]) =>
    table.rows.some((row) => keys.some((key) => (row.values[key] ?? 0) !== 0));
  const hasData = anyOf(table.series.map((s) => s.key));
  // Figures only in the table (say, leads delivered but none answered yet): no empty axes, a sentence.
  const drawable = anyOf(drawn ?? table.series.map((s) => s.key));
  return (
    <figure
      aria-labelledby={`${id}-caption`}
      className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <figcaption id={`${id}-caption`} className="font-semibold">
        {title}
      </figcaption>
      {hasData ? (
        <>
          {drawable ? (
            <div role="img" aria-label={`${description} The table below has the figures.`} className="mt-3">
              {children}
            </div>
          ) : (
            <p className="mt-3 text-sm text-muted-foreground">
              Nothing to draw in this range; the table has the figures.
            </p>
          )}
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-muted-foreground">Show table</summary>
            <ScrollFrame label={`${title}: table`} className="mt-2">
              <table className="w-full text-left text-sm">
                <thead className="bg-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {table.categoryLabel}
                    </th>
                    {table.series.map((s) => (
                      <th key={s.key} scope="col" className="px-3 py-2 text-right font-semibold">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.key} className="border-t border-border">
                      <th scope="row" className="px-3 py-1.5 font-normal">
                        {row.label}
                      </th>
                      {table.series.map((s) => (
                        <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                          {formatValue(row.values[s.key], table.unit)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollFrame>
          </details>
        </>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{empty}</p>
      )}
      {csvHref && hasData && (
        <a
          href={csvHref}
          download
          aria-label={`Download CSV: ${title}`}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </a>
      )}
    </figure>
  );
}
