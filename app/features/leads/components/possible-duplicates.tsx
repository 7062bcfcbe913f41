import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { SerializeFrom } from "~/lib/serialize-from";
import { cn } from "~/lib/utils";
import { formatListDate, formatPhone } from "../lead-format";
import type { findPossibleDuplicates } from "../lead-queries.server";

/** A possible duplicate as a loader, an action or the check while typing sends it (the date as text). */
export type Duplicate = Omit<SerializeFrom<typeof findPossibleDuplicates>[number], "createdAt"> & {
  createdAt: string | Date;
};

/**
 * Leads that may be the same seller (same phone, or same address in the same ZIP5), each linked, with
 * what they share. Nothing at all when there are none.
 *
 * In the lead form (`form`) the choice is made here (issue 25): "Open the existing lead" first; creating
 * (or saving) this one anyway second and quieter, the only button that sends allowDuplicate (the form's
 * own button checks again: the admin may have corrected the phone or the address).
 */
export function PossibleDuplicates({
  duplicates,
  form,
  className,
}: {
  duplicates: readonly Duplicate[];
  form?: { editing: boolean; pending: boolean };
  className?: string;
}) {
  if (duplicates.length === 0) return null;
  return (
    <section
      aria-labelledby="duplicates-heading"
      className={cn("rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950", className)}
    >
      <h2 id="duplicates-heading" className="flex items-center gap-2 font-bold">
        <TriangleAlert aria-hidden="true" className="size-4" />
        {duplicates.length === 1 ? "Possible duplicate" : "Possible duplicates"}
      </h2>
      <ul className="mt-2 space-y-3 text-sm">
        {duplicates.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p id={`duplicate-${d.id}`} className="min-w-0 flex-1 basis-64">
              {form ? (
                <span className="font-semibold">
                  {d.firstName} {d.lastName}
                </span>
              ) : (
                <Link to={`/admin/leads/${d.id}`} className="font-semibold underline underline-offset-4">
                  {d.firstName} {d.lastName}
                </Link>
              )}{" "}
              · {d.samePhone ? `same phone ${formatPhone(d.phone)}` : "same address"} · {d.address}, {d.city},{" "}
              {d.state} {d.zipCode} · created {formatListDate(d.createdAt)}
            </p>
            {form && (
              <Button asChild size="sm">
                <Link to={`/admin/leads/${d.id}`} aria-describedby={`duplicate-${d.id}`}>
                  Open the existing lead
                </Link>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {form && (
        <div className="mt-3 border-t border-amber-200 pt-3">
          <Button
            type="submit"
            size="sm"
            variant="outline"
            name="allowDuplicate"
            value="yes"
            pending={form.pending}
            className="bg-white"
          >
            {form.editing ? "Save anyway" : "Create anyway"}
          </Button>
        </div>
      )}
    </section>
  );
}
