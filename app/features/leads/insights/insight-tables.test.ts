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
  sources: leadSources.map((s) => ({ ...s, retired: false })),
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

  it("names and colours a source the agency added, the same in every range", () => {
    const sources = [...base.sources, { value: "facebook_ads", label: "Facebook Ads", retired: false }];
    const alone = { ...base, sources, delivered: [{ week: "2026-11-02", source: "facebook_ads", count: 2 }] };
    const among = {
      ...base,
      sources,
      delivered: sources.map((s) => ({ week: "2026-11-02", source: s.value, count: 1 })),
    };
    const series = insightTable(alone, "delivered").series;
    expect(series).toEqual([
      { key: "facebook_ads", label: "Facebook Ads", colour: expect.stringMatching(/^var\(--chart-\d\)$/) },
    ]);
    expect(colourOf(among, "facebook_ads")).toBe(series[0]!.colour);
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
