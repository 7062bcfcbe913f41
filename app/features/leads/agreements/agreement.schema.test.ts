import { describe, expect, it } from "vitest";
import { agreementSchema } from "./agreement.schema";

const form = (extra: Record<string, string | string[]>) => ({
  leadsPerMonth: "25",
  startsOn: "2026-12-01",
  pricePerLead: "$45.50",
  returnWindowDays: "7",
  returnCapPercent: "20",
  targetMarkets: "",
  buyBox: "",
  markets: "",
  maxPrice: "",
  dailyPace: "",
  ...extra,
});
const messages = (extra: Record<string, string | string[]>) =>
  agreementSchema.safeParse(form(extra)).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("the agreement's optional terms", () => {
  it("reads an empty price ceiling and daily limit as none, and dollars as people write them", () => {
    const parsed = agreementSchema.parse(form({ maxPrice: "$250,000", propertyTypes: ["condo"] }));
    expect(parsed).toMatchObject({
      pricePerLead: 45.5,
      maxPrice: 250_000,
      dailyPace: null,
      propertyTypes: ["condo"],
    });
    expect(agreementSchema.parse(form({})).maxPrice).toBeNull();
  });

  it("says what is wrong with each, in the field's words", () => {
    expect(messages({ maxPrice: "250k" })).toEqual([
      ["maxPrice", "Enter the price ceiling in dollars, e.g. 250000"],
    ]);
    expect(messages({ maxPrice: "200000000" })).toEqual([
      ["maxPrice", "Price ceiling can be at most $100,000,000"],
    ]);
    expect(messages({ dailyPace: "0" })).toEqual([["dailyPace", "Most leads a day must be at least 1"]]);
    expect(messages({ pricePerLead: "" })).toEqual([["pricePerLead", "Price per lead is required"]]);
    expect(messages({ pricePerLead: "20000" })).toEqual([
      ["pricePerLead", "Price per lead can be at most $10,000"],
    ]);
  });
});
