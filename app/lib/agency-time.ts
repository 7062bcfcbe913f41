/**
 * The agency's clock: its business hours (lib/site: Monday to Friday, 09:00 to 18:00, spec 01 §9) read in
 * its time zone (AGENCY_TIME_ZONE, an IANA name). The contact receipt names the zone with the hours, and
 * the staff's daily feedback digest goes at the opening hour of each business day there. Pure: the zone
 * is an argument, so tests and the mail preview pass their own.
 */
import { site } from "./site";

/** Whether `name` is an IANA time zone this runtime knows ("America/New_York", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone as people say it: "Eastern Time", "Central European Time"; "UTC" for UTC itself. */
export function timeZoneLabel(timeZone: string): string {
  if (/^(Etc\/)?(UTC|GMT|Zulu|Universal)$/i.test(timeZone)) return "UTC";
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** "Monday to Friday, 9:00 AM to 6:00 PM Eastern Time". */
export const businessHoursLabel = (timeZone: string) => `${site.hoursLabel} ${timeZoneLabel(timeZone)}`;

export interface ZonedTime {
  /** The local calendar day, "2026-11-30". */
  date: string;
  /** "Monday". */
  weekday: string;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The two ways this module reads a clock: as parts (zonedTime), and as the agency says it. */
const shapes = {
  parts: {
    weekday: "long",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  },
  agency: { weekday: "long", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A formatter per zone and shape, made once: building one costs ~70 µs, and business time walks a day at a
 * time through zonedTime. Zones are few (the agency's, a test's).
 */
function formatterFor(timeZone: string, shape: keyof typeof shapes): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { ...shapes[shape], timeZone });
    formatters.set(key, format);
  }
  return format;
}
const formatters = new Map<string, Intl.DateTimeFormat>();

/** What the wall clock in `timeZone` shows at `at`. */
export function zonedTime(at: Date, timeZone: string): ZonedTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone, "parts")
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday ?? "",
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls on a business day, at or after opening and before closing, in `timeZone`. */
export function inBusinessHours(at: Date, timeZone: string): boolean {
  const local = zonedTime(at, timeZone);
  return (
    (site.hours.days as readonly string[]).includes(local.weekday) &&
    local.minutes >= minutesOf(site.hours.opens) &&
    local.minutes < minutesOf(site.hours.closes)
  );
}

/**
 * The same hour on the business day before `at` (Friday's for a Monday), in whole days of 24 hours: a day
 * that gains or loses an hour to daylight saving time moves it by that hour, which is close enough for a
 * window's start.
 */
export function previousBusinessDay(at: Date, timeZone: string): Date {
  const days = site.hours.days as readonly string[];
  for (let back = 1; back <= 7; back++) {
    const day = new Date(at.getTime() - back * 86_400_000);
    if (days.includes(zonedTime(day, timeZone).weekday)) return day;
  }
  return new Date(at.getTime() - 86_400_000);
}

/** `at` as the agency reads it: "Friday, Nov 27, 9:05 AM". */
export const formatAgencyTime = (at: Date, timeZone: string) => formatterFor(timeZone, "agency").format(at);

const isBusinessDay = (weekday: string) => (site.hours.days as readonly string[]).includes(weekday);

/**
 * The instant the wall clock in `timeZone` shows `minutes` past midnight on `date` ("2026-11-30"). Found
 * by guessing UTC and correcting by the zone's offset (whole minutes) twice, which settles across a change of summer
 * time; opening and closing (9:00, 18:00) never fall in the hour a change skips.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, 0, minutes);
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = zonedTime(new Date(at), timeZone);
    const [sy, sm, sd] = shown.date.split("-").map(Number) as [number, number, number];
    at += wanted - Date.UTC(sy, sm - 1, sd, 0, shown.minutes);
  }
  return new Date(at);
}

/**
 * The latest instant from which `minutes` of business time (lib/site's days and hours in `timeZone`) have
 * passed by `now`: whatever came at or before it has waited that long in business hours. Counting stops
 * at closing and on weekends, so a lead delivered at 17:00 on a Friday has waited one business hour at
 * 10:00 on the Monday after, and one delivered on a Saturday none until Monday's opening.
 */
export function businessTimeBefore(now: Date, minutes: number, timeZone: string): Date {
  const opens = minutesOf(site.hours.opens);
  const closes = minutesOf(site.hours.closes);
  let remaining = minutes * 60_000;
  let cursor = now.getTime();
  // A year of days is far more than any reminder waits; the bound only keeps a bad input from looping.
  for (let day = 0; day < 400; day++) {
    const local = zonedTime(new Date(cursor), timeZone);
    if (isBusinessDay(local.weekday)) {
      const open = zonedInstant(local.date, opens, timeZone).getTime();
      const end = Math.min(cursor, zonedInstant(local.date, closes, timeZone).getTime());
      if (end > open) {
        if (end - open >= remaining) return new Date(end - remaining);
        remaining -= end - open;
      }
    }
    // On to the end of the day before (its last millisecond).
    cursor = zonedInstant(local.date, 0, timeZone).getTime() - 1;
  }
  return new Date(cursor);
}
