import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { SerializeFrom } from "~/lib/serialize-from";
import { formatListDate, formatPhone } from "../lead-format";
import type { findPossibleDuplicates } from "../lead-queries.server";

/** A possible duplicate as a loader or an action sends it (the date as text once serialized). */
type Duplicate = Omit<SerializeFrom<typeof findPossibleDuplicates>[number], "createdAt"> & {
  createdAt: string | Date;
};

/**
 * Leads that may be the same seller (same phone, or same address in the same ZIP5), each linked, with
 * what they share. Nothing at all when there are none.
 */
export function PossibleDuplicates({ duplicates }: { duplicates: readonly Duplicate[] }) {
  if (duplicates.length === 0) return null;
  return (
    <section
      aria-labelledby="duplicates-heading"
      className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="duplicates-heading" className="flex items-center gap-2 font-bold">
        <TriangleAlert aria-hidden="true" className="size-4" /> Possible duplicates
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`/admin/leads/${d.id}`} className="font-semibold underline underline-offset-4">
              {d.firstName} {d.lastName}
            </Link>{" "}
            · {d.samePhone ? `same phone ${formatPhone(d.phone)}` : "same address"} · {d.address}, {d.city},{" "}
            {d.state} {d.zipCode} · created {formatListDate(d.createdAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
