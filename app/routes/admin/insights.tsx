import type { Route } from "./+types/insights";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { InsightsView } from "~/features/leads/components/insights-view";
import { parseRange, rangePresets } from "~/features/leads/insights/insights.schema";
import { agencyInsights } from "~/features/leads/insights/insights.server";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const parsed = parseRange(new URL(request.url));
  return {
    insights: await agencyInsights(actor, parsed.range),
    problem: parsed.ok ? null : parsed.problem,
    presets: rangePresets(),
  };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Insights");

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="insights-heading" className="space-y-6">
      <div>
        <PageTitle id="insights-heading">Insights</PageTitle>
        <p className="mt-1 text-muted-foreground">
          Every client&apos;s leads delivered in the range: what became of them, how fast clients answer, what
          comes back.
        </p>
      </div>
      <InsightsView {...loaderData} csvPath="/admin/insights/export.csv" own={false} />
    </section>
  );
}
