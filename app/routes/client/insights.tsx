import type { Route } from "./+types/insights";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { InsightsView } from "~/features/leads/components/insights-view";
import { parseRange, rangePresets } from "~/features/leads/insights/insights.schema";
import { ownInsights } from "~/features/leads/insights/insights.server";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const parsed = parseRange(new URL(request.url));
  return {
    insights: await ownInsights(actor, parsed.range),
    problem: parsed.ok ? null : parsed.problem,
    presets: rangePresets(),
  };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Your Insights");

export default function ClientInsights({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="insights-heading" className="space-y-6">
      <div>
        <PageTitle id="insights-heading">Your Insights</PageTitle>
        <p className="mt-1 text-muted-foreground">
          The leads we delivered to you in the range: what became of them and what they returned.
        </p>
      </div>
      <InsightsView {...loaderData} csvPath="/client/insights/export.csv" own />
    </section>
  );
}
