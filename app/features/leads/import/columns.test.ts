import { describe, expect, it } from "vitest";
import { leadDetailsSchema } from "../leads.schema";
import {
  guessMapping,
  LEAD_CSV_COLUMNS,
  optionValue,
  rowToLead,
  splitFullName,
  stateCode,
  zipCode,
} from "./columns";
import { propertyTypes } from "~/db/enums";

const defaults = { propertyType: "single_family", motivationLevel: "warm", leadSource: "direct_mail" };

describe("guessMapping", () => {
  it("recognises a skip-trace list's headers, several phones included", () => {
    expect(
      guessMapping([
        "Owner 1 First Name",
        "Owner 1 Last Name",
        "Property Address",
        "Property City",
        "Property State",
        "Property Zip",
        "Phone 1",
        "Phone 2",
        "Email",
        "Est. Value",
        "APN",
      ]),
    ).toEqual([
      "firstName",
      "lastName",
      "address",
      "city",
      "state",
      "zipCode",
      "phone",
      "phone",
      "email",
      "estimatedValue",
      null,
    ]);
  });

  it("maps every column of our own export that a lead has, and leaves the rest", () => {
    const mapping = guessMapping(LEAD_CSV_COLUMNS);
    expect(Object.fromEntries(LEAD_CSV_COLUMNS.map((h, i) => [h, mapping[i]]))).toEqual({
      first_name: "firstName",
      last_name: "lastName",
      phone: "phone",
      email: "email",
      address: "address",
      city: "city",
      state: "state",
      zip_code: "zipCode",
      property_type: "propertyType",
      motivation: "motivationLevel",
      source: "leadSource",
      status: null,
      situation_notes: "situationNotes",
      asking_price: "askingPrice",
      estimated_value: "estimatedValue",
      repair_cost: "estimatedRepairCost",
      client_email: "clientEmail",
      created_at: null,
      lead_id: null,
    });
  });

  it("gives a target to its first column only (but the phone)", () => {
    expect(guessMapping(["City", "city", "Name", "Owner Name"])).toEqual(["city", null, "fullName", null]);
  });
});

describe("tidying values", () => {
  it.each([
    ["Texas", "TX"],
    ["new york", "NY"],
    ["District of Columbia", "DC"],
    ["tx", "tx"],
    ["Texass", "Texass"],
  ])("writes the state %j as %j", (raw, code) => {
    expect(stateCode(raw)).toBe(code);
  });

  it.each([
    ["2134", "02134"],
    ["501", "00501"],
    ["787451234", "78745-1234"],
    ["78745", "78745"],
    ["78745-1234", "78745-1234"],
    ["7874A", "7874A"],
  ])("repairs the ZIP code %j as %j", (raw, zip) => {
    expect(zipCode(raw)).toBe(zip);
  });

  it("takes an option by its code or its label", () => {
    expect(optionValue(propertyTypes, "Single Family")).toBe("single_family");
    expect(optionValue(propertyTypes, "MULTI_FAMILY")).toBe("multi_family");
    expect(optionValue(propertyTypes, "castle")).toBe("castle");
  });

  it.each([
    ["Smith, Jane", "Jane", "Smith"],
    ["Jane Q. Smith", "Jane Q.", "Smith"],
    ["  Jane   Smith ", "Jane", "Smith"],
    ["Cher", "Cher", ""],
  ])("splits %j", (raw, firstName, lastName) => {
    expect(splitFullName(raw)).toEqual({ firstName, lastName });
  });
});

describe("rowToLead", () => {
  const headers = ["Owner Name", "Phone 1", "Phone 2", "Address", "City", "State", "Zip", "Type", "Price"];
  const mapping = guessMapping(headers);

  it("fills the form's fields from a row, and the lead schema accepts them", () => {
    const { fields, clientEmail } = rowToLead(
      [
        "Alvarez, Rosa",
        "",
        "(512) 555-0101",
        "4417 Live Oak St",
        "Austin",
        "Texas",
        "78745",
        "Condo",
        "$250,000",
      ],
      mapping,
      defaults,
    );
    expect(clientEmail).toBe("");
    expect(fields).toMatchObject({
      firstName: "Rosa",
      lastName: "Alvarez",
      phone: "(512) 555-0101",
      state: "TX",
      propertyType: "condo",
      motivationLevel: "warm",
      leadSource: "direct_mail",
      askingPrice: "$250,000",
    });
    const parsed = leadDetailsSchema.safeParse(fields);
    expect(parsed.success && parsed.data).toMatchObject({ phone: "+15125550101", askingPrice: 250000 });
  });

  it("leaves the schema to say what is wrong, with its own messages", () => {
    const { fields } = rowToLead(
      ["Rosa", "call me", "", "1 A", "X", "Texass", "7874A", "castle", "-5"],
      mapping,
      defaults,
    );
    const parsed = leadDetailsSchema.safeParse(fields);
    expect(parsed.success).toBe(false);
    const messages = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Last name is required",
        "Invalid phone number format (use E.164 format, e.g., +12025551234)",
        "Address is required",
        "City is required",
        "State must be 2-letter code (e.g., CA, NY)",
        "Invalid ZIP code (use 12345 or 12345-6789 format)",
        "Choose a property type",
        "Price must be positive",
      ]),
    );
  });
});
