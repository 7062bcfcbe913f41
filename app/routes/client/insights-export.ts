import type { Route } from "./+types/insights-export";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { insightsCsv } from "~/features/leads/insights/insights-csv.server";
import { ownInsights } from "~/features/leads/insights/insights.server";

/** GET /client/insights/export.csv?dataset=&from=&to=: one chart's figures, the client's own. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:own");
  return insightsCsv(request, (range) => ownInsights(actor, range), "my-insights");
}
