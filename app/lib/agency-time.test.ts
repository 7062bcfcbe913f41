import { describe, expect, it } from "vitest";
import {
  businessHoursLabel,
  businessTimeBefore,
  formatAgencyTime,
  inBusinessHours,
  previousBusinessDay,
  timeZoneLabel,
  zonedInstant,
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

describe("business time", () => {
  const tz = "America/New_York";
  /** New York wall clock in winter (UTC-5) or, with the offset, summer. */
  const ny = (local: string, offset = "-05:00") => new Date(`${local}${offset}`);

  it("finds the instant a wall clock shows, in winter and in summer", () => {
    expect(zonedInstant("2026-01-05", 9 * 60, tz)).toEqual(new Date("2026-01-05T14:00:00Z"));
    expect(zonedInstant("2026-07-06", 18 * 60, tz)).toEqual(new Date("2026-07-06T22:00:00Z"));
    // The Monday after the spring change (8 March 2026) and the Friday before it.
    expect(zonedInstant("2026-03-09", 9 * 60, tz)).toEqual(new Date("2026-03-09T13:00:00Z"));
    expect(zonedInstant("2026-03-06", 9 * 60, tz)).toEqual(new Date("2026-03-06T14:00:00Z"));
    expect(zonedInstant("2026-01-05", 0, "UTC")).toEqual(new Date("2026-01-05T00:00:00Z"));
  });

  it("counts back within one business day", () => {
    // Tuesday 14:00 less 4 business hours: Tuesday 10:00.
    expect(businessTimeBefore(ny("2026-01-06T14:00:00"), 240, tz)).toEqual(ny("2026-01-06T10:00:00"));
    // Exactly at opening plus 4 hours: back to the opening itself.
    expect(businessTimeBefore(ny("2026-01-06T13:00:00"), 240, tz)).toEqual(ny("2026-01-06T09:00:00"));
  });

  it("stops counting at 18:00 and starts again at 9:00 the next business day", () => {
    // Wednesday 10:00 less 4 h: 1 h on Wednesday morning, 3 h from Tuesday's 18:00, so Tuesday 15:00.
    expect(businessTimeBefore(ny("2026-01-07T10:00:00"), 240, tz)).toEqual(ny("2026-01-06T15:00:00"));
    // At 20:00 on Tuesday, nothing has counted since 18:00.
    expect(businessTimeBefore(ny("2026-01-06T20:00:00"), 240, tz)).toEqual(ny("2026-01-06T14:00:00"));
    // Before opening, the day has counted nothing yet.
    expect(businessTimeBefore(ny("2026-01-07T08:30:00"), 60, tz)).toEqual(ny("2026-01-06T17:00:00"));
  });

  it("skips the weekend", () => {
    // Monday 11:00 less 4 h: 2 h on Monday, 2 h from Friday's 18:00, so Friday 16:00.
    expect(businessTimeBefore(ny("2026-01-12T11:00:00"), 240, tz)).toEqual(ny("2026-01-09T16:00:00"));
    // On a Sunday, the count is where Friday's closing left it.
    expect(businessTimeBefore(ny("2026-01-11T12:00:00"), 60, tz)).toEqual(ny("2026-01-09T17:00:00"));
    // Monday 13:00 less 4 h is Monday's opening: everything from Friday 18:00 on waits the same.
    expect(businessTimeBefore(ny("2026-01-12T13:00:00"), 240, tz)).toEqual(ny("2026-01-12T09:00:00"));
  });

  it("spans several days and a change of summer time", () => {
    // 18 business hours (two days) before Wednesday 9:00 in the week of the spring change: Monday 9:00.
    expect(businessTimeBefore(ny("2026-03-11T09:00:00", "-04:00"), 18 * 60, tz)).toEqual(
      ny("2026-03-09T09:00:00", "-04:00"),
    );
    // Monday 10:00 (summer) less 4 h reaches Friday 15:00 (winter).
    expect(businessTimeBefore(ny("2026-03-09T10:00:00", "-04:00"), 240, tz)).toEqual(
      ny("2026-03-06T15:00:00"),
    );
  });
});
