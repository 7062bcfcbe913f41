import { useHydrated } from "~/lib/use-hydrated";

const format = (date: Date, style: "short" | "long", timeZone?: string) =>
  date.toLocaleString("en-US", {
    dateStyle: style === "long" ? "long" : "short",
    timeStyle: "short",
    timeZone,
  });

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
