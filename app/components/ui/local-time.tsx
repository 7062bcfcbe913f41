import { useHydrated } from "~/lib/use-hydrated";

/** The formatters, made once per style and zone: building one per call costs more than the rest of a row. */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(date: Date, style: "short" | "long", timeZone?: string): string {
  const key = `${style} ${timeZone ?? ""}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-US", { dateStyle: style, timeStyle: "short", timeZone });
    formats.set(key, made);
  }
  return made.format(date);
}

/**
 * A date with hours and minutes in US format: short in lists (spec 01 §9), long month in details (spec 02
 * §9). The server renders UTC (it cannot know the reader's zone); once hydrated, the browser shows the
 * reader's local time.
 */
export function LocalTime({ iso, style = "short" }: { iso: string | Date; style?: "short" | "long" }) {
  const date = new Date(iso);
  const hydrated = useHydrated();
  return (
    <time dateTime={date.toISOString()}>
      {hydrated ? format(date, style) : `${format(date, style, "UTC")} UTC`}
    </time>
  );
}
