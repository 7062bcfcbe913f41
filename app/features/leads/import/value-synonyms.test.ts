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

describe("suggestValue among the agency's sources", () => {
  const builtIn = leadSources.map((s) => ({ value: s.value, label: s.label }));
  const agency = [
    ...builtIn,
    { value: "facebook_ads", label: "Facebook Ads" },
    { value: "probate_list", label: "Probate List" },
    { value: "sms_blast", label: "SMS Blast" },
  ];

  it("reads a source the agency added by its label or key in any spelling, before the words we know", () => {
    for (const [raw, value] of [
      ["Facebook Ads", "facebook_ads"],
      ["FACEBOOK-ADS", "facebook_ads"],
      ["facebook_ads", "facebook_ads"],
      ["Probate Lists", "probate_list"],
      ["probate list leads", "probate_list"],
      ["sms blast", "sms_blast"],
      // The words we know still read as the built-in source they name.
      ["Cold Calling", "cold_call"],
      ["Google Ads", "online"],
    ] as const) {
      expect(suggestValue("leadSource", raw, agency), raw).toBe(value);
    }
    // Without the agency's list, the built-in sources only.
    expect(suggestValue("leadSource", "Facebook Ads")).toBe("online");
  });

  it("never proposes a source that is not on the list (a retired one)", () => {
    const withoutOnline = agency.filter((s) => s.value !== "online");
    expect(suggestValue("leadSource", "Online", withoutOnline)).not.toBe("online");
    expect(suggestValue("leadSource", "Google Ads", withoutOnline)).not.toBe("online");
    for (const raw of ["Cold Calling", "Direct Mailer", "Referral", "Zillow", "tv"]) {
      const target = suggestValue("leadSource", raw, withoutOnline);
      if (target !== null)
        expect(
          withoutOnline.map((s) => s.value),
          raw,
        ).toContain(target);
    }
  });

  it("leaves the other fields to their own values whatever sources are given", () => {
    expect(suggestValue("motivationLevel", "Must Sell", agency)).toBe(
      suggestValue("motivationLevel", "Must Sell"),
    );
    expect(suggestValue("propertyType", "SFR", agency)).toBe("single_family");
  });
});
