import type { Route } from "./+types/export";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { exportLeadsCsv } from "~/features/leads/lead-queries.server";
import { csvResponse } from "~/lib/csv-response.server";

/**
 * GET /admin/leads/export.csv?<the list's filters>: every lead the list shows, in its order, as CSV,
 * streamed as it is read (any size).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  const query = parseLeadListQuery(new URL(request.url));
  const date = new Date().toISOString().slice(0, 10);
  return csvResponse(exportLeadsCsv(actor, query), `leads-${date}.csv`);
}
