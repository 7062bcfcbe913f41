import { describe, expect, it } from "vitest";
import { dayOf, dayProblem, FIRST_YEAR, isCalendarDay, isMomentText, LAST_YEAR } from "./calendar";

const pad = (n: number, width: number) => String(n).padStart(width, "0");

describe("calendar days and moments from people", () => {
  it("accepts every real day of the years we take, and refuses every day of every year outside", () => {
    // Each year from 0 to 9999, on a day of each month (the 28th exists in all of them).
    for (let year = 0; year <= 9999; year++) {
      const day = `${pad(year, 4)}-${pad(1 + (year % 12), 2)}-28`;
      const inside = year >= FIRST_YEAR && year <= LAST_YEAR;
      expect(isCalendarDay(day), day).toBe(inside);
      if (!inside) expect(dayProblem(day)).toBe(`Dates run from ${FIRST_YEAR} to ${LAST_YEAR}`);
    }
  });

  it("refuses days that do not exist and spellings that are not YYYY-MM-DD", () => {
    for (const day of ["2026-02-29", "2024-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00"]) {
      expect(dayProblem(day), day).toBe("That day does not exist");
    }
    expect(isCalendarDay("2024-02-29")).toBe(true);
    for (const text of [
      "+010000-01-03",
      "March 7",
      "2026-1-5",
      "05/10/2026",
      "20261005",
      "",
      "2026-10-05\u0000",
    ]) {
      expect(dayProblem(text), text).toBe("Dates are written YYYY-MM-DD");
    }
  });

  it("every day of the first and last year round-trips, and the edges hold", () => {
    for (const year of [FIRST_YEAR, LAST_YEAR]) {
      const start = Date.UTC(year, 0, 1);
      for (let i = 0; i < 365; i++) expect(isCalendarDay(dayOf(start + i * 86_400_000))).toBe(true);
    }
    expect(isCalendarDay(`${FIRST_YEAR - 1}-12-31`)).toBe(false);
    expect(isCalendarDay(`${LAST_YEAR + 1}-01-01`)).toBe(false);
  });

  it("reads moments as PostgreSQL and ISO 8601 write them, and nothing else", () => {
    for (const text of [
      "2026-01-31T09:30:00Z",
      "2026-01-31 09:30:00.123456+00",
      "2026-01-31 09:30:00+05:30",
      "2026-01-31T23:59:59-0800",
      "2026-01-31 00:00:00",
    ]) {
      expect(isMomentText(text), text).toBe(true);
    }
    for (const text of [
      "March 7",
      "9999-12-31 23:59:59+00",
      "0000-01-01T00:00:00Z",
      "2026-02-30 00:00:00Z",
      "2026-01-31 24:00:00Z",
      "2026-01-31 12:60:00Z",
      "2026-01-31 12:00:00+16",
      "2026-01-31 12:00:00.1234567Z",
      "2026-01-31T12:00:00Z; drop table leads",
      "",
    ]) {
      expect(isMomentText(text), text).toBe(false);
    }
  });
});
