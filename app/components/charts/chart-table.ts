/**
 * The figures behind a chart, in one shape for the chart, its table alternative and its CSV download:
 * a category per row (a week, a status, a reason) and a number per series (a source, a state).
 */
export interface ChartSeries {
  key: string;
  label: string;
  /**
   * The series' own colour (a CSS colour), when it stands for a value that must look the same on every
   * chart (a lead source, a return's state); without it, the colour of its position.
   */
  colour?: string;
}

export interface ChartRow {
  /** Stable key of the category (a week's Monday, an enum value). */
  key: string;
  /** What readers see: "Nov 3", "Appointment Set". */
  label: string;
  values: Record<string, number | null>;
}

export type ChartUnit = "count" | "hours" | "dollars";

export interface ChartTable {
  categoryLabel: string;
  series: ChartSeries[];
  rows: ChartRow[];
  unit: ChartUnit;
}

const formats: Record<ChartUnit, Intl.NumberFormat> = {
  count: new Intl.NumberFormat("en-US"),
  hours: new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }),
  dollars: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
};

const weekFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A week (its first day, YYYY-MM-DD) as a chart's category reads it: "Nov 2". */
export const weekLabel = (iso: string) => weekFormat.format(new Date(`${iso}T00:00:00Z`));

/** A figure as the table shows it; a missing one as a dash. */
export function formatValue(value: number | null | undefined, unit: ChartUnit): string {
  return value === null || value === undefined ? "–" : formats[unit].format(value);
}

/** The table as rows of cells, header first: what the CSV download writes. */
export function tableCells(table: ChartTable): (string | number)[][] {
  return [
    [table.categoryLabel, ...table.series.map((s) => s.label)],
    ...table.rows.map((row) => [row.label, ...table.series.map((s) => row.values[s.key] ?? "")]),
  ];
}
