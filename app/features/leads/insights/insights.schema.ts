/**
 * The insights' date range (issue 15), read from the URL: `from` and `to` are UTC days (ADR 024), both
 * included. Without them, the last 12 weeks up to today; a range that cannot be read falls back to that
 * default with a message saying why, so a hand-edited URL never breaks the page.
 */
import { z } from "zod";
import { DAY_MS, dayOf as day, dayProblem, startOfDay } from "~/lib/calendar";

export const DEFAULT_DAYS = 84;
/** Longer ranges are refused: the charts read weeks, and two years of weeks is already a long row. */
export const MAX_DAYS = 731;

export interface InsightRange {
  /** YYYY-MM-DD, the first day counted. */
  from: string;
  /** YYYY-MM-DD, the last day counted. */
  to: string;
}

/** A calendar day in the years the product accepts (calendar.ts says which, and why). */
const isoDay = z.string().superRefine((s, ctx) => {
  const problem = dayProblem(s);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const rangeSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((r) => r.from <= r.to, "The start date is after the end date")
  .refine(
    (r) => daysBetween(r.from, r.to) < MAX_DAYS,
    `A range spans at most ${MAX_DAYS} days: choose a shorter one`,
  );

export const daysBetween = (from: string, to: string) =>
  Math.round((startOfDay(to) - startOfDay(from)) / DAY_MS);

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
  const at = new Date(startOfDay(iso));
  return day(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The most weeks a range of MAX_DAYS can touch: the loop below ends by count, whatever it is given. */
const MAX_WEEKS = Math.ceil(MAX_DAYS / 7) + 1;

/**
 * Every week (its Monday) that the range touches, oldest first. Counted in milliseconds, not by comparing
 * labels: a label past year 9999 ("+010000-01-03") sorts below "9999-12-31" and a text loop never ends.
 */
export function weeksOf(range: InsightRange): string[] {
  const first = startOfDay(weekOf(range.from));
  const last = startOfDay(range.to);
  const count = Math.min(MAX_WEEKS, Math.floor((last - first) / (7 * DAY_MS)) + 1);
  return Array.from({ length: Math.max(0, count) }, (_, i) => day(first + i * 7 * DAY_MS));
}
