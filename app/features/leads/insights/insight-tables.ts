/**
 * The insights as tables (issue 15): one per chart, the same figures for its drawing, its table
 * alternative and its CSV download. Pure, so the page and the CSV route cannot disagree.
 */
import { weekLabel, type ChartRow, type ChartSeries, type ChartTable } from "~/components/charts/chart-table";
import { labelOf, leadStatuses, notInterestedReasons, returnReasons } from "~/db/enums";
import { notInterestedColours, responseColours, returnStateColours, sourceColourOf } from "./chart-colours";
import type { Insights } from "./insights.server";

export const datasets = [
  "delivered",
  "funnel",
  "responsiveness",
  "team-responsiveness",
  "returns-by-reason",
  "returns-by-source",
  "not-interested",
  "not-interested-zips",
  "deals",
] as const;
export type Dataset = (typeof datasets)[number];

/** Sum `value` of the items into a row per `rowOf` and a column per `seriesOf`. */
function pivot<T>(
  items: readonly T[],
  rowOf: (item: T) => string,
  seriesOf: (item: T) => string,
  value: (item: T) => number,
) {
  const cells = new Map<string, Record<string, number>>();
  for (const item of items) {
    const row = cells.get(rowOf(item)) ?? {};
    row[seriesOf(item)] = (row[seriesOf(item)] ?? 0) + value(item);
    cells.set(rowOf(item), row);
  }
  return cells;
}

/** The options that occur in the data, in their list's order, each in its own colour. */
const present = <V extends string>(
  options: readonly { value: V; label: string }[],
  used: Iterable<string>,
  colourOf: (value: V) => string,
): ChartSeries[] => {
  const seen = new Set(used);
  return options
    .filter((o) => seen.has(o.value))
    .map((o) => ({ key: o.value, label: o.label, colour: colourOf(o.value) }));
};

const rowsFor = (
  keys: readonly { value: string; label: string }[],
  cells: Map<string, Record<string, number>>,
  series: ChartSeries[],
  keepEmpty = false,
): ChartRow[] =>
  keys
    .filter((k) => keepEmpty || cells.has(k.value))
    .map((k) => ({
      key: k.value,
      label: k.label,
      values: Object.fromEntries(series.map((s) => [s.key, cells.get(k.value)?.[s.key] ?? 0])),
    }));

export function insightTable(insights: Insights, dataset: Dataset): ChartTable {
  switch (dataset) {
    case "delivered": {
      const cells = pivot(
        insights.delivered,
        (r) => r.week,
        (r) => r.source,
        (r) => r.count,
      );
      const series = present(
        insights.sources,
        insights.delivered.map((r) => r.source),
        sourceColourOf,
      );
      const weeks = insights.weeks.map((w) => ({ value: w, label: weekLabel(w) }));
      return { categoryLabel: "Week of", series, rows: rowsFor(weeks, cells, series, true), unit: "count" };
    }
    case "funnel":
      return {
        categoryLabel: "Status",
        series: [
          { key: "reached", label: "Reached this stage or later" },
          { key: "count", label: "At this status now" },
        ],
        rows: insights.funnel.map((s) => ({
          key: s.status,
          label: labelOf(leadStatuses, s.status),
          values: { reached: s.reached, count: s.count },
        })),
        unit: "count",
      };
    case "responsiveness":
      return {
        categoryLabel: "Client company",
        series: [
          { key: "median", label: "Median hours", colour: responseColours.median },
          { key: "p90", label: "90th percentile hours", colour: responseColours.p90 },
          { key: "answered", label: "Leads answered" },
          { key: "delivered", label: "Leads delivered" },
        ],
        rows: insights.responsiveness.map((r) => ({
          key: r.clientId,
          label: r.client,
          values: { median: r.medianHours, p90: r.p90Hours, answered: r.answered, delivered: r.delivered },
        })),
        unit: "hours",
      };
    case "team-responsiveness":
      return {
        categoryLabel: "Team member",
        series: [
          { key: "median", label: "Median hours", colour: responseColours.median },
          { key: "p90", label: "90th percentile hours", colour: responseColours.p90 },
          { key: "answered", label: "Leads answered" },
          { key: "waiting", label: "Waiting for feedback" },
        ],
        rows: (insights.team ?? []).map((m) => ({
          key: m.key,
          label: m.member,
          values: { median: m.medianHours, p90: m.p90Hours, answered: m.answered, waiting: m.waiting },
        })),
        unit: "hours",
      };
    case "returns-by-reason":
    case "returns-by-source": {
      const byReason = dataset === "returns-by-reason";
      const cells = pivot(
        insights.returns.flatMap((r) => [
          { ...r, state: "approved", n: r.approved },
          { ...r, state: "rejected", n: r.rejected },
          { ...r, state: "waiting", n: r.requested - r.approved - r.rejected },
        ]),
        (r) => (byReason ? r.reason : r.source),
        (r) => r.state,
        (r) => r.n,
      );
      const series = [
        { key: "approved", label: "Approved", colour: returnStateColours.approved },
        { key: "rejected", label: "Rejected", colour: returnStateColours.rejected },
        { key: "waiting", label: "Waiting", colour: returnStateColours.waiting },
      ];
      return {
        categoryLabel: byReason ? "Reason" : "Source",
        series,
        rows: rowsFor(byReason ? returnReasons : insights.sources, cells, series),
        unit: "count",
      };
    }
    case "not-interested": {
      const cells = pivot(
        insights.notInterested,
        (r) => r.source,
        (r) => r.reason,
        (r) => r.count,
      );
      const series = present(
        notInterestedReasons,
        insights.notInterested.map((r) => r.reason),
        (reason) => notInterestedColours[reason],
      );
      return {
        categoryLabel: "Source",
        series,
        rows: rowsFor(insights.sources, cells, series),
        unit: "count",
      };
    }
    case "not-interested-zips":
      return {
        categoryLabel: "ZIP",
        series: [{ key: "count", label: "Not Interested" }],
        rows: insights.topZips.map((z) => ({ key: z.zip, label: z.zip, values: { count: z.count } })),
        unit: "count",
      };
    case "deals":
      return {
        categoryLabel: "Source",
        series: [
          { key: "deals", label: "Deals closed" },
          { key: "profit", label: "Profit reported ($)" },
        ],
        rows: insights.deals.map((d) => ({
          key: d.source,
          label: labelOf(insights.sources, d.source),
          values: { deals: d.deals, profit: d.profit },
        })),
        unit: "count",
      };
  }
}
