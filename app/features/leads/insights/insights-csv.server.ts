/**
 * One insights dataset as a CSV download (issue 15): the same table the page shows under its chart,
 * for the same range and the same reader. A bad dataset name or range is a 400 with the reason.
 */
import { data } from "react-router";
import { tableCells } from "~/components/charts/chart-table";
import { csvLines } from "~/lib/csv";
import { csvResponse } from "~/lib/csv-response.server";
import { datasets, insightTable, type Dataset } from "./insight-tables";
import { parseRange } from "./insights.schema";
import type { Insights } from "./insights.server";
import type { InsightRange } from "./insights.schema";

export async function insightsCsv(
  request: Request,
  load: (range: InsightRange) => Promise<Insights>,
  prefix: string,
): Promise<Response> {
  const url = new URL(request.url);
  const dataset = datasets.find((d) => d === url.searchParams.get("dataset"));
  if (!dataset) throw data(`Unknown dataset: choose one of ${datasets.join(", ")}`, { status: 400 });
  const parsed = parseRange(url);
  if (!parsed.ok) throw data(parsed.problem.replace(/ Showing.*$/, ""), { status: 400 });
  const table = insightTable(await load(parsed.range), dataset satisfies Dataset);
  async function* lines() {
    yield csvLines(tableCells(table));
  }
  return csvResponse(lines(), `${prefix}-${dataset}-${parsed.range.from}-to-${parsed.range.to}.csv`);
}
