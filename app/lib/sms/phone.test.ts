import { describe, expect, it } from "vitest";
import { formatE164, smsCountries, smsNumberProblem, toE164 } from "./phone";

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

describe("numbers texts may go to", () => {
  const usCa = ["US", "CA"] as const;

  it("takes US and Canadian mobile numbers by default, and no other country's", () => {
    for (const number of ["+13125550123", "+14155550199", "+14165550123", "+16045550123", "+17875550123"]) {
      expect(smsNumberProblem(number, usCa), number).toBeNull();
    }
    for (const number of [
      "+447700900123",
      "+525512345678",
      "+18765550123",
      "+12425550123",
      "+8613800138000",
    ]) {
      expect(smsNumberProblem(number, usCa), number).toBe(
        "We text mobile numbers in the United States and Canada only",
      );
    }
    expect(smsNumberProblem("+14165550123", ["US"])).toBe("We text mobile numbers in the United States only");
  });

  it("refuses toll-free, premium and non-geographic numbers, whatever the countries allowed", () => {
    const every = Object.keys(smsCountries) as (keyof typeof smsCountries)[];
    for (const number of [
      "+19005550123",
      "+19765550123",
      "+18005550123",
      "+18885550123",
      "+15005550123",
      "+15335550123",
      "+16005550123",
      "+17105550123",
      "+88212345678",
      "+88112345678",
      "+80012345678",
      "+979123456789",
      "+449012345678",
      "+447012345678",
    ]) {
      expect(smsNumberProblem(number, every), number).toBe(
        "That is a toll-free, premium or non-geographic number: enter a mobile number",
      );
    }
    expect(smsNumberProblem("+447700900123", every)).toBeNull();
    expect(smsNumberProblem("+61412345678", every)).toBeNull();
  });

  it("refuses +1 numbers that cannot be dialled (a 0 or 1 starting the area code or exchange)", () => {
    for (const number of ["+10125550123", "+11125550123", "+13120550123", "+13121550123"]) {
      expect(smsNumberProblem(number, usCa), number).toBe(
        "We text mobile numbers in the United States and Canada only",
      );
    }
  });
});
