import { describe, expect, it } from "vitest";
import { tableLines } from "../../scripts/zip-prefixes";
import { zipInState, zipPrefixTable } from "./zip-prefixes";

describe("zip-prefixes", () => {
  it("is the ZIP code table we ship, prefix by prefix", () => {
    expect(zipPrefixTable).toBe(tableLines().join("\n"));
  });

  it("places a ZIP code in its state and no other", () => {
    expect(zipInState("85004", "AZ")).toBe(true);
    expect(zipInState("02134", "MA")).toBe(true);
    expect(zipInState("00852", "AZ")).toBe(false);
    expect(zipInState("85004", "az")).toBe(true);
    expect(zipInState("99999", "TX")).toBe(false);
  });
});
