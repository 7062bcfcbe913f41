import { describe, expect, it } from "vitest";
import { leadDetailsSchema } from "../leads.schema";
import { stateCode } from "../us-states";
import { zipInState } from "~/lib/zip-prefixes";
import { randomSource } from "../../../../tests/support/random";
import { amountText, isPlaceholder, phoneText, splitFullName, zipCode, zipProblem } from "./cells";
import { guessMapping, importTargets, LEAD_CSV_COLUMNS, rowToLead, SKIP_ROWS } from "./columns";
import { storedChanges } from "./stored-changes";

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
      status: "leadStatus",
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
    ["tx", "TX"],
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
      askingPrice: "250000",
    });
    const parsed = leadDetailsSchema.safeParse(fields);
    expect(parsed.success && parsed.data).toMatchObject({ phone: "+15125550101", askingPrice: 250000 });
  });

  it("leaves the schema to say what is wrong, with its own messages", () => {
    const { fields, valueProblems, valuesInFile } = rowToLead(
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
        "Price must be positive",
      ]),
    );
    // A word nothing matches is no problem: the lead is "Other" and keeps the word.
    expect(valueProblems).toEqual([]);
    expect(fields.propertyType).toBe("other");
    expect(valuesInFile).toEqual({ propertyType: "castle" });
  });
});

describe("values as people write them", () => {
  it.each([
    ["N/A", true],
    ["n.a.", true],
    ["none", true],
    ["No Email", true],
    ["-", true],
    ["--", true],
    ["  ", true],
    ["TBD", true],
    ["Nancy", false],
    ["李", false],
  ])("%j is a placeholder: %s", (raw, placeholder) => {
    expect(isPlaceholder(raw)).toBe(placeholder);
  });

  it.each([
    ["$185,000", "185000"],
    ["185k", "185000"],
    ["$185K", "185000"],
    ["1.2M", "1200000"],
    ["$185,000.50", "185000.5"],
    ["USD 99000", "99000"],
    ["~250000", "250000"],
    ["TBD", ""],
    ["Negotiable", ""],
    ["N/A", ""],
    ["-5", "-5"],
    ["lots", "lots"],
  ])("reads the amount %j as %j", (raw, amount) => {
    expect(amountText(raw)).toBe(amount);
  });

  it.each([
    ["6025550101.0", "6025550101"],
    ["6.025550101E+09", "6025550101"],
    ["(602) 555-0101 ext. 12", "(602) 555-0101"],
    ["602-555-0101 x7", "602-555-0101"],
    ["tel:+16025550101", "+16025550101"],
  ])("undoes what spreadsheets did to the phone %j", (raw, phone) => {
    expect(phoneText(raw)).toBe(phone);
  });

  it.each([
    ["2134", "MA", "02134"],
    ["2134", "", "02134"],
    ["80202.0", "CO", "80202"],
    ["2134-1234", "", "02134-1234"],
    ["21341234", "MA", "02134-1234"],
    ["21341234", "TX", "21341234"],
    ["78745-", "TX", "78745"],
  ])("repairs the ZIP %j in %j as %j", (raw, state, zip) => {
    expect(zipCode(raw, state)).toBe(zip);
  });

  it("puts zeros back only where they make a ZIP code of the row's state, and says so otherwise", () => {
    // Every 3- and 4-digit number, in every state: a repair always lands in the row's state.
    const states = ["AZ", "MA", "NJ", "CT", "TX", "NY", "PR", "ME"];
    for (let n = 100; n <= 9999; n++) {
      for (const state of states) {
        const raw = String(n);
        const zip = zipCode(raw, state);
        if (zip !== raw) {
          expect(zip, `${raw} in ${state}`).toBe(raw.padStart(5, "0"));
          expect(zipInState(zip, state), `${raw} in ${state}`).toBe(true);
          expect(zipProblem(raw, state)).toBeUndefined();
        } else {
          expect(zipProblem(raw, state)).toBe(`ZIP ${raw} is not in ${state}`);
        }
      }
    }
    const headers = ["First Name", "Last Name", "Phone", "Address", "City", "State", "Zip"];
    const row = ["Ann", "Lee", "6025550101", "1 Main St", "Phoenix", "AZ", "852"];
    const lead = rowToLead(row, guessMapping(headers), defaults);
    expect(lead.fields.zipCode).toBe("852");
    expect(lead.zipProblem).toBe("ZIP 852 is not in AZ");
  });

  it.each([
    ["tx", "TX"],
    ["Tx", "TX"],
    ["N.Y.", "NY"],
    ["Calif.", "CA"],
    ["NEW HAMPSHIRE", "NH"],
  ])("writes the state %j as %j", (raw, code) => {
    expect(stateCode(raw)).toBe(code);
  });

  it.each([
    ["Mr. John Smith Jr.", "John", "Smith Jr."],
    ["John Smith, Jr.", "John", "Smith Jr."],
    ["SMITH, JOHN & JANE", "JOHN & JANE", "SMITH"],
  ])("splits %j", (raw, firstName, lastName) => {
    expect(splitFullName(raw)).toEqual({ firstName, lastName });
  });

  it("recognises provider headers: numbered phones and e-mails, DealMachine's snake case, mailing columns left out", () => {
    expect(
      guessMapping([
        "owner_1_name",
        "Mailing Address",
        "Mailing City",
        "property_address_line_1",
        "property_address_city",
        "property_address_state",
        "property_address_zipcode",
        "Wireless 1",
        "Phone 7",
        "Phone 1 Type",
        "email_address_1",
        "Lead Status",
        "Marketing Channel",
      ]),
    ).toEqual([
      "fullName",
      null,
      null,
      "address",
      "city",
      "state",
      "zipCode",
      "phone",
      "phone",
      null,
      "email",
      "leadStatus",
      "leadSource",
    ]);
  });

  it("takes the first phone that holds a number, maps values through the synonyms and the admin's choices", () => {
    const headers = [
      "Name",
      "Phone 1",
      "Phone 2",
      "Address",
      "City",
      "State",
      "Zip",
      "Source",
      "Type",
      "Status",
      "Email",
      "Asking",
    ];
    const mapping = guessMapping(headers);
    const row = [
      "Rosa Alvarez",
      "N/A",
      "512.555.0101",
      "1 Main St",
      "Boston",
      "ma",
      "2134",
      "Cold Calling",
      "Mobile Home",
      "Appt Set",
      "no email",
      "185k",
    ];
    const { fields, leadStatus, valueProblems } = rowToLead(row, mapping, defaults);
    expect(valueProblems).toEqual([]);
    expect(leadStatus).toBe("appointment_set");
    expect(fields).toMatchObject({
      firstName: "Rosa",
      lastName: "Alvarez",
      phone: "512.555.0101",
      state: "MA",
      zipCode: "02134",
      leadSource: "cold_call",
      propertyType: "other",
      email: "",
      askingPrice: "185000",
    });
    expect(leadDetailsSchema.safeParse(fields).success).toBe(true);

    const chosen = rowToLead(row, mapping, defaults, {
      leadSource: { coldcalling: "referral" },
      propertyType: { mobilehome: SKIP_ROWS },
    });
    expect(chosen.fields.leadSource).toBe("referral");
    expect(chosen.valueProblems.map((p) => p.message)).toEqual([
      'Property type "Mobile Home" skipped by the value mapping',
    ]);
  });
});

describe("guessMapping on header spellings no list of ours holds", () => {
  // Seeded, so a failure repeats.
  const { pick } = randomSource(2026);
  /** A field's label as exports write headers: a prefix, a suffix, and a case and separator style. */
  const spell = (label: string) => {
    const words = [
      ...pick([[], ["Owner"], ["Seller"], ["Owner", "1"], label.startsWith("Property") ? [] : ["Property"]]),
      ...label.split(/\s+/),
      ...pick([[], ["Code"], ["1"], ["Field"]]),
    ];
    return pick([
      words.join(" ").toUpperCase().replaceAll(" ", "_"),
      words.join(" "),
      words.map((w, i) => (i === 0 ? w.toLowerCase() : w)).join(""),
      words.join(".").toLowerCase(),
    ]);
  };

  it("maps 2,000 generated headers of our own fields to those fields", () => {
    const fields = importTargets.filter((t) => !["clientEmail", "fullName"].includes(t.value));
    const misses: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const field = pick(fields);
      const header = spell(field.label);
      const [got] = guessMapping([header]);
      if (got !== field.value) misses.push(`${header} -> ${got ?? "none"} (wanted ${field.value})`);
    }
    expect(misses.length, misses.slice(0, 20).join("\n")).toBeLessThanOrEqual(40);
  });

  it("reads the headers list providers write, and leaves the mailing address and look-alikes alone", () => {
    expect(
      guessMapping([
        "OWNER_FIRST",
        "OWNER_LAST",
        "State Code",
        "Alt Phone",
        "Phone 2",
        "Mailing Zip",
        "Mailing Address",
        "Last Sale Date",
        "Phone Type",
        "Est. Equity",
        "Property Street Addr",
        "Prop. City",
        "ZIP5",
      ]),
    ).toEqual([
      "firstName",
      "lastName",
      "state",
      "phone",
      "phone",
      null,
      null,
      null,
      null,
      null,
      "address",
      "city",
      "zipCode",
    ]);
  });
});

describe("storedChanges", () => {
  const mapping = ["fullName", "phone", "state", "zipCode", "askingPrice", "email", "city"] as const;
  const lead = {
    firstName: "Ada",
    lastName: "Stone",
    phone: "+16025550101",
    state: "AZ",
    zipCode: "85001",
    askingPrice: 185000,
    email: "ada@example.com",
    city: "Phoenix",
  };

  it("names each field stored other than the file wrote it, and nothing stored as written", () => {
    const row = [
      "Stone, Ada",
      "(602) 555-0101",
      "Arizona",
      "85001",
      "$185k",
      "mailto:ada@example.com",
      "Phoenix",
    ];
    expect(storedChanges(row, [...mapping], lead, { leadSource: "Direct Mailer" }).sort()).toEqual(
      ["askingPrice", "email", "fullName", "leadSource", "phone", "state"].sort(),
    );
    const asStored = ["Ada Stone", "+16025550101", "AZ", "85001", "185000", "ada@example.com", "Phoenix"];
    expect(storedChanges(asStored, [...mapping], lead, undefined)).toEqual(["fullName"]);
    const separate = storedChanges(["Ada", "Stone"], ["firstName", "lastName"], lead, {});
    expect(separate).toEqual([]);
  });
});
