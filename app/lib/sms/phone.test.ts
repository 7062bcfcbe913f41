import { describe, expect, it } from "vitest";
import { formatE164, toE164 } from "./phone";

describe("mobile numbers in E.164", () => {
  it("takes numbers as people type them", () => {
    expect(toE164("+1 (312) 555-0123")).toBe("+13125550123");
    expect(toE164("312.555.0123")).toBe("+13125550123");
    expect(toE164("1 312 555 0123")).toBe("+13125550123");
    expect(toE164("+44 7700 900123")).toBe("+447700900123");
  });

  it("refuses what cannot be a number", () => {
    for (const junk of [
      "",
      "555-0123",
      "+0 312 555 0123",
      "call me",
      "+1 312 555 0123 ext 4",
      "+1234567890123456",
    ]) {
      expect(toE164(junk), junk).toBeNull();
    }
  });

  it("shows a US number in groups", () => {
    expect(formatE164("+13125550123")).toBe("+1 312 555 0123");
    expect(formatE164("+447700900123")).toBe("+447700900123");
  });
});
