import { ChevronLeft, ChevronRight, ChevronsLeft } from "lucide-react";
import { Link } from "react-router";
import { countOf, type CappedTotal } from "~/lib/paging";
import { Button } from "./button";

/**
 * Where a keyset page sits ("51–100 of 10,000+ leads") and the links to the first, previous and next
 * pages. Plain links carrying the cursor in the URL: they work without JavaScript and can be shared.
 * A link that leads nowhere (Previous on the first page) is drawn disabled so the buttons do not move.
 */
export function KeysetPager({
  start,
  shown,
  total,
  noun,
  firstTo,
  previousTo,
  nextTo,
}: {
  start: number;
  /** How many rows this page shows. */
  shown: number;
  total: CappedTotal;
  /** What the rows are, singular and plural: ["lead", "leads"]. */
  noun: readonly [string, string];
  firstTo: string;
  previousTo: string | null;
  nextTo: string | null;
}) {
  if (shown === 0 && !previousTo) return null;
  const end = start + shown - 1;
  const range =
    shown === 0 ? "No more" : `${start.toLocaleString("en-US")}–${end.toLocaleString("en-US")} of`;
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {range} {countOf(total, noun)}
      </p>
      <div className="flex gap-2">
        {previousTo && start > shown + 1 && (
          <Button asChild variant="outline" size="sm">
            <Link to={firstTo} aria-label="First page">
              <ChevronsLeft aria-hidden="true" /> First
            </Link>
          </Button>
        )}
        <PageLink to={previousTo} label="Previous page">
          <ChevronLeft aria-hidden="true" /> Previous
        </PageLink>
        <PageLink to={nextTo} label="Next page">
          Next <ChevronRight aria-hidden="true" />
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ to, label, children }: { to: string | null; label: string; children: React.ReactNode }) {
  return to ? (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={label}>
        {children}
      </Link>
    </Button>
  ) : (
    <Button variant="outline" size="sm" disabled aria-label={label}>
      {children}
    </Button>
  );
}
