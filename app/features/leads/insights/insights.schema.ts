/**
 * The insights' date range (issue 15), read from the URL: `from` and `to` are UTC days (ADR 024), both
 * included. Without them, the last 12 weeks up to today; a range that cannot be read falls back to that
 * default with a message saying why, so a hand-edited URL never breaks the page.
 */
import { z } from "zod";

export const DEFAULT_DAYS = 84;
/** Longer ranges are refused: the charts read weeks, and two years of weeks is already a long row. */
export const MAX_DAYS = 731;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InsightRange {
  /** YYYY-MM-DD, the first day counted. */
  from: string;
  /** YYYY-MM-DD, the last day counted. */
  to: string;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD")
  .refine((s) => {
    const at = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(at) && day(at) === s;
  }, "That day does not exist");

const rangeSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((r) => r.from <= r.to, "The start date is after the end date")
  .refine(
    (r) => daysBetween(r.from, r.to) < MAX_DAYS,
    `A range spans at most ${MAX_DAYS} days: choose a shorter one`,
  );

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export function defaultRange(now = new Date()): InsightRange {
  return { from: day(now.getTime() - (DEFAULT_DAYS - 1) * DAY_MS), to: day(now.getTime()) };
}

/** A range offered beside the custom one, with its name. */
export interface RangePreset {
  label: string;
  range: InsightRange;
}

/** The usual ranges as of `now` (issue 25): months and the year so far end today, in UTC days. */
export function rangePresets(now = new Date()): RangePreset[] {
  const today = day(now.getTime());
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const lastDays = (n: number) => ({ from: day(now.getTime() - (n - 1) * DAY_MS), to: today });
  return [
    { label: "This month", range: { from: day(Date.UTC(year, month, 1)), to: today } },
    // Date.UTC rolls month -1 back into December and day 0 to the month before's last day.
    {
      label: "Last month",
      range: { from: day(Date.UTC(year, month - 1, 1)), to: day(Date.UTC(year, month, 0)) },
    },
    { label: "Last 30 days", range: lastDays(30) },
    { label: "Last 90 days", range: lastDays(90) },
    { label: "Last 12 weeks", range: defaultRange(now) },
    { label: "This year", range: { from: `${year}-01-01`, to: today } },
  ];
}

export type ParsedRange =
  { ok: true; range: InsightRange } | { ok: false; range: InsightRange; problem: string };

/** The URL's range; when absent, the default; when unreadable, the default and what was wrong. */
export function parseRange(url: URL, now = new Date()): ParsedRange {
  const fallback = defaultRange(now);
  const from = url.searchParams.get("from") || null;
  const to = url.searchParams.get("to") || null;
  if (!from && !to) return { ok: true, range: fallback };
  const parsed = rangeSchema.safeParse({ from: from ?? fallback.from, to: to ?? fallback.to });
  if (parsed.success) return { ok: true, range: parsed.data };
  const problem = parsed.error.issues[0]?.message ?? "The dates could not be read";
  return { ok: false, range: fallback, problem: `${problem}. Showing the last 12 weeks instead.` };
}

/** Monday (UTC) of the week holding `iso`, as YYYY-MM-DD: the weeks the charts are counted in. */
export function weekOf(iso: string): string {
  const at = new Date(`${iso}T00:00:00Z`);
  return day(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

/** Every week (its Monday) that the range touches, oldest first. */
export function weeksOf(range: InsightRange): string[] {
  const weeks: string[] = [];
  for (let w = weekOf(range.from); w <= range.to; w = day(Date.parse(`${w}T00:00:00Z`) + 7 * DAY_MS)) {
    weeks.push(w);
  }
  return weeks;
}
