/**
 * The one check of dates and moments that people, URLs and API callers hand us. Every such date is
 * bounded to years a business can mean: JavaScript and PostgreSQL disagree at the edges (year 0, five-digit
 * years, "March 7" as a date), and a loop over days or weeks must have an end we know. A value outside
 * is refused by the caller with its own message, never passed to the database.
 */

/** The first and last year any date we accept may fall in. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a day was refused, in the words a form shows. */
export const OUT_OF_RANGE = `Dates run from ${FIRST_YEAR} to ${LAST_YEAR}`;

const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

/** `ms` as a UTC day, YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC midnight that starts `day` (YYYY-MM-DD), in ms. */
export const startOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** What is wrong with `text` as a calendar day YYYY-MM-DD, or null when it is one in our years. */
export function dayProblem(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return "Dates are written YYYY-MM-DD";
  if (!inYears(Number(text.slice(0, 4)))) return OUT_OF_RANGE;
  const at = startOfDay(text);
  return !Number.isNaN(at) && dayOf(at) === text ? null : "That day does not exist";
}

/** True when `text` is a real calendar day YYYY-MM-DD in our years. */
export const isCalendarDay = (text: string) => dayProblem(text) === null;

/**
 * A moment written as ISO 8601 / PostgreSQL's text of a timestamptz ("2026-01-31T09:30:00Z",
 * "2026-01-31 09:30:00.123456+00"), with a real date and time in our years; the time zone offset, when
 * given, at most 15:59. Anything else (words, "March 7", a 10-digit year) is not one.
 */
const MOMENT =
  /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)?$/i;

export function isMomentText(text: string): boolean {
  const match = MOMENT.exec(text);
  return match !== null && isCalendarDay(match[1]!);
}
