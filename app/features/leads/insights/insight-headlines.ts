/**
 * The figures above the insights' charts (issue 25): what a reader asks first, in a line of numbers, from
 * the same insights the charts draw. Pure, so a unit test holds every edge (nothing delivered, no
 * feedback yet, no spend).
 */
import type { Insights } from "./insights.server";

export interface Headline {
  label: string;
  value: string;
  /** What the value counts, in a few words. */
  detail: string;
}

const count = new Intl.NumberFormat("en-US");
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const hours = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const NONE = "–";

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : NONE);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Whether a return on spend has a ratio worth showing: some spend, and some deal or profit reported. */
export const hasReturnOnSpend = (figures: NonNullable<Insights["returnOnSpend"]>) =>
  figures.ratio !== null && (figures.deals > 0 || figures.profit !== 0);

/** The headline figures; `own` is a client's page (their response time, their return on spend). */
export function insightHeadlines(insights: Insights, own: boolean): Headline[] {
  const delivered = insights.delivered.reduce((sum, r) => sum + r.count, 0);
  const held = insights.funnel.reduce((sum, s) => sum + s.count, 0);
  const qualified = insights.funnel.find((s) => s.status === "qualified")?.reached ?? 0;
  const returned = insights.returns.reduce((sum, r) => sum + r.requested, 0);
  const deals = insights.deals.reduce((sum, d) => sum + d.deals, 0);
  const profit = insights.deals.reduce((sum, d) => sum + d.profit, 0);
  const medians = insights.responsiveness.flatMap((r) => (r.medianHours === null ? [] : [r.medianHours]));
  const response = median(medians);
  const headlines: Headline[] = [
    { label: "Leads delivered", value: count.format(delivered), detail: "in the range" },
    {
      label: "Qualified or further",
      value: share(qualified, held),
      detail: `${count.format(qualified)} of ${count.format(held)} still held`,
    },
    {
      label: "Returns requested",
      value: share(returned, delivered),
      detail: `${count.format(returned)} of ${count.format(delivered)} delivered`,
    },
    {
      label: "Median response",
      value: response === null ? NONE : `${hours.format(response)} h`,
      detail:
        response === null
          ? "no feedback yet"
          : own
            ? "from delivery to first feedback"
            : `of the median client, of ${count.format(medians.length)}`,
    },
    {
      label: "Deals closed",
      value: count.format(deals),
      detail: `${dollars.format(profit)} profit reported`,
    },
  ];
  if (own && insights.returnOnSpend) {
    const { ratio, spend } = insights.returnOnSpend;
    // No deal reported yet is not a return of 0.0x: nothing has come back to compare with the spend.
    const noDeals = !hasReturnOnSpend(insights.returnOnSpend);
    headlines.push({
      label: "Return on spend",
      value: ratio === null || noDeals ? NONE : `${ratio.toFixed(1)}x`,
      detail:
        ratio === null
          ? "no lead spend yet"
          : noDeals
            ? "no deals reported yet"
            : `on ${dollars.format(spend)} spent`,
    });
  }
  return headlines;
}
