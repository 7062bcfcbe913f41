import { describe, expect, it } from "vitest";
import { ledgerMonth, milestones, overText, riskRank, riskTexts } from "./guarantee";

const at = (iso: string) => new Date(iso);
/**
 * What the database reads of deliveries at these times, none returned (ledger.server.ts): the first, and
 * those from the start to the 30-day deadline counted, with the 50th's time.
 */
const delivered = (times: Date[], start = "2026-11-01") => {
  const from = at(`${start}T00:00:00Z`).getTime();
  const due = from + 30 * 86_400_000;
  const window = times.filter((t) => t.getTime() >= from && t.getTime() <= due);
  return { first: times[0] ?? null, qualified: Math.min(window.length, 50), fiftiethAt: window[49] ?? null };
};
/** `n` deliveries, one an hour from `from`, none returned. */
const hourly = (from: string, n: number) =>
  delivered(Array.from({ length: n }, (_, i) => new Date(at(from).getTime() + i * 3_600_000)));
const none = { first: null, qualified: 0, fiftiethAt: null };

describe("ledgerMonth", () => {
  it("takes approved returns out and settles replacements from deliveries beyond the promise", () => {
    expect(ledgerMonth({ month: "2026-09-01", promised: 50, delivered: 55, returned: 3 })).toEqual({
      month: "2026-09-01",
      promised: 50,
      delivered: 55,
      returned: 3,
      replacementsOwed: 3,
      replacementsDelivered: 3,
      netDelivered: 52,
      short: 0,
      over: 2,
    });
    expect(ledgerMonth({ month: "2026-10-01", promised: 50, delivered: 51, returned: 4 })).toMatchObject({
      replacementsOwed: 4,
      replacementsDelivered: 1,
      netDelivered: 47,
      short: 3,
      over: 0,
    });
    expect(ledgerMonth({ month: "2026-11-01", promised: 0, delivered: 0, returned: 0 })).toMatchObject({
      netDelivered: 0,
      short: 0,
    });
  });
});

describe("milestones", () => {
  const start = "2026-11-01"; // first lead due Nov 8 00:00 UTC, 50 qualified due Dec 1 00:00 UTC

  it("has not started before the start date", () => {
    const [first, fifty] = milestones(start, none, at("2026-10-30T12:00:00Z"));
    expect([first.state, fifty.state]).toEqual(["not_started", "not_started"]);
  });

  it("meets the first lead on the 7th day's last moment, misses it one millisecond later", () => {
    expect(
      milestones(start, delivered([at("2026-11-08T00:00:00Z")]), at("2026-11-20T00:00:00Z"))[0].state,
    ).toBe("met");
    expect(
      milestones(start, delivered([at("2026-11-08T00:00:00.001Z")]), at("2026-11-20T00:00:00Z"))[0].state,
    ).toBe("missed");
    expect(milestones(start, none, at("2026-11-08T00:00:00Z"))[0].state).toBe("at_risk");
    expect(milestones(start, none, at("2026-11-08T00:00:00.001Z"))[0].state).toBe("missed");
    expect(milestones(start, none, at("2026-11-02T00:00:00Z"))[0].state).toBe("on_track");
    // A delivery before the start does not count towards it.
    expect(
      milestones(start, delivered([at("2026-10-31T23:59:59Z")]), at("2026-11-09T00:00:00Z"))[0].state,
    ).toBe("missed");
  });

  it("counts 50 qualified leads by the 30th day, returned ones not", () => {
    const fifty = hourly("2026-11-28T00:00:00Z", 50); // the 50th at Nov 30 01:00
    expect(milestones(start, fifty, at("2026-12-05T00:00:00Z"))[1]).toMatchObject({
      state: "met",
      count: 50,
    });
    const oneReturned = { first: fifty.first, qualified: 49, fiftiethAt: null };
    expect(milestones(start, oneReturned, at("2026-12-05T00:00:00Z"))[1]).toMatchObject({
      state: "missed",
      count: 49,
    });
    const late = hourly("2026-11-30T00:00:00Z", 50); // the 50th at Dec 2 01:00: after the deadline
    expect(milestones(start, late, at("2026-12-05T00:00:00Z"))[1].state).toBe("missed");
  });

  it("is on track while the count keeps a straight pace to 50, at risk when it falls behind", () => {
    const now = at("2026-11-16T00:00:00Z"); // half way: 25 expected
    expect(milestones(start, hourly("2026-11-02T00:00:00Z", 25), now)[1].state).toBe("on_track");
    expect(milestones(start, hourly("2026-11-02T00:00:00Z", 24), now)[1].state).toBe("at_risk");
  });
});

describe("riskRank", () => {
  it("puts a missed milestone first, then at risk, then behind pace, then over the promise", () => {
    expect(riskRank(["met", "missed"], false)).toBe(0);
    expect(riskRank(["met", "at_risk"], true)).toBe(1);
    expect(riskRank(["met", "met"], true)).toBe(2);
    expect(riskRank(["met", "met"], false, true)).toBe(3);
    expect(riskRank(["met", "on_track"], false)).toBe(4);
    expect(riskTexts[riskRank(["met", "met"], false, true)]).toBe("Over this month's promise");
  });
});

describe("overText", () => {
  it("flags a month beyond its promise, net of returns, and nothing otherwise", () => {
    const month = ledgerMonth({ month: "2026-11-01", promised: 25, delivered: 389, returned: 0 });
    expect(overText(month)).toBe("Over by 364 this month");
    expect(overText(ledgerMonth({ month: "2026-11-01", promised: 25, delivered: 27, returned: 2 }))).toBe(
      null,
    );
  });
});
