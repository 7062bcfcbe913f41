import { describe, expect, it } from "vitest";
import { leadSources, leadStatuses, motivationLevels, propertyTypes } from "~/db/enums";
import { enumFields, suggestValue, valueKey } from "./value-synonyms";

describe("suggestValue", () => {
  it.each([
    ["Cold Calling", "cold_call"],
    ["COLD-CALL", "cold_call"],
    ["cold_call", "cold_call"],
    ["Power Dialer", "cold_call"],
    ["Direct Mail", "direct_mail"],
    ["Yellow Letters", "direct_mail"],
    ["Postcards", "direct_mail"],
    ["PPC", "online"],
    ["SEO", "online"],
    ["Google Ads", "online"],
    ["Facebook", "online"],
    ["Website", "online"],
    ["SMS", "other"],
    ["Text Message", "other"],
    ["RVM", "other"],
    ["Skip Tracing", "other"],
    ["Driving for Dollars", "drive_for_dollars"],
    ["D4D", "drive_for_dollars"],
    ["DealMachine", "drive_for_dollars"],
    ["Bandit Signs", "bandit_signs"],
    ["Word of Mouth", "referral"],
    ["Bird Dog", "referral"],
    ["REIA Meeting", "networking"],
  ])("lead source %j -> %j", (raw, value) => {
    expect(suggestValue("leadSource", raw)).toBe(value);
  });

  it.each([
    ["Mobile Home", "other"],
    ["Manufactured Home", "other"],
    ["SFR", "single_family"],
    ["Single Family Residential", "single_family"],
    ["Single-Family", "single_family"],
    ["Duplex", "multi_family"],
    ["Multi-Family (2-4 Units)", "multi_family"],
    ["Condominium", "condo"],
    ["Townhome", "townhouse"],
    ["Vacant Land", "land"],
    ["Agricultural", "land"],
    ["Retail", "commercial"],
    ["Mixed Use", "commercial"],
  ])("property type %j -> %j", (raw, value) => {
    expect(suggestValue("propertyType", raw)).toBe(value);
  });

  it.each([
    ["HOT", "hot"],
    ["Very Motivated", "hot"],
    ["High", "hot"],
    ["Medium", "warm"],
    ["Low", "cold"],
    ["Not Motivated", "cold"],
  ])("motivation %j -> %j", (raw, value) => {
    expect(suggestValue("motivationLevel", raw)).toBe(value);
  });

  it.each([
    ["New Lead", "new"],
    ["Appt Set", "appointment_set"],
    ["Appointment Set", "appointment_set"],
    ["In Contract", "under_contract"],
    ["Closed", "sold"],
    ["DNC", "dead"],
    ["Follow Up", "contacted"],
  ])("status %j -> %j", (raw, value) => {
    expect(suggestValue("leadStatus", raw)).toBe(value);
  });

  it("knows every value by its code and its label, and nothing it was not told", () => {
    for (const [field, options] of [
      ["leadSource", leadSources],
      ["motivationLevel", motivationLevels],
      ["propertyType", propertyTypes],
      ["leadStatus", leadStatuses],
    ] as const) {
      for (const option of options) {
        expect(suggestValue(field, option.value)).toBe(option.value);
        expect(suggestValue(field, option.label.toUpperCase())).toBe(option.value);
      }
    }
    expect(suggestValue("leadSource", "Carrier Pigeon")).toBeNull();
    expect(suggestValue("propertyType", "Castle")).toBeNull();
    expect(suggestValue("motivationLevel", "")).toBeNull();
    // Numbers are ambiguous (1-5 or 1-10?): the admin decides.
    expect(suggestValue("motivationLevel", "5")).toBeNull();
  });

  it("offers the four enumerated fields and compares without case, spaces or punctuation", () => {
    expect(enumFields.map((f) => f.value)).toEqual([
      "leadSource",
      "motivationLevel",
      "propertyType",
      "leadStatus",
    ]);
    expect(valueKey(" Cold-Calling! ")).toBe("coldcalling");
  });
});
