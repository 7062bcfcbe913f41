import { describe, expect, it } from "vitest";
import { leadSources } from "~/db/enums";
import { returnStateColours, sourceColours } from "./chart-colours";
import { insightTable } from "./insight-tables";
import type { Insights } from "./insights.server";

const base: Insights = {
  range: { from: "2026-11-02", to: "2026-11-08" },
  weeks: ["2026-11-02"],
  delivered: [],
  funnel: [],
  responsiveness: [],
  team: null,
  returns: [],
  notInterested: [],
  topZips: [],
  deals: [],
  returnOnSpend: null,
};

const colourOf = (insights: Insights, key: string) =>
  insightTable(insights, "delivered").series.find((s) => s.key === key)?.colour;

describe("the charts' colours", () => {
  it("draws a source in the same colour whichever other sources a range holds", () => {
    const alone = { ...base, delivered: [{ week: "2026-11-02", source: "online" as const, count: 3 }] };
    const among = {
      ...base,
      delivered: leadSources.map((s) => ({ week: "2026-11-02", source: s.value, count: 1 })),
    };
    expect(colourOf(alone, "online")).toBe(sourceColours.online);
    expect(colourOf(among, "online")).toBe(sourceColours.online);
    expect(new Set(Object.values(sourceColours)).size).toBe(leadSources.length);
  });

  it("draws waiting returns amber, approved green and rejected grey, on both return charts", () => {
    const returns = [
      { reason: "other" as const, source: "online" as const, requested: 3, approved: 1, rejected: 1 },
    ];
    for (const dataset of ["returns-by-reason", "returns-by-source"] as const) {
      const colours = Object.fromEntries(
        insightTable({ ...base, returns }, dataset).series.map((s) => [s.key, s.colour]),
      );
      expect(colours).toEqual(returnStateColours);
    }
  });
});
