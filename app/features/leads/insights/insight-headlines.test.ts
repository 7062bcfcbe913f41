import { describe, expect, it } from "vitest";
import { insightHeadlines } from "./insight-headlines";
import type { Insights } from "./insights.server";

const empty: Insights = {
  range: { from: "2026-11-01", to: "2026-11-25" },
  weeks: [],
  delivered: [],
  funnel: [],
  responsiveness: [],
  team: null,
  returns: [],
  sources: [],
  notInterested: [],
  topZips: [],
  deals: [],
  returnOnSpend: null,
};

const some: Insights = {
  ...empty,
  delivered: [
    { week: "2026-11-02", source: "online", count: 30 },
    { week: "2026-11-09", source: "cold_call", count: 10 },
  ],
  funnel: [
    { status: "new", count: 20, reached: 30 },
    { status: "qualified", count: 6, reached: 10 },
    { status: "sold", count: 4, reached: 4 },
    { status: "dead", count: 8, reached: 8 },
  ],
  responsiveness: [
    { clientId: "a", client: "A", delivered: 20, answered: 10, medianHours: 2, p90Hours: 9 },
    { clientId: "b", client: "B", delivered: 10, answered: 5, medianHours: 5, p90Hours: 12 },
    { clientId: "c", client: "C", delivered: 10, answered: 0, medianHours: null, p90Hours: null },
  ],
  returns: [{ reason: "wrong_number", source: "online", requested: 4, approved: 1, rejected: 1 }],
  deals: [{ source: "online", deals: 3, profit: 45000 }],
};

const byLabel = (insights: Insights, own: boolean) =>
  Object.fromEntries(insightHeadlines(insights, own).map((h) => [h.label, `${h.value} | ${h.detail}`]));

describe("the insights' headline figures", () => {
  it("counts deliveries, the qualified share of held leads, returns, the median client and deals", () => {
    expect(byLabel(some, false)).toEqual({
      "Leads delivered": "40 | in the range",
      "Qualified or further": "26% | 10 of 38 still held",
      "Returns requested": "10% | 4 of 40 delivered",
      "Median response": "3.5 h | of the median client, of 2",
      "Deals closed": "3 | $45,000 profit reported",
    });
  });

  it("shows a dash, not 0% or 0.0x, where there is nothing to divide", () => {
    const figures = byLabel(
      { ...empty, returnOnSpend: { delivered: 0, returned: 0, spend: 0, profit: 0, deals: 0, ratio: null } },
      true,
    );
    expect(figures["Qualified or further"]).toBe("– | 0 of 0 still held");
    expect(figures["Median response"]).toBe("– | no feedback yet");
    expect(figures["Return on spend"]).toBe("– | no lead spend yet");
    const spentNoDeals = insightHeadlines(
      { ...empty, returnOnSpend: { delivered: 5, returned: 0, spend: 200, profit: 0, deals: 0, ratio: 0 } },
      true,
    ).find((h) => h.label === "Return on spend");
    expect(`${spentNoDeals?.value} | ${spentNoDeals?.detail}`).toBe("– | no deals reported yet");
  });

  it("gives a client their own response time and return on spend", () => {
    const own = {
      ...some,
      responsiveness: [some.responsiveness[0]!],
      returnOnSpend: {
        delivered: 40,
        returned: 1,
        spend: 9750,
        profit: 45000,
        deals: 3,
        ratio: 45000 / 9750,
      },
    };
    expect(byLabel(own, true)).toMatchObject({
      "Median response": "2 h | from delivery to first feedback",
      "Return on spend": "4.6x | on $9,750 spent",
    });
  });
});
