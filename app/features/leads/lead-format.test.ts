import { describe, expect, it } from "vitest";
import { weekLabel } from "~/components/charts/chart-table";
import { formatMonth, formatMoney, formatPrice } from "./lead-format";

// The formatters are made once per module; these check each still reads as before, whatever came first.
describe("formatters made once", () => {
  it("names a month in UTC from a date string or a Date", () => {
    expect(formatMonth("2026-11-01")).toBe("November 2026");
    expect(formatMonth("2026-12-01T00:00:00.000Z")).toBe("December 2026");
    expect(formatMonth(new Date("2026-04-30T23:30:00Z"))).toBe("April 2026");
  });

  it("prices a lead with cents only when it has them", () => {
    expect(formatPrice(45)).toBe("$45");
    expect(formatPrice(45.5)).toBe("$45.50");
    expect(formatPrice(1250.25)).toBe("$1,250.25");
    expect(formatPrice(35)).toBe("$35");
  });

  it("labels a week by its first day and rounds money to dollars", () => {
    expect(weekLabel("2026-11-02")).toBe("Nov 2");
    expect(formatMoney(249_999.6)).toBe("$250,000");
    expect(formatMoney(0)).toBe("N/A");
  });
});
