import { describe, expect, it } from "vitest";
import { returnAllowance, unavailableText } from "./return-standing";

describe("returnAllowance", () => {
  it("rounds the cap down but lets the first lead of a month go back, and a 0% cap none", () => {
    expect(returnAllowance(0, 20)).toBe(0);
    expect(returnAllowance(1, 20)).toBe(1);
    expect(returnAllowance(1, 1)).toBe(1);
    expect(returnAllowance(9, 20)).toBe(1);
    expect(returnAllowance(10, 20)).toBe(2);
    expect(returnAllowance(14, 20)).toBe(2);
    expect(returnAllowance(50, 0)).toBe(0);
  });
});

describe("unavailableText", () => {
  const month = new Date("2026-04-01T00:00:00Z");
  it("names the agreement's limit without blaming the client", () => {
    expect(unavailableText({ kind: "over_cap", used: 1, allowed: 1, delivered: 1, percent: 1, month })).toBe(
      "Your agreement allows 1 return for the 1 lead delivered in April 2026 (1%, and always at least one), and 1 has been asked for. If this lead is not what we promised, tell your account manager.",
    );
    expect(unavailableText({ kind: "over_cap", used: 0, allowed: 0, delivered: 3, percent: 0, month })).toBe(
      "Your agreement does not include returns. If this lead is not what we promised, tell your account manager.",
    );
  });
});
