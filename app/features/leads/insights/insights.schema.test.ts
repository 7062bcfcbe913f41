import { describe, expect, it } from "vitest";
import { defaultRange, parseRange, rangePresets, weekOf, weeksOf } from "./insights.schema";

const now = new Date("2026-11-25T23:30:00Z");
const url = (query: string) => new URL(`http://leadworks.test/admin/insights?${query}`);

describe("the insights' date range", () => {
  it("defaults to the 12 weeks (84 UTC days) ending today", () => {
    expect(defaultRange(now)).toEqual({ from: "2026-09-03", to: "2026-11-25" });
    expect(parseRange(url(""), now)).toEqual({ ok: true, range: { from: "2026-09-03", to: "2026-11-25" } });
  });

  it("takes a valid range, and a missing end from the default", () => {
    expect(parseRange(url("from=2026-10-05&to=2026-10-18"), now)).toEqual({
      ok: true,
      range: { from: "2026-10-05", to: "2026-10-18" },
    });
    expect(parseRange(url("from=2026-10-05"), now)).toMatchObject({ ok: true, range: { to: "2026-11-25" } });
  });

  it.each([
    ["from=2026-02-30&to=2026-03-10", "That day does not exist"],
    ["from=10/05/2026&to=2026-10-18", "Dates are written YYYY-MM-DD"],
    ["from=2026-10-18&to=2026-10-05", "The start date is after the end date"],
    ["from=2024-01-01&to=2026-01-01", "A range spans at most 731 days"],
    ["from=9999-12-01&to=9999-12-31", "Dates run from 1900 to 2199"],
    ["from=0000-01-01", "Dates run from 1900 to 2199"],
    ["from=+010000-01-03&to=+010000-01-10", "Dates are written YYYY-MM-DD"],
  ])("falls back to the default with the reason for %s", (query, reason) => {
    const parsed = parseRange(url(query), now);
    expect(parsed.ok).toBe(false);
    expect(parsed.range).toEqual(defaultRange(now));
    expect(!parsed.ok && parsed.problem).toContain(reason);
  });

  it("counts in weeks from Monday (UTC)", () => {
    expect(weekOf("2026-10-18")).toBe("2026-10-12");
    expect(weekOf("2026-10-12")).toBe("2026-10-12");
    expect(weeksOf({ from: "2026-10-11", to: "2026-10-19" })).toEqual([
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
    ]);
  });

  it("ends by count whatever range it is handed: past year 9999, backwards, or longer than allowed", () => {
    // The week after 9999-12-27 is labelled "+010000-01-03", which sorts below "9999-12-31": a loop that
    // compared labels never ended (it held the whole server).
    expect(weeksOf({ from: "9999-12-01", to: "9999-12-31" })).toEqual([
      "9999-11-29",
      "9999-12-06",
      "9999-12-13",
      "9999-12-20",
      "9999-12-27",
    ]);
    expect(weeksOf({ from: "2026-10-19", to: "2026-10-01" })).toEqual([]);
    expect(weeksOf({ from: "1900-01-01", to: "2199-12-31" }).length).toBe(106);
  });
});

describe("the insights' range presets", () => {
  const ranges = (at: string) =>
    Object.fromEntries(rangePresets(new Date(at)).map((p) => [p.label, `${p.range.from}..${p.range.to}`]));

  it("names this and last month, the last 30 and 90 days, 12 weeks and the year, ending today (UTC)", () => {
    expect(ranges("2026-11-25T23:30:00Z")).toEqual({
      "This month": "2026-11-01..2026-11-25",
      "Last month": "2026-10-01..2026-10-31",
      "Last 30 days": "2026-10-27..2026-11-25",
      "Last 90 days": "2026-08-28..2026-11-25",
      "Last 12 weeks": "2026-09-03..2026-11-25",
      "This year": "2026-01-01..2026-11-25",
    });
  });

  it("reaches back into last year in January, and to February's last day in March", () => {
    expect(ranges("2026-01-10T00:00:00Z")["Last month"]).toBe("2025-12-01..2025-12-31");
    expect(ranges("2028-03-02T12:00:00Z")["Last month"]).toBe("2028-02-01..2028-02-29");
  });

  it("gives ranges the URL parser accepts as they are", () => {
    for (const { range } of rangePresets(now)) {
      expect(parseRange(url(`from=${range.from}&to=${range.to}`), now)).toEqual({ ok: true, range });
    }
  });
});
