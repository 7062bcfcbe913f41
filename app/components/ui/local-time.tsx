import { useHydrated } from "~/lib/use-hydrated";

const format = (date: Date, timeZone?: string) =>
  date.toLocaleString("en-US", { dateStyle: "short", timeStyle: "short", timeZone });

/**
 * A date in US short format with hours and minutes (spec 01 §9). The server renders UTC (it cannot know
 * the reader's zone); once hydrated, the browser shows the reader's local time.
 */
export function LocalTime({ iso }: { iso: string | Date }) {
  const date = new Date(iso);
  const hydrated = useHydrated();
  return <time dateTime={date.toISOString()}>{hydrated ? format(date) : `${format(date, "UTC")} UTC`}</time>;
}
