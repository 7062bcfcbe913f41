import { describe, expect, it } from "vitest";
import { misfitsOf, misfitTexts, type AgreementCriteria, type LeadFacts } from "./agreement-fit";
import { marketLabel, marketsText, parseMarkets } from "./markets";

const labels = (text: string) => {
  const parsed = parseMarkets(text);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.items.map(marketLabel);
};

describe("reading target markets as people write them", () => {
  it.each([
    ["TX", ["TX"]],
    ["Texas", ["TX"]],
    ["tx, ok; New Mexico", ["TX", "OK", "NM"]],
    ["Harris County, TX", ["Harris County, TX"]],
    ["harris, texas", ["Harris County, TX"]],
    ["Washington County, OR", ["Washington County, OR"]],
    ["Saint Louis County, MO", ["St. Louis County, MO"]],
    ["East Baton Rouge Parish, LA", ["East Baton Rouge Parish, LA"]],
    ["77002, 77003 77004", ["77002", "77003", "77004"]],
    ["25 miles of 77002", ["25 miles of 77002"]],
    ["within 10 mi around 30310.", ["10 miles of 30310"]],
    ["TX\nTX\n\n  ;", ["TX"]],
    ["", []],
  ])("%j reads as %j", (text, expected) => {
    expect(labels(text)).toEqual(expected);
  });

  it("names the piece it cannot read, and a radius out of range", () => {
    expect(parseMarkets("TX\nHouston metro")).toEqual({
      error:
        '"Houston metro" is not a state, county, ZIP code or radius we can read (write it as "TX", "Harris County, TX", "77002" or "25 miles of 77002")',
    });
    expect(parseMarkets("500 miles of 77002")).toEqual({
      error: '"500 miles of 77002": a radius is between 1 and 200 miles',
    });
    expect(parseMarkets("7700")).toHaveProperty("error");
  });

  it("says a list of markets in a sentence", () => {
    expect(marketsText(["Harris County, TX"])).toBe("Harris County, TX");
    expect(marketsText(["TX", "OK"])).toBe("TX and OK");
    expect(marketsText(["TX", "OK", "LA"])).toBe("TX, OK and LA");
    expect(marketsText(["TX", "OK", "LA", "AR", "NM"])).toBe("TX, OK and 3 more");
  });
});

describe("whether a lead fits the agreement", () => {
  const criteria: AgreementCriteria = {
    markets: ["Harris County, TX", "OK"],
    marketStates: ["OK"],
    marketZips: ["77002", "77449"],
    propertyTypes: ["single_family", "condo"],
    maxPrice: 250_000,
  };
  const lead = (facts: Partial<LeadFacts>): LeadFacts => ({
    state: "TX",
    zipCode: "77002",
    propertyType: "single_family",
    askingPrice: null,
    estimatedValue: null,
    ...facts,
  });

  it("checks the ZIP code (ZIP+4 too), the state, the type and the price", () => {
    expect(misfitsOf(criteria, lead({}))).toEqual([]);
    expect(misfitsOf(criteria, lead({ zipCode: "77449-1234" }))).toEqual([]);
    expect(misfitsOf(criteria, lead({ state: "OK", zipCode: "73101" }))).toEqual([]);
    expect(misfitsOf(criteria, lead({ zipCode: "78701" }))).toEqual(["market"]);
    expect(misfitsOf(criteria, lead({ propertyType: "land", askingPrice: 250_001 }))).toEqual([
      "propertyType",
      "price",
    ]);
    // Without an asking price the value counts; with neither, nothing says it is over.
    expect(misfitsOf(criteria, lead({ estimatedValue: 400_000 }))).toEqual(["price"]);
    expect(misfitsOf(criteria, lead({ askingPrice: 200_000, estimatedValue: 400_000 }))).toEqual([]);
  });

  it("reads an empty criterion as none", () => {
    const open: AgreementCriteria = {
      markets: [],
      marketStates: [],
      marketZips: [],
      propertyTypes: [],
      maxPrice: null,
    };
    expect(
      misfitsOf(open, lead({ state: "AK", zipCode: "99553", propertyType: "land", askingPrice: 9e6 })),
    ).toEqual([]);
  });

  it("words what is off, singular and plural", () => {
    expect(misfitTexts(criteria, { market: 12, propertyType: 1, price: 3 })).toEqual([
      "12 leads outside Harris County, TX and OK",
      "1 lead not Single Family or Condo",
      "3 leads priced over $250,000",
    ]);
  });
});
