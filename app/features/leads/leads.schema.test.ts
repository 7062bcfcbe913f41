import { describe, expect, it } from "vitest";
import {
  feedbackStatuses,
  leadSources,
  leadStatuses,
  manualActivityTypes,
  motivationLevels,
  propertyTypes,
} from "~/db/enums";
import { parseForm } from "~/lib/form-reply";
import {
  clientDisplayName,
  formatAge,
  formatAgo,
  formatListDate,
  formatMoney,
  formatPhone,
  oneLineAddress,
  personName,
} from "./lead-format";
import {
  PHONE_MESSAGE,
  activitySchema,
  assignSchema,
  feedbackChoices,
  feedbackSchema,
  leadDefaults,
  leadFields,
  leadSchema,
  soldPriceSchema,
  statusSchema,
  type LeadField,
} from "./leads.schema";
import {
  LEADS_PAGE_SIZE,
  bulkMessages,
  bulkSchema,
  parseClientLeadQuery,
  clientLeadListSearch,
  clientQuickFilters,
  isClientListFiltered,
  isFiltered,
  knownLeadColumns,
  leadColumnsSchema,
  leadListSearch,
  nextSortOf,
  normalLeadListSearch,
  parseLeadListQuery,
  quickFilterOn,
  sortDirectionOf,
  statusFilterOptions,
  toggleQuickFilter,
} from "./lead-list.schema";
import type { z } from "~/lib/zod";

/** The first message under each field of a refused parse (a form shows one under each field). */
function firstErrors(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const { path, message } of error.issues) if (path.length > 0) errors[String(path[0])] ??= message;
  return errors;
}
import { withPageCursor } from "~/lib/paging";

const CLIENT_ID = "3f2b8c1e-9a4d-4c7b-8e21-5d6f7a8b9c0d";

/** A complete new-lead form as the browser posts it: every field a string. */
const valid: Record<LeadField, string> = {
  firstName: "Jane",
  lastName: "Doe",
  phone: "+12025551234",
  email: "jane@example.com",
  address: "123 Main St",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  propertyType: "single_family",
  motivationLevel: "hot",
  leadSource: "cold_call",
  situationNotes: "Inherited the house, wants a quick sale.",
  askingPrice: "250000",
  estimatedValue: "300000",
  estimatedRepairCost: "25000",
  assignedToClientId: CLIENT_ID,
};

const withField = (field: LeadField, value: string | undefined) => ({ ...valid, [field]: value });

/** Every issue of a parse as [field, message]; empty when the values are accepted. */
const issuesOf = (values: Record<string, unknown>) => {
  const result = leadSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

/** The parsed value of one field, failing the test when the form is refused. */
const parsedField = (field: LeadField, value: string) => {
  const result = leadSchema.safeParse(withField(field, value));
  if (!result.success) throw new Error(`refused ${field}=${JSON.stringify(value)}: ${result.error.message}`);
  return result.data[field];
};

const url = (search: string) => new URL(`http://leadworks.test/admin/leads?${search}`);

// ---------------------------------------------------------------- the enumerations

// The literals in this block are spec 02's lists (§3, §4), written out on purpose: they pin the one list
// of each enumeration (~/db/enums) and the options derived from it to the spec.
describe("lead enumerations", () => {
  it("lists the spec's values in the spec's order", () => {
    expect(propertyTypes.map((o) => o.value)).toEqual([
      "single_family",
      "multi_family",
      "condo",
      "townhouse",
      "land",
      "commercial",
      "other",
    ]);
    expect(motivationLevels.map((o) => o.value)).toEqual(["hot", "warm", "cold"]);
    expect(leadSources.map((o) => o.value)).toEqual([
      "cold_call",
      "direct_mail",
      "referral",
      "networking",
      "online",
      "drive_for_dollars",
      "bandit_signs",
      "other",
    ]);
    expect(leadStatuses.map((o) => o.value)).toEqual([
      "new",
      "qualified",
      "contacted",
      "appointment_set",
      "under_contract",
      "sold",
      "dead",
    ]);
    expect(feedbackStatuses.map((o) => o.value)).toEqual([
      "not_reviewed",
      "interested",
      "not_interested",
      "contacted",
      "deal_closed",
    ]);
    expect(manualActivityTypes.map((o) => o.value)).toEqual([
      "note_added",
      "call_logged",
      "email_sent",
      "meeting_scheduled",
      "meeting_completed",
    ]);
  });

  it("offers every status but under_contract as a list filter", () => {
    expect(statusFilterOptions.map((o) => o.value)).toEqual([
      "new",
      "qualified",
      "contacted",
      "appointment_set",
      "sold",
      "dead",
    ]);
  });

  it("offers the client the four feedback buttons in the spec's order", () => {
    expect(feedbackChoices.map((o) => o.value)).toEqual([
      "interested",
      "not_interested",
      "contacted",
      "deal_closed",
    ]);
  });

  it("defaults the new-lead form as the spec says", () => {
    expect(leadDefaults).toEqual({
      propertyType: "single_family",
      motivationLevel: "warm",
      leadSource: "cold_call",
    });
    expect(leadFields).toHaveLength(16);
  });
});

// ---------------------------------------------------------------- the new-lead form

describe("new-lead form: a whole form", () => {
  it("accepts a complete valid lead and converts the text inputs", () => {
    const result = leadSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      ...valid,
      askingPrice: 250000,
      estimatedValue: 300000,
      estimatedRepairCost: 25000,
    });
  });

  it("accepts the smallest form: optional fields empty become null", () => {
    const result = leadSchema.safeParse({
      ...valid,
      email: "",
      situationNotes: "",
      askingPrice: "",
      estimatedValue: "",
      estimatedRepairCost: "",
      assignedToClientId: "",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      email: null,
      situationNotes: null,
      askingPrice: null,
      estimatedValue: null,
      estimatedRepairCost: null,
      assignedToClientId: null,
    });
  });

  it("trims the text values", () => {
    const result = leadSchema.safeParse({
      ...valid,
      firstName: "  Jane ",
      lastName: "\tDoe  ",
      email: " jane@example.com ",
      address: "  123 Main St  ",
      city: " Austin ",
      state: " tx ",
      zipCode: " 78701 ",
      situationNotes: "  Inherited the house, wants a quick sale.\n",
      assignedToClientId: `  ${CLIENT_ID} `,
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      address: "123 Main St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      situationNotes: "Inherited the house, wants a quick sale.",
      assignedToClientId: CLIENT_ID,
    });
  });

  it("reports every empty required field with the spec texts", () => {
    const result = leadSchema.safeParse(
      Object.fromEntries(leadFields.map((field) => [field, ""])) as Record<LeadField, string>,
    );
    expect(result.success).toBe(false);
    expect(firstErrors(result.error!)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      phone: PHONE_MESSAGE,
      address: "Address is required",
      city: "City is required",
      state: "State must be 2-letter code (e.g., CA, NY)",
      zipCode: "Invalid ZIP code (use 12345 or 12345-6789 format)",
      propertyType: "Choose a property type",
      motivationLevel: "Choose a motivation level",
      leadSource: "Choose a lead source",
    });
  });

  it("refuses a form without the fields at all", () => {
    const result = leadSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(new Set(result.error!.issues.map((i) => i.path[0]))).toEqual(new Set(leadFields));
  });
});

describe.each([
  ["firstName", "First name"],
  ["lastName", "Last name"],
] as const)("new-lead form: %s", (field, label) => {
  it.each(["", "   ", "\n\t"])("is required (%j)", (value) => {
    expect(issuesOf(withField(field, value))).toEqual([[field, `${label} is required`]]);
  });

  it("accepts 1 and 50 characters and refuses 51", () => {
    expect(issuesOf(withField(field, "J"))).toEqual([]);
    expect(issuesOf(withField(field, "x".repeat(50)))).toEqual([]);
    expect(issuesOf(withField(field, "x".repeat(51)))).toEqual([
      [field, `${label} must be less than 50 characters`],
    ]);
  });

  it("measures the length after trimming", () => {
    expect(parsedField(field, `  ${"x".repeat(50)}  `)).toBe("x".repeat(50));
  });
});

describe("new-lead form: phone", () => {
  it("uses the spec's message", () => {
    expect(PHONE_MESSAGE).toBe("Invalid phone number format (use E.164 format, e.g., +12025551234)");
  });

  it.each([
    ["+12025551234", "+12025551234"],
    ["12025551234", "+12025551234"],
    ["2025551234", "+12025551234"],
    ["+442079460958", "+442079460958"],
    ["12", "12"],
    ["+12", "+12"],
    ["123456789012345", "123456789012345"],
    ["+123456789012345", "+123456789012345"],
    // Ten digits starting with 1 are not a US number: kept as typed.
    ["1234567890", "1234567890"],
    ["(202) 555-1234", "+12025551234"],
    ["+1 (202) 555-1234", "+12025551234"],
    ["202.555.1234", "+12025551234"],
    ["202-555-1234", "+12025551234"],
    ["  +1 202 555 1234  ", "+12025551234"],
  ])("accepts %j and stores %j", (input, stored) => {
    expect(parsedField("phone", input)).toBe(stored);
  });

  it.each([
    ["empty", ""],
    ["only separators", " (-.) "],
    ["a leading zero", "02025551234"],
    ["a leading zero after the plus", "+02025551234"],
    ["one digit", "1"],
    ["one digit with a plus", "+1"],
    ["16 digits", "1234567890123456"],
    ["16 digits with a plus", "+1234567890123456"],
    ["letters", "202-555-CALL"],
    ["two plus signs", "++12025551234"],
    ["a plus in the middle", "1+2025551234"],
    ["a slash", "202/555/1234"],
    ["an extension", "2025551234x12"],
  ])("refuses %s (%j)", (_, phone) => {
    expect(issuesOf(withField("phone", phone))).toEqual([["phone", PHONE_MESSAGE]]);
  });
});

describe("new-lead form: email", () => {
  it.each(["", "   "])("is optional: %j becomes null", (email) => {
    expect(parsedField("email", email)).toBeNull();
  });

  it.each(["jane", "jane@", "@example.com", "jane@example", "jane doe@example.com", "jane@@example.com"])(
    "refuses %j: Invalid email address",
    (email) => {
      expect(issuesOf(withField("email", email))).toEqual([["email", "Invalid email address"]]);
    },
  );

  it("accepts 255 characters and refuses 256 with the length message", () => {
    const of = (n: number) => "a".repeat(n - "@example.com".length) + "@example.com";
    expect(of(255)).toHaveLength(255);
    expect(parsedField("email", of(255))).toBe(of(255));
    expect(issuesOf(withField("email", of(256)))).toEqual([
      ["email", "Email must be less than 255 characters"],
    ]);
  });
});

describe("new-lead form: address and city", () => {
  it("address: refuses 4 characters, accepts 5 and 200, refuses 201", () => {
    expect(issuesOf(withField("address", "1 Ma"))).toEqual([["address", "Address is required"]]);
    expect(issuesOf(withField("address", ""))).toEqual([["address", "Address is required"]]);
    expect(issuesOf(withField("address", "  1 Ma  "))).toEqual([["address", "Address is required"]]);
    expect(parsedField("address", "1 Mai")).toBe("1 Mai");
    expect(parsedField("address", "a".repeat(200))).toBe("a".repeat(200));
    expect(issuesOf(withField("address", "a".repeat(201)))).toEqual([
      ["address", "Address must be less than 200 characters"],
    ]);
  });

  it("city: refuses 1 character, accepts 2 and 100, refuses 101", () => {
    expect(issuesOf(withField("city", "A"))).toEqual([["city", "City is required"]]);
    expect(issuesOf(withField("city", "   "))).toEqual([["city", "City is required"]]);
    expect(parsedField("city", "Ax")).toBe("Ax");
    expect(parsedField("city", "c".repeat(100))).toBe("c".repeat(100));
    expect(issuesOf(withField("city", "c".repeat(101)))).toEqual([
      ["city", "City must be less than 100 characters"],
    ]);
  });
});

describe("new-lead form: state", () => {
  it.each([
    ["CA", "CA"],
    ["ca", "CA"],
    ["Ny", "NY"],
    [" tx ", "TX"],
  ])("accepts %j as %j", (input, stored) => {
    expect(parsedField("state", input)).toBe(stored);
  });

  it.each(["", "C", "CAL", "C1", "12", "C A", "É1", "ÇA"])("refuses %j", (state) => {
    expect(issuesOf(withField("state", state))).toEqual([
      ["state", "State must be 2-letter code (e.g., CA, NY)"],
    ]);
  });
});

describe("new-lead form: ZIP code", () => {
  it.each(["12345", "12345-6789", " 12345 "])("accepts %j", (zipCode) => {
    expect(parsedField("zipCode", zipCode)).toBe(zipCode.trim());
  });

  it.each(["", "1234", "123456", "12345-678", "12345-67890", "12345 6789", "123456789", "abcde", "1234a"])(
    "refuses %j",
    (zipCode) => {
      expect(issuesOf(withField("zipCode", zipCode))).toEqual([
        ["zipCode", "Invalid ZIP code (use 12345 or 12345-6789 format)"],
      ]);
    },
  );
});

describe("new-lead form: enumerations", () => {
  it.each(propertyTypes.map((o) => o.value))("accepts property type %j", (value) => {
    expect(parsedField("propertyType", value)).toBe(value);
  });
  it.each(motivationLevels.map((o) => o.value))("accepts motivation %j", (value) => {
    expect(parsedField("motivationLevel", value)).toBe(value);
  });
  it.each(leadSources.map((o) => o.value))("accepts lead source %j", (value) => {
    expect(parsedField("leadSource", value)).toBe(value);
  });

  it.each([
    ["propertyType", "Choose a property type", ["", "house", "Single family", "SINGLE_FAMILY"]],
    ["motivationLevel", "Choose a motivation level", ["", "lukewarm", "Hot", "HOT"]],
    ["leadSource", "Choose a lead source", ["", "Cold call", "cold call", "_x", "a".repeat(41), "ünïcode"]],
  ] as const)("refuses an unknown %s: %j", (field, message, values) => {
    for (const value of values) expect(issuesOf(withField(field, value))).toEqual([[field, message]]);
  });

  it("takes any key of a source's shape: which keys the agency offers, the server checks", () => {
    for (const key of ["facebook_ads", "probate_list", "sms2", "2024_mailers"]) {
      expect(parsedField("leadSource", key)).toBe(key);
    }
    expect(parsedField("leadSource", "  online ")).toBe("online");
  });
});

describe("new-lead form: situation notes", () => {
  it("is optional: empty becomes null", () => {
    expect(parsedField("situationNotes", "")).toBeNull();
    expect(parsedField("situationNotes", "   \n ")).toBeNull();
  });

  it("accepts 2000 characters and refuses 2001", () => {
    expect(parsedField("situationNotes", "n".repeat(2000))).toBe("n".repeat(2000));
    expect(issuesOf(withField("situationNotes", "n".repeat(2001)))).toEqual([
      ["situationNotes", "Situation notes must be less than 2000 characters"],
    ]);
  });
});

describe.each([
  ["askingPrice", "Price must be positive", "Price too large"],
  ["estimatedValue", "Value must be positive", "Value too large"],
  ["estimatedRepairCost", "Cost must be positive", "Cost too large"],
] as const)("new-lead form: %s", (field, positive, tooLarge) => {
  it.each(["", "   ", "$", " $ , "])("is optional: %j becomes null", (value) => {
    expect(parsedField(field, value)).toBeNull();
  });

  it.each([
    ["250000", 250000],
    ["$250,000", 250000],
    [" $ 250,000.50 ", 250000.5],
    ["0", 0],
    ["$0.00", 0],
    ["1234.567", 1234.57],
    ["999999999.99", 999999999.99],
    ["$999,999,999.99", 999999999.99],
  ])("accepts %j as %d", (input, value) => {
    expect(parsedField(field, input)).toBe(value);
  });

  it.each(["-1", "-0.01", "$-250,000"])(`refuses %j: '${positive}'`, (value) => {
    expect(issuesOf(withField(field, value))).toEqual([[field, positive]]);
  });

  it.each(["1000000000", "999999999.999", "$1,000,000,000"])(`refuses %j: '${tooLarge}'`, (value) => {
    expect(issuesOf(withField(field, value))).toEqual([[field, tooLarge]]);
  });

  it.each(["abc", "12abc", "1.2.3", "Infinity", "NaN"])("refuses %j with an error", (value) => {
    const issues = issuesOf(withField(field, value));
    expect(issues).toHaveLength(1);
    expect(issues[0]![0]).toBe(field);
    expect(issues[0]![1]).toBe("Enter an amount in dollars, e.g. 250000");
  });
});

describe("new-lead form: assigned client", () => {
  it.each(["", "   "])("is optional: %j becomes null", (value) => {
    expect(parsedField("assignedToClientId", value)).toBeNull();
  });

  it("accepts a UUID", () => {
    expect(parsedField("assignedToClientId", CLIENT_ID)).toBe(CLIENT_ID);
  });

  it.each(["not-a-uuid", "12345", `${CLIENT_ID}0`, CLIENT_ID.slice(1), "' or 1=1 --"])(
    "refuses %j: 'Invalid client ID'",
    (value) => {
      expect(issuesOf(withField("assignedToClientId", value))).toEqual([
        ["assignedToClientId", "Invalid client ID"],
      ]);
    },
  );

  it("is the same rule in the assign form", () => {
    expect(assignSchema.parse({ assignedToClientId: "" })).toEqual({
      assignedToClientId: null,
      capChoice: "",
    });
    expect(assignSchema.parse({ assignedToClientId: CLIENT_ID })).toEqual({
      assignedToClientId: CLIENT_ID,
      capChoice: "",
    });
    // The second step past the monthly cap (issue 24); a choice that cannot be read asks again.
    for (const [sent, read] of [
      ["fit", "fit"],
      ["all", "all"],
      ["everything", ""],
    ] as const) {
      expect(assignSchema.parse({ assignedToClientId: CLIENT_ID, capChoice: sent }).capChoice).toBe(read);
    }
    const refused = assignSchema.safeParse({ assignedToClientId: "not-a-uuid" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Invalid client ID"]);
  });
});

// ---------------------------------------------------------------- the admin's other forms

describe("status and sold price forms", () => {
  it.each(leadStatuses.map((o) => o.value))("accepts status %j", (leadStatus) => {
    expect(statusSchema.parse({ leadStatus })).toEqual({ leadStatus });
  });

  it.each(["", "open", "Sold", "not_reviewed"])("refuses status %j", (leadStatus) => {
    expect(statusSchema.safeParse({ leadStatus }).success).toBe(false);
  });

  it("reads a sold price like the other amounts", () => {
    expect(soldPriceSchema.parse({ soldPrice: "$310,000" })).toEqual({ soldPrice: 310000 });
    expect(soldPriceSchema.parse({ soldPrice: "" })).toEqual({ soldPrice: null });
    expect(soldPriceSchema.safeParse({ soldPrice: "-5" }).error?.issues[0]?.message).toBe(
      "Price must be positive",
    );
    expect(soldPriceSchema.safeParse({ soldPrice: "1000000000" }).error?.issues[0]?.message).toBe(
      "Price too large",
    );
  });
});

describe("activity form", () => {
  const activityIssues = (values: Record<string, unknown>) => {
    const result = activitySchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it.each(manualActivityTypes.map((o) => o.value))("accepts the manual type %j", (activityType) => {
    expect(activitySchema.parse({ activityType, description: "  Called, no answer. " })).toEqual({
      activityType,
      description: "Called, no answer.",
    });
  });

  it.each([
    "",
    "client_feedback_submitted",
    "status_changed",
    "lead_assigned",
    "document_uploaded",
    "note",
    "NOTE_ADDED",
  ])("refuses the type %j", (activityType) => {
    expect(activityIssues({ activityType, description: "x" })).toEqual([
      ["activityType", "Choose an activity type"],
    ]);
  });

  it.each(["", "   "])("requires a description (%j)", (description) => {
    expect(activityIssues({ activityType: "note_added", description })).toEqual([
      ["description", "Description is required"],
    ]);
  });

  it("accepts 1000 characters and refuses 1001", () => {
    expect(activityIssues({ activityType: "call_logged", description: "d".repeat(1000) })).toEqual([]);
    expect(activityIssues({ activityType: "call_logged", description: "d".repeat(1001) })).toEqual([
      ["description", "Description must be less than 1000 characters"],
    ]);
  });
});

describe("feedback form", () => {
  /** The form as a browser posts it: every field present, empty ones as "". */
  const posted = (values: Record<string, unknown>) => ({
    notInterestedReason: "",
    dealPurchasePrice: "",
    dealProfit: "",
    ...values,
  });
  const none = { notInterestedReason: null, dealPurchasePrice: null, dealProfit: null };
  const feedbackIssues = (values: Record<string, unknown>) => {
    const result = feedbackSchema.safeParse(posted(values));
    return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it.each(["interested", "contacted", "deal_closed"])("accepts the status %j", (feedbackStatus) => {
    expect(feedbackSchema.parse(posted({ feedbackStatus, notes: " Call me " }))).toEqual({
      feedbackStatus,
      notes: "Call me",
      ...none,
    });
  });

  it("takes Not Interested with or without a reason, the reason from the list only", () => {
    expect(feedbackIssues({ feedbackStatus: "not_interested", notes: "" })).toEqual([]);
    expect(
      feedbackIssues({ feedbackStatus: "not_interested", notes: "", notInterestedReason: "cheap" }),
    ).toEqual([["notInterestedReason", "Choose why it is not a fit"]]);
    expect(
      feedbackSchema.parse(
        posted({ feedbackStatus: "not_interested", notes: "", notInterestedReason: "timing" }),
      ),
    ).toEqual({
      feedbackStatus: "not_interested",
      notes: null,
      ...none,
      notInterestedReason: "timing",
    });
  });

  it("takes a closed deal's figures as dollars, and refuses what is not an amount", () => {
    expect(
      feedbackSchema.parse(
        posted({
          feedbackStatus: "deal_closed",
          notes: "",
          dealPurchasePrice: "$182,500",
          dealProfit: "12000.50",
        }),
      ),
    ).toMatchObject({ dealPurchasePrice: 182500, dealProfit: 12000.5 });
    expect(
      feedbackIssues({
        feedbackStatus: "deal_closed",
        notes: "",
        dealPurchasePrice: "-5",
        dealProfit: "lots",
      }),
    ).toEqual([
      ["dealPurchasePrice", "Price must be positive"],
      ["dealProfit", "Enter an amount in dollars, e.g. 250000"],
    ]);
  });

  it.each(["not_reviewed", "", "Interested", "deal-closed", "maybe"])(
    "refuses the status %j",
    (feedbackStatus) => {
      expect(feedbackIssues({ feedbackStatus, notes: "" })).toEqual([
        ["feedbackStatus", "Choose a feedback status"],
      ]);
    },
  );

  it.each(["", "  \n "])("takes empty notes as null (%j)", (notes) => {
    expect(feedbackSchema.parse(posted({ feedbackStatus: "interested", notes }))).toEqual({
      feedbackStatus: "interested",
      notes: null,
      ...none,
    });
  });

  it("accepts 1000 characters of notes and refuses 1001", () => {
    expect(feedbackIssues({ feedbackStatus: "contacted", notes: "n".repeat(1000) })).toEqual([]);
    expect(feedbackIssues({ feedbackStatus: "contacted", notes: "n".repeat(1001) })).toEqual([
      ["notes", "Notes must be less than 1000 characters"],
    ]);
  });
});

// ---------------------------------------------------------------- list filters

describe("parseLeadListQuery", () => {
  const none = {
    q: "",
    statuses: [],
    motivations: [],
    sources: [],
    feedbacks: [],
    client: undefined,
    createdBy: undefined,
    from: undefined,
    to: undefined,
    sort: "newest",
    size: 50,
    cursor: undefined,
  };

  it("defaults to everything, newest first, first page", () => {
    expect(parseLeadListQuery(url(""))).toEqual(none);
    expect(isFiltered(parseLeadListQuery(url("")))).toBe(false);
    expect(LEADS_PAGE_SIZE).toBe(50);
  });

  it("reads the search, the spec's one status and one motivation, and the page's cursor", () => {
    expect(
      parseLeadListQuery(url("q=%20Jane%20Doe%20&status=qualified&motivation=hot&after=WzUwLCJ4Il0")),
    ).toEqual({
      ...none,
      q: "Jane Doe",
      statuses: ["qualified"],
      motivations: ["hot"],
      cursor: { after: "WzUwLCJ4Il0" },
    });
    expect(parseLeadListQuery(url("before=abc_-1")).cursor).toEqual({ before: "abc_-1" });
    // Next wins when a hand-made URL carries both.
    expect(parseLeadListQuery(url("before=b&after=a")).cursor).toEqual({ after: "a" });
  });

  it("reads several statuses and motivations in the options' order, sources each once and sorted", () => {
    const query = parseLeadListQuery(
      url(
        "status=dead&status=new&status=dead&status=under_contract&motivation=cold&motivation=hot&source=referral&source=online&source=referral&source=Not+A+Key",
      ),
    );
    expect(query.statuses).toEqual(["new", "under_contract", "dead"]);
    expect(query.motivations).toEqual(["hot", "cold"]);
    expect(query.sources).toEqual(["online", "referral"]);
    expect(isFiltered(query)).toBe(true);
  });

  it("reads the client (or Unassigned), the creator, the date range and the sort", () => {
    expect(
      parseLeadListQuery(
        url("client=unassigned&createdBy=abc_DEF-1&from=2026-01-31&to=2026-02-28&sort=name"),
      ),
    ).toEqual({
      ...none,
      client: "unassigned",
      createdBy: "abc_DEF-1",
      from: "2026-01-31",
      to: "2026-02-28",
      sort: "name",
    });
  });

  it.each(["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", "yesterday", ""])(
    "ignores the day %j",
    (day) => {
      expect(parseLeadListQuery(url(`from=${day}&to=${day}`))).toMatchObject({
        from: undefined,
        to: undefined,
      });
    },
  );

  it.each(["a b", "x".repeat(65), "<script>", "'; drop"])("ignores the user id %j", (id) => {
    const query = parseLeadListQuery(
      url(`client=${encodeURIComponent(id)}&createdBy=${encodeURIComponent(id)}`),
    );
    expect(query).toMatchObject({ client: undefined, createdBy: undefined });
  });

  it.each(["open", "NEW", "", "all"])("ignores the status %j", (status) => {
    expect(parseLeadListQuery(url(`status=${status}`)).statuses).toEqual([]);
  });

  it.each(["lukewarm", "HOT", "", "all"])("ignores the motivation %j", (motivation) => {
    expect(parseLeadListQuery(url(`motivation=${motivation}`)).motivations).toEqual([]);
  });

  it.each(["oldest", "updated", "stale", "name", "name_desc", "newest"])("accepts the sort %j", (sort) => {
    expect(parseLeadListQuery(url(`sort=${sort}`)).sort).toBe(sort);
  });

  it.each([
    ["25", 25],
    ["100", 100],
    ["50", 50],
    ["10", 50],
    ["1000", 50],
    ["abc", 50],
    ["", 50],
  ])("reads the page size %j as %j", (raw, size) => {
    expect(parseLeadListQuery(url(`size=${raw}`)).size).toBe(size);
  });

  it("reads the client's feedback (several, each once, in the options' order) and writes it back", () => {
    const query = parseLeadListQuery(
      url("feedback=interested&feedback=not_reviewed&feedback=interested&feedback=x"),
    );
    expect(query.feedbacks).toEqual(["not_reviewed", "interested"]);
    expect(isFiltered(query)).toBe(true);
    expect(leadListSearch(query)).toBe("?feedback=not_reviewed&feedback=interested");
  });

  it("normalises a list's search: one way to write each list, its page and unknown values dropped", () => {
    expect(normalLeadListSearch("?sort=name&bogus=1&client=unassigned&motivation=hot&after=abc")).toBe(
      "?motivation=hot&client=unassigned&sort=name",
    );
    expect(normalLeadListSearch("")).toBe("");
    expect(normalLeadListSearch("client=unassigned")).toBe("");
    expect(normalLeadListSearch("?size=50&sort=newest")).toBe("");
  });

  it("reads a bulk action's selection (a UUID) as a filter, and ignores anything else", () => {
    const id = "3f1c2a9e-7b4d-4c8e-9a1f-0d2b3c4e5f60";
    const query = parseLeadListQuery(url(`selection=${id.toUpperCase()}`));
    expect(query.selection).toBe(id);
    expect(isFiltered(query)).toBe(true);
    expect(leadListSearch(query)).toBe(`?selection=${id}`);
    expect(parseLeadListQuery(url("selection=1%20or%201=1")).selection).toBeUndefined();
  });

  it("sorts by a header: the other way when it is the current order, its first way otherwise", () => {
    expect(nextSortOf("Name", "newest")).toBe("name");
    expect(nextSortOf("Name", "name")).toBe("name_desc");
    expect(nextSortOf("Name", "name_desc")).toBe("name");
    expect(nextSortOf("Created", "newest")).toBe("oldest");
    expect(nextSortOf("Created", "name")).toBe("newest");
    expect(nextSortOf("Last activity", "updated")).toBe("stale");
    expect(sortDirectionOf("Created", "newest")).toBe("descending");
    expect(sortDirectionOf("Created", "oldest")).toBe("ascending");
    expect(sortDirectionOf("Name", "newest")).toBeNull();
    expect(sortDirectionOf("Last activity", "stale")).toBe("ascending");
  });

  it("takes the chosen columns in the table's order, and refuses unknown ones", () => {
    const form = (columns: string[]) => ({ intent: "columns", column: columns });
    expect(leadColumnsSchema.parse(form(["activity", "source"])).column).toEqual(["source", "activity"]);
    expect(leadColumnsSchema.parse(form([])).column).toEqual([]);
    expect(leadColumnsSchema.safeParse(form(["password"])).success).toBe(false);
    expect(knownLeadColumns(["zip", "county", "value"])).toEqual(["zip", "value"]);
  });

  it("falls back to newest first for an unknown sort", () => {
    expect(parseLeadListQuery(url("sort=price")).sort).toBe("newest");
  });

  it("keeps the search to 100 characters", () => {
    expect(parseLeadListQuery(url(`q=${"a".repeat(150)}`)).q).toBe("a".repeat(100));
  });

  it.each(["", "a b", "a+b", "<x>", "%3D%3D", "a".repeat(601)])("ignores the cursor %j", (cursor) => {
    expect(parseLeadListQuery(url(`after=${cursor}&before=${cursor}`)).cursor).toBeUndefined();
  });

  it("ignores the page numbers of old links (the list pages by cursor)", () => {
    expect(parseLeadListQuery(url("page=3"))).toEqual(none);
  });

  it("writes a query back as the search of a link that reads the same (cursor and defaults left out)", () => {
    const search =
      "q=Oak&status=new&status=dead&motivation=hot&source=online&client=unassigned&createdBy=u1&from=2026-01-01&to=2026-01-31&sort=oldest";
    const query = parseLeadListQuery(url(`${search}&after=abc`));
    expect(leadListSearch(query)).toBe(`?${search}`);
    expect(parseLeadListQuery(url(leadListSearch(query).slice(1)))).toEqual({ ...query, cursor: undefined });
    expect(withPageCursor(leadListSearch(query), { before: "xyz" })).toBe(`?${search}&before=xyz`);
    expect(leadListSearch(parseLeadListQuery(url("")))).toBe("");
    expect(leadListSearch(parseLeadListQuery(url("size=100&sort=name_desc")))).toBe(
      "?sort=name_desc&size=100",
    );
  });
});

describe("formatAge", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  it.each([
    ["2026-11-26T11:58:30Z", undefined, "1 min"],
    ["2026-11-26T09:00:00Z", undefined, "3 h"],
    ["2026-11-20T12:00:00Z", undefined, "6 d"],
    ["2026-06-01T12:00:00Z", undefined, "5 mo"],
    ["2026-11-26T01:00:00Z", "day", "today"],
    ["2026-11-25T11:00:00Z", "day", "1 day"],
    ["2026-11-17T12:00:00Z", "day", "9 days"],
    // A clock a little ahead of the server's: never a negative age.
    ["2026-11-26T12:00:05Z", undefined, "0 min"],
  ] as const)("%s reads %s -> %j", (value, unit, text) => {
    expect(formatAge(value, now, unit)).toBe(text);
  });
});

describe("formatAgo and oneLineAddress", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  it("says how long ago, and just now under a minute", () => {
    expect(formatAgo("2026-11-26T11:59:30Z", now)).toBe("just now");
    expect(formatAgo("2026-11-24T12:00:00Z", now)).toBe("2 d ago");
  });

  it("writes the address on one line", () => {
    expect(oneLineAddress({ address: "12 Cedar Ln", city: "Houston", state: "TX" })).toBe(
      "12 Cedar Ln, Houston, TX",
    );
  });
});

describe("parseClientLeadQuery", () => {
  it("reads the page's cursor and writes the filters back without it", () => {
    const query = parseClientLeadQuery(url("feedback=interested&after=Wz"));
    expect(query.cursor).toEqual({ after: "Wz" });
    expect(clientLeadListSearch(query)).toBe("?feedback=interested");
    expect(clientLeadListSearch(parseClientLeadQuery(url("")))).toBe("");
  });

  it("defaults to no filter", () => {
    expect(parseClientLeadQuery(url(""))).toEqual({ motivation: undefined, feedback: undefined });
  });

  it("reads the motivation and feedback filters, not_reviewed included", () => {
    expect(parseClientLeadQuery(url("motivation=cold&feedback=not_reviewed"))).toEqual({
      motivation: "cold",
      feedback: "not_reviewed",
    });
    expect(parseClientLeadQuery(url("feedback=deal_closed")).feedback).toBe("deal_closed");
  });

  it("ignores unknown values", () => {
    expect(parseClientLeadQuery(url("motivation=boiling&feedback=maybe"))).toEqual({
      motivation: undefined,
      feedback: undefined,
    });
    expect(parseClientLeadQuery(url("feedback=Interested")).feedback).toBeUndefined();
  });
});

describe("the client list's search and quick filters", () => {
  const quick = (label: string) => clientQuickFilters.find((q) => q.label === label)!;

  it("reads the search trimmed and writes it first; an empty one is no search", () => {
    const query = parseClientLeadQuery(url("q=%20%20(713)%20555-0142%20&motivation=hot"));
    expect(query.q).toBe("(713) 555-0142");
    expect(clientLeadListSearch(query)).toBe("?q=%28713%29+555-0142&motivation=hot");
    expect(parseClientLeadQuery(url("q=%20%20")).q).toBeUndefined();
    expect(isClientListFiltered(parseClientLeadQuery(url("q=%20")))).toBe(false);
    expect(isClientListFiltered(parseClientLeadQuery(url("q=oak")))).toBe(true);
    expect(parseClientLeadQuery(url(`q=${"a".repeat(150)}`)).q).toHaveLength(100);
  });

  it("offers waiting for feedback, mine and hot as values of the list's own filters", () => {
    expect(clientQuickFilters.map((q) => [q.label, q.field, q.value])).toEqual([
      ["Waiting for feedback", "feedback", "not_reviewed"],
      ["Mine", "claim", "mine"],
      ["Hot", "motivation", "hot"],
    ]);
    // The select's value and the quick filter are one: feedback=not_reviewed is "Waiting for feedback".
    expect(
      quickFilterOn(parseClientLeadQuery(url("feedback=not_reviewed")), quick("Waiting for feedback")),
    ).toBe(true);
    expect(quickFilterOn(parseClientLeadQuery(url("claim=unclaimed")), quick("Mine"))).toBe(false);
  });

  it("toggles a quick filter on and off, keeping the search and the other filters, from the first page", () => {
    const query = parseClientLeadQuery(url("q=oak&claim=mine&after=Wz"));
    const hot = toggleQuickFilter(query, quick("Hot"));
    expect(clientLeadListSearch(hot)).toBe("?q=oak&motivation=hot&claim=mine");
    expect(hot.cursor).toBeUndefined();
    expect(clientLeadListSearch(toggleQuickFilter(hot, quick("Hot")))).toBe("?q=oak&claim=mine");
    expect(clientLeadListSearch(toggleQuickFilter(query, quick("Mine")))).toBe("?q=oak");
    // On replaces another value of the same filter: cold becomes hot, not both.
    const cold = parseClientLeadQuery(url("motivation=cold"));
    expect(toggleQuickFilter(cold, quick("Hot")).motivation).toBe("hot");
  });
});

// ---------------------------------------------------------------- presentation

describe("formatMoney", () => {
  it.each([
    [null, "N/A"],
    [undefined, "N/A"],
    [0, "N/A"],
    [250000, "$250,000"],
    [1234.56, "$1,235"],
    [1234.49, "$1,234"],
    [5, "$5"],
    [999999999.99, "$1,000,000,000"],
  ])("formats %j as %j", (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });
});

describe("formatListDate", () => {
  it("writes a short month in en-US", () => {
    expect(formatListDate(new Date(Date.UTC(2026, 10, 21, 12)))).toBe("Nov 21, 2026");
    expect(formatListDate("2024-01-05T00:00:00Z")).toBe("Jan 5, 2024");
  });

  it("uses the UTC day", () => {
    expect(formatListDate("2026-11-21T23:30:00-05:00")).toBe("Nov 22, 2026");
    expect(formatListDate(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe("Dec 31, 2026");
  });
});

describe("clientDisplayName and personName", () => {
  const person = { companyName: null, firstName: null, lastName: null, email: null };

  it("shows the company name first", () => {
    expect(
      clientDisplayName({
        ...person,
        companyName: "Acme Investors",
        firstName: "Bob",
        lastName: "Buyer",
        email: "bob@example.com",
      }),
    ).toBe("Acme Investors");
  });

  it("falls back to first and last name, then the e-mail", () => {
    expect(
      clientDisplayName({ ...person, companyName: "", firstName: "Bob", lastName: "Buyer", email: "b@x.io" }),
    ).toBe("Bob Buyer");
    expect(clientDisplayName({ ...person, firstName: "Bob", email: "b@x.io" })).toBe("Bob");
    expect(clientDisplayName({ ...person, lastName: "Buyer" })).toBe("Buyer");
    expect(clientDisplayName({ ...person, email: "b@x.io" })).toBe("b@x.io");
  });

  it("says Unassigned without a client or without anything to show", () => {
    expect(clientDisplayName(null)).toBe("Unassigned");
    expect(clientDisplayName(person)).toBe("Unassigned");
    expect(clientDisplayName({ ...person, companyName: "", firstName: "", lastName: "", email: "" })).toBe(
      "Unassigned",
    );
  });

  it("names a person by first and last name, else e-mail, else nothing", () => {
    expect(personName({ ...person, firstName: "Ada", lastName: "Admin", email: "ada@x.io" })).toBe(
      "Ada Admin",
    );
    expect(personName({ ...person, companyName: "Acme", firstName: "Ada", email: "ada@x.io" })).toBe("Ada");
    expect(personName({ ...person, email: "ada@x.io" })).toBe("ada@x.io");
    expect(personName({ ...person, companyName: "Acme" })).toBe("");
    expect(personName(null)).toBe("");
  });
});

describe("formatPhone", () => {
  it("reads US numbers as (AAA) EEE-NNNN and leaves other numbers as stored", () => {
    expect(formatPhone("+12055550139")).toBe("(205) 555-0139");
    expect(formatPhone("2055550139")).toBe("(205) 555-0139");
    expect(formatPhone("+442071838750")).toBe("+442071838750");
    expect(formatPhone("12345")).toBe("12345");
  });
});

describe("bulk form (parsed as posted, ids as a list)", () => {
  const post = (search: string) => parseForm(new URLSearchParams(search), bulkSchema);
  const errorsOf = (search: string) => post(search).reply().error;

  it("asks for an action first, then for what it needs, word for word", () => {
    expect(errorsOf("scope=ticked&filters=")).toEqual({ bulkAction: [bulkMessages.action] });
    expect(errorsOf("scope=ticked&bulkAction=assign")).toEqual({
      clientId: [bulkMessages.client],
      id: [bulkMessages.none],
    });
    expect(bulkMessages).toMatchObject({
      action: "Choose an action",
      client: "Choose a client",
      status: "Choose a status",
      none: "Tick at least one lead, or choose all leads matching the filters",
    });
  });

  it("asks for the client or status the chosen action needs", () => {
    expect(errorsOf("bulkAction=assign&clientId=&id=a")).toEqual({ clientId: [bulkMessages.client] });
    expect(errorsOf("bulkAction=status&status=&id=a")).toEqual({ status: [bulkMessages.status] });
    expect(errorsOf("bulkAction=status&status=bogus&id=a")).toEqual({ status: [bulkMessages.status] });
  });

  it("takes one ticked id, several, or every lead matching the filters", () => {
    const one = post("bulkAction=unassign&id=a");
    expect(one.status === "success" && one.value).toEqual({
      scope: "ticked",
      id: ["a"],
      filters: "",
      bulkAction: "unassign",
      clientId: undefined,
      status: undefined,
      confirmed: "",
      capChoice: "",
    });
    const several = post("scope=ticked&bulkAction=status&status=dead&id=a&id=b&confirmed=");
    expect(several.status === "success" && several.value).toMatchObject({ id: ["a", "b"], status: "dead" });
    const matching = post("scope=matching&filters=%3Fstatus%3Dnew&bulkAction=delete&confirmed=yes");
    expect(matching.status === "success" && matching.value).toMatchObject({
      scope: "matching",
      id: [],
      filters: "?status=new",
      confirmed: "yes",
    });
  });
});
