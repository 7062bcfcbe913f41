import { Form, Link } from "react-router";
import { BarChart } from "~/components/charts/bar-chart";
import { ChartFigure } from "~/components/charts/chart-figure";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { Insights } from "../insights/insights.server";
import { hasReturnOnSpend, insightHeadlines } from "../insights/insight-headlines";
import { insightTable, type Dataset } from "../insights/insight-tables";
import type { RangePreset } from "../insights/insights.schema";

/** Client companies drawn in the response-time chart (slowest first); the table has them all. */
const SLOWEST = 12;

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** The insights page's body (issue 15), the same for an admin (every client) and a client (their own). */
export function InsightsView({
  insights,
  problem,
  presets,
  csvPath,
  own,
}: {
  insights: Insights;
  /** The usual ranges, as of the server's today. */
  presets: RangePreset[];
  /** Why the URL's dates were not used, when they were not. */
  problem: string | null;
  /** The CSV route: ?dataset=&from=&to= are added. */
  csvPath: string;
  /** A client's own page: response time per person of their team, and return on spend. */
  own: boolean;
}) {
  const { range } = insights;
  const csv = (dataset: Dataset) =>
    `${csvPath}?${new URLSearchParams({ dataset, from: range.from, to: range.to })}`;
  const figure = (
    dataset: Dataset,
    title: string,
    description: string,
    chart: Omit<Parameters<typeof BarChart>[0], "table">,
  ) => {
    const table = insightTable(insights, dataset);
    return (
      <ChartFigure
        id={`chart-${dataset}`}
        title={title}
        description={description}
        table={table}
        csvHref={csv(dataset)}
        drawn={chart.draw}
      >
        <BarChart table={table} {...chart} />
      </ChartFigure>
    );
  };
  return (
    <div className="space-y-6">
      <nav aria-label="Ranges" className="flex flex-wrap gap-2">
        {presets.map(({ label, range: preset }) => {
          const current = preset.from === range.from && preset.to === range.to;
          return (
            <Link
              key={label}
              to={`?${new URLSearchParams({ from: preset.from, to: preset.to })}`}
              aria-current={current ? "true" : undefined}
              className="rounded-full border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted aria-[current=true]:border-primary aria-[current=true]:bg-primary aria-[current=true]:text-primary-foreground"
            >
              {label}
            </Link>
          );
        })}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Date range">
        <div className="grid gap-1">
          <Label htmlFor="insights-from">From</Label>
          <Input id="insights-from" name="from" type="date" defaultValue={range.from} className="w-40" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="insights-to">To</Label>
          <Input id="insights-to" name="to" type="date" defaultValue={range.to} className="w-40" />
        </div>
        <Button type="submit">Show</Button>
        <p className="w-full text-sm text-muted-foreground">Days are counted in UTC; both ends included.</p>
      </Form>
      {problem && (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {problem}
        </p>
      )}

      <dl aria-label="Headline figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {insightHeadlines(insights, own).map((headline) => (
          <div key={headline.label} className="rounded-2xl border border-border bg-card p-4 shadow-sm">
            <dt className="text-sm text-muted-foreground">{headline.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">{headline.value}</dd>
            <dd className="text-xs text-muted-foreground">{headline.detail}</dd>
          </div>
        ))}
      </dl>

      {own && insights.returnOnSpend && <ReturnOnSpendCard figures={insights.returnOnSpend} />}

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="lg:col-span-2">
          {figure(
            "delivered",
            "Leads delivered per week, by source",
            "Stacked columns: leads delivered each week, split by lead source.",
            { stacked: true },
          )}
        </div>
        {figure(
          "funnel",
          "Funnel by status",
          "Horizontal bars: for each status from New to Sold, the delivered leads that reached it or a later stage, and those at it now.",
          { direction: "bars" },
        )}
        {own
          ? figure(
              "team-responsiveness",
              "Response time by team member",
              "Horizontal bars: for each person on your team, the median and 90th percentile hours from delivery to their first feedback; the table adds the leads each answered and those they took that still wait.",
              { direction: "bars", draw: ["median", "p90"] },
            )
          : figure(
              "responsiveness",
              "Response time by client company",
              `Horizontal bars: median and 90th percentile hours from delivery to each client company's first feedback, for the ${SLOWEST} slowest; the table lists every client company.`,
              { direction: "bars", draw: ["median", "p90"], maxRows: SLOWEST },
            )}
        {figure(
          "returns-by-reason",
          "Returns by reason",
          "Stacked horizontal bars: return requests per reason, split by decision.",
          { direction: "bars", stacked: true },
        )}
        {figure(
          "returns-by-source",
          "Returns by source",
          "Stacked horizontal bars: return requests per lead source, split by decision.",
          { direction: "bars", stacked: true },
        )}
        {figure(
          "not-interested",
          "Not Interested reasons by source",
          "Stacked horizontal bars: leads marked Not Interested per source, split by the reason given.",
          { direction: "bars", stacked: true },
        )}
        {figure(
          "not-interested-zips",
          "Not Interested: top ZIP codes",
          "Horizontal bars: the ZIP codes with the most leads marked Not Interested.",
          { direction: "bars" },
        )}
        {figure(
          "deals",
          "Deals closed by source",
          "Horizontal bars: deals closed per lead source; the table adds the profit reported.",
          { direction: "bars", draw: ["deals"] },
        )}
      </div>
    </div>
  );
}

function ReturnOnSpendCard({ figures }: { figures: NonNullable<Insights["returnOnSpend"]> }) {
  return (
    <section aria-labelledby="ros-heading" className="rounded-2xl border border-border bg-card p-5 shadow-sm">
      <h2 id="ros-heading" className="font-semibold">
        Return on spend
      </h2>
      {figures.ratio === null ? (
        <p className="mt-2 text-muted-foreground" data-testid="ros-ratio">
          Not enough data: no lead spend in this range yet.
        </p>
      ) : !hasReturnOnSpend(figures) ? (
        <p className="mt-2 text-muted-foreground" data-testid="ros-ratio">
          Not enough data: no deals reported in this range yet.
        </p>
      ) : (
        <p className="mt-2 text-3xl font-extrabold" data-testid="ros-ratio">
          {figures.ratio.toFixed(1)}x
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          ["Lead spend", dollars.format(figures.spend)],
          ["Profit reported", dollars.format(figures.profit)],
          ["Deals closed", String(figures.deals)],
          ["Leads kept", `${figures.delivered - figures.returned} of ${figures.delivered}`],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted-foreground">
        Spend counts the leads delivered in the range and not returned, at your agreement&apos;s price per
        lead when each was delivered; profit is what you reported on Deal Closed.
      </p>
    </section>
  );
}
