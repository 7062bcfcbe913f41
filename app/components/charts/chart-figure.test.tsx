import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChartFigure } from "./chart-figure";
import type { ChartTable } from "./chart-table";

/** Response times: hours drawn, counts only in the table. */
const responseTimes = (medianHours: number | null): ChartTable => ({
  categoryLabel: "Client",
  series: [
    { key: "median", label: "Median hours" },
    { key: "delivered", label: "Leads delivered" },
  ],
  rows: [{ key: "c1", label: "Ironbridge", values: { median: medianHours, delivered: 4 } }],
  unit: "hours",
});

const render = (table: ChartTable) =>
  renderToStaticMarkup(
    <ChartFigure id="t" title="Response time" description="Bars." table={table} drawn={["median"]}>
      <svg data-testid="drawing" />
    </ChartFigure>,
  );

describe("ChartFigure", () => {
  it("draws when a drawn series has a figure, with its table", () => {
    const html = render(responseTimes(12.5));
    expect(html).toContain('role="img"');
    expect(html).toContain("<svg");
    expect(html).toContain("12.5");
  });

  it("says there is nothing to draw instead of empty axes when only the table's other series have figures", () => {
    const html = render(responseTimes(null));
    expect(html).not.toContain('role="img"');
    expect(html).not.toContain("<svg");
    expect(html).toContain("Nothing to draw in this range; the table has the figures.");
    expect(html).toContain("Show table");
  });

  it("says there is no data when no series has a figure", () => {
    const empty = { ...responseTimes(null), rows: [] };
    expect(render(empty)).toContain("No data in this range.");
  });
});
