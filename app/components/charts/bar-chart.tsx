/**
 * Bar charts drawn by Recharts (ADR 027), in our colours. Recharts needs a measured width, which the
 * server does not have: the server renders an empty box of the chart's height, and the drawing appears
 * once the browser has measured it, so the first client render matches the server's (no hydration
 * mismatch) and the table alternative carries the figures before any script runs.
 */
import { useEffect, useRef, useState } from "react";
import { Bar, BarChart as RechartsBarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatValue, type ChartTable } from "./chart-table";

/** Series colours, defined in app.css from the theme (--chart-1 ... --chart-8), repeated past eight. */
export const seriesColour = (index: number) => `var(--chart-${(index % 8) + 1})`;

/** The width of the element, once the browser has laid it out; 0 on the server and the first render. */
function useMeasuredWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const axisTick = { fontSize: 12, fill: "var(--muted-foreground)" };

export function BarChart({
  table,
  direction = "columns",
  stacked = false,
  height,
  draw,
  maxRows,
}: {
  table: ChartTable;
  /** The series to draw, when not all of them share the axis (the table keeps every column). */
  draw?: readonly string[];
  /** Draw only the first rows (the table keeps them all): a long list of bars does not fit a phone. */
  maxRows?: number;
  /** Columns for time (weeks across), bars for categories with long names (readable on a phone). */
  direction?: "columns" | "bars";
  stacked?: boolean;
  /** Pixels; bars default to 36 a row. */
  height?: number;
}) {
  const [ref, width] = useMeasuredWidth<HTMLDivElement>();
  const bars = direction === "bars";
  const rows = table.rows.slice(0, maxRows);
  const chartHeight = height ?? (bars ? Math.max(120, rows.length * 36 + 60) : 260);
  const series = draw ? table.series.filter((s) => draw.includes(s.key)) : table.series;
  const data = rows.map((row) => ({ category: row.label, ...row.values }));
  const format = (value: unknown) => formatValue(typeof value === "number" ? value : null, table.unit);
  return (
    <div ref={ref} style={{ height: chartHeight }} className="w-full">
      {width > 0 && (
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
                dataKey="category"
                tick={axisTick}
                width={Math.min(140, Math.round(width * 0.38))}
              />
            </>
          ) : (
            <>
              <XAxis dataKey="category" tick={axisTick} minTickGap={8} />
              <YAxis tick={axisTick} tickFormatter={format} allowDecimals={false} width={44} />
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
      )}
    </div>
  );
}
