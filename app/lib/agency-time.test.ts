import { describe, expect, it } from "vitest";
import {
  businessHoursLabel,
  formatAgencyTime,
  inBusinessHours,
  previousBusinessDay,
  timeZoneLabel,
  zonedTime,
} from "./agency-time";

describe("the agency's clock", () => {
  it("names the zone as people say it", () => {
    expect(timeZoneLabel("America/New_York")).toBe("Eastern Time");
    expect(timeZoneLabel("America/Chicago")).toBe("Central Time");
    expect(timeZoneLabel("UTC")).toBe("UTC");
    expect(businessHoursLabel("America/Los_Angeles")).toBe(
      "Monday to Friday, 9:00 AM to 6:00 PM Pacific Time",
    );
  });

  it("reads the wall clock of the zone, daylight saving time included", () => {
    // 14:00 UTC is 9:00 in New York in winter (UTC-5) and 10:00 in summer (UTC-4).
    expect(zonedTime(new Date("2026-01-05T14:00:00Z"), "America/New_York")).toEqual({
      date: "2026-01-05",
      weekday: "Monday",
      minutes: 9 * 60,
    });
    expect(zonedTime(new Date("2026-07-06T14:00:00Z"), "America/New_York").minutes).toBe(10 * 60);
    // Late evening in New York is already the next day in UTC.
    expect(zonedTime(new Date("2026-01-06T03:30:00Z"), "America/New_York")).toMatchObject({
      date: "2026-01-05",
      weekday: "Monday",
    });
    expect(formatAgencyTime(new Date("2026-11-27T14:05:00Z"), "America/New_York")).toBe(
      "Friday, Nov 27, 9:05 AM",
    );
  });

  it("business hours: Monday to Friday from 9:00 until before 18:00, in the zone", () => {
    const ny = (iso: string) => inBusinessHours(new Date(iso), "America/New_York");
    expect(ny("2026-01-05T13:59:59Z")).toBe(false); // Monday 8:59:59
    expect(ny("2026-01-05T14:00:00Z")).toBe(true); // Monday 9:00
    expect(ny("2026-01-05T22:59:00Z")).toBe(true); // Monday 17:59
    expect(ny("2026-01-05T23:00:00Z")).toBe(false); // Monday 18:00
    expect(ny("2026-01-10T15:00:00Z")).toBe(false); // Saturday 10:00
    expect(inBusinessHours(new Date("2026-01-05T14:00:00Z"), "UTC")).toBe(true);
    expect(inBusinessHours(new Date("2026-01-05T08:00:00Z"), "UTC")).toBe(false);
  });

  it("the business day before: Friday for a Monday, the day before otherwise", () => {
    const monday = new Date("2026-01-05T14:30:00Z");
    expect(previousBusinessDay(monday, "America/New_York")).toEqual(new Date("2026-01-02T14:30:00Z"));
    const tuesday = new Date("2026-01-06T14:30:00Z");
    expect(previousBusinessDay(tuesday, "America/New_York")).toEqual(new Date("2026-01-05T14:30:00Z"));
  });
});
