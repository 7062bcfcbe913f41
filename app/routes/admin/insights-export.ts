import type { Route } from "./+types/insights-export";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { insightsCsv } from "~/features/leads/insights/insights-csv.server";
import { agencyInsights } from "~/features/leads/insights/insights.server";

/** GET /admin/insights/export.csv?dataset=&from=&to=: one chart's figures, every client. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  return insightsCsv(request, (range) => agencyInsights(actor, range), "insights");
}
