/** Submissions per week for the last 12 weeks: stacked columns with the figures as a table beside them. */
import { BarChart } from "~/components/charts/bar-chart";
import { ChartFigure } from "~/components/charts/chart-figure";
import { weekLabel, type ChartTable } from "~/components/charts/chart-table";

export interface WeekCount {
  week: string;
  contact: number;
  career: number;
}

export function WeeklyChart({ weeks }: { weeks: WeekCount[] }) {
  const table: ChartTable = {
    categoryLabel: "Week of",
    series: [
      { key: "contact", label: "Contact" },
      { key: "career", label: "Career" },
    ],
    rows: weeks.map((w) => ({
      key: w.week,
      label: weekLabel(w.week),
      values: { contact: w.contact, career: w.career },
    })),
    unit: "count",
  };
  return (
    <ChartFigure
      id="weekly-submissions"
      title="Submissions per week (last 12 weeks)"
      description="Stacked columns: contact messages and job applications received each week."
      table={table}
      empty="No submissions in the last 12 weeks."
    >
      <BarChart table={table} stacked height={180} />
    </ChartFigure>
  );
}
