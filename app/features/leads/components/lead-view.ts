import type { SerializeFrom } from "~/lib/serialize-from";
import type { getLead } from "../lead-queries.server";

/**
 * The admin lead page's lead as its loader sends it: `getLead`'s result as React Router serializes it,
 * so the components follow the query without a hand-written copy of its shape.
 */
export type LeadView = NonNullable<SerializeFrom<typeof getLead>>;

/** The lead's name from a lead page's loader data (its title and breadcrumb), or "Lead not found". */
export function leadTitle(data: unknown): string {
  const lead = (data as { lead?: { firstName: string; lastName: string } | null } | undefined)?.lead;
  return lead ? `${lead.firstName} ${lead.lastName}` : "Lead not found";
}

export function fullAddress(lead: { address: string; city: string; state: string; zipCode: string }) {
  return `${lead.address}, ${lead.city}, ${lead.state} ${lead.zipCode}`;
}
