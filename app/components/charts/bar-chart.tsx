/**
 * Bar charts (ADR 027). Recharts needs a measured width, which the server does not have: the server renders
 * an empty box of the chart's height, and the drawing appears once the browser has measured it, so the
 * first client render matches the server's (no hydration mismatch) and the table alternative carries the
 * figures before any script runs. The drawing (bar-chart-drawing.tsx, with Recharts) is loaded only then,
 * and only for a chart that is in view (or about to be).
 */
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import type { DrawingProps } from "./bar-chart-drawing";
import type { ChartTable } from "./chart-table";

// A drawing that cannot be loaded (offline, or a page older than the deploy that removed its file) leaves
// the empty box: the figures are in the table under it, and the page must not fail over a picture.
const BarChartDrawing = lazy<ComponentType<DrawingProps>>(() =>
  import("./bar-chart-drawing").catch(() => ({ default: () => null })),
);

/**
 * The width of the element once it is near the viewport, 0 until then (on the server and the first render).
 * A chart is drawn when it comes into view, not while the page loads: Recharts renders its first drawing
 * synchronously after its own measuring (~100-500 ms at a phone's speed per chart), and a page of six
 * charts drawn at once held every tap for 1-2 s. Off screen, nothing is drawn and Recharts is not loaded.
 */
function useWidthInView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let inView = false;
    // A transition: React draws in slices that yield to a tap or a key wherever the work allows it.
    const measure = () => startTransition(() => setWidth(Math.floor(element.getBoundingClientRect().width)));
    const resizes = new ResizeObserver(() => inView && measure());
    const views = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        inView = true;
        views.disconnect();
        measure();
      },
      { rootMargin: "200px 0px" },
    );
    resizes.observe(element);
    views.observe(element);
    return () => {
      resizes.disconnect();
      views.disconnect();
    };
  }, []);
  return [ref, width] as const;
}

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
  const [ref, width] = useWidthInView<HTMLDivElement>();
  const bars = direction === "bars";
  const rows = table.rows.slice(0, maxRows);
  const chartHeight = height ?? (bars ? Math.max(120, rows.length * 36 + 60) : 260);
  const series = draw ? table.series.filter((s) => draw.includes(s.key)) : table.series;
  const data = rows.map((row) => ({ category: row.label, ...row.values }));
  return (
    <div ref={ref} style={{ height: chartHeight }} className="w-full">
      {width > 0 && (
        <Suspense fallback={null}>
          <BarChartDrawing
            unit={table.unit}
            data={data}
            series={series}
            width={width}
            chartHeight={chartHeight}
            bars={bars}
            stacked={stacked}
          />
        </Suspense>
      )}
    </div>
  );
}
