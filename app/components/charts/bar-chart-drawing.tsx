/**
 * The drawing of a bar chart, by Recharts (ADR 027), in our colours. Its own module, loaded by BarChart
 * once the browser has measured the chart's box: Recharts is ~400 KB of script, which in the page's own
 * bundle was compiled and run inside the hydration of every page with a chart (a 500-700 ms task on a
 * phone's CPU on /admin); loaded apart, the page hydrates without it and the drawing follows.
 */
import { Bar, BarChart as RechartsBarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatValue, type ChartSeries, type ChartUnit } from "./chart-table";

/** Series colours, defined in app.css from the theme (--chart-1 ... --chart-8), repeated past eight. */
const seriesColour = (index: number) => `var(--chart-${(index % 8) + 1})`;

const axisTick = { fontSize: 12, fill: "var(--muted-foreground)" };

/**
 * Which category labels a row of columns shows: all when each column has room for its label ("Nov 23" at
 * 12 px is ~48 px wide), else every second, third... Given to Recharts as its `interval`, so it does not
 * measure every label in the page to find out (a third of a chart's first drawing on a phone).
 */
const LABEL_PX = 56;
const everyNth = (count: number, width: number) =>
  Math.max(0, Math.ceil((count * LABEL_PX) / Math.max(1, width - 60)) - 1);

export interface DrawingProps {
  unit: ChartUnit;
  data: Record<string, string | number | null>[];
  series: ChartSeries[];
  width: number;
  chartHeight: number;
  bars: boolean;
  stacked: boolean;
}

export default function BarChartDrawing({
  unit,
  data,
  series,
  width,
  chartHeight,
  bars,
  stacked,
}: DrawingProps) {
  const format = (value: unknown) => formatValue(typeof value === "number" ? value : null, unit);
  return (
    <RechartsBarChart
      width={width}
      height={chartHeight}
      data={data}
      layout={bars ? "vertical" : "horizontal"}
      margin={{ top: 4, right: 12, bottom: 4, left: 4 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="var(--border)" vertical={bars} horizontal={!bars} />
      {bars ? (
        <>
          <XAxis type="number" tick={axisTick} tickFormatter={format} allowDecimals={false} />
          <YAxis
            type="category"
            interval={0}
            dataKey="category"
            tick={axisTick}
            width={Math.min(140, Math.round(width * 0.38))}
          />
        </>
      ) : (
        <>
          <XAxis dataKey="category" tick={axisTick} interval={everyNth(data.length, width)} />
          <YAxis tick={axisTick} tickFormatter={format} allowDecimals={false} width={44} interval={0} />
        </>
      )}
      <Tooltip
        formatter={format}
        cursor={{ fill: "var(--muted)" }}
        contentStyle={{
          borderRadius: 8,
          borderColor: "var(--border)",
          background: "var(--card)",
          fontSize: 13,
        }}
      />
      {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />}
      {series.map((s, i) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={s.colour ?? seriesColour(i)}
          stackId={stacked ? "stack" : undefined}
          isAnimationActive={false}
          maxBarSize={bars ? 24 : 48}
        />
      ))}
    </RechartsBarChart>
  );
}
