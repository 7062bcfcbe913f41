import { describe, expect, it } from "vitest";
import { experienceLevels, positions, valuesOf } from "~/db/enums";
import { RESUME_MAX_BYTES, careerSchema, checkResumeInBrowser, type CareerField } from "./careers.schema";
import type { z } from "~/lib/zod";

/** The first message under each field of a refused parse (a form shows one under each field). */
function firstErrors(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const { path, message } of error.issues) if (path.length > 0) errors[String(path[0])] ??= message;
  return errors;
}

const coverLetter = "I have five years of cold calling experience with wholesalers in Texas.";

const valid = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "+1 (555) 123-4567",
  positionInterest: "lead-generation",
  experienceLevel: "2-3",
  coverLetter,
};

/** Every issue of a parse as [field, message]; empty when the values are accepted. */
const issuesOf = (values: Record<string, unknown>) => {
  const result = careerSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};
const withField = (field: CareerField, value: string | undefined) => ({ ...valid, [field]: value });

describe("career form: accepted values", () => {
  it("accepts a complete valid application unchanged", () => {
    const result = careerSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
    expect(coverLetter.length).toBeGreaterThanOrEqual(50);
  });

  it("trims every text value", () => {
    const result = careerSchema.safeParse({
      firstName: "  Ann ",
      lastName: " Lee  ",
      email: " ann@example.com\n",
      phone: "  +1 (555) 123-4567  ",
      positionInterest: "lead-generation",
      experienceLevel: "2-3",
      coverLetter: `\n  ${coverLetter}  \n`,
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  it("reports every empty required field with the spec texts", () => {
    const result = careerSchema.safeParse({
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      positionInterest: "",
      experienceLevel: "",
      coverLetter: "",
    });
    expect(result.success).toBe(false);
    expect(firstErrors(result.error!)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      positionInterest: "Please select a position",
      experienceLevel: "Please select experience level",
      coverLetter: "Cover letter must be at least 50 characters",
    });
  });
});

describe.each([
  ["firstName", "First name"],
  ["lastName", "Last name"],
] as const)("career form: %s", (field, label) => {
  it.each(["", "   "])("is required (%j)", (value) => {
    expect(issuesOf(withField(field, value))).toEqual([[field, `${label} is required`]]);
  });

  it("accepts 50 characters and refuses 51", () => {
    expect(issuesOf(withField(field, "x".repeat(50)))).toEqual([]);
    expect(issuesOf(withField(field, "x".repeat(51)))).toEqual([
      [field, `${label} must be less than 50 characters`],
    ]);
  });

  it("measures the length after trimming", () => {
    expect(issuesOf(withField(field, `  ${"x".repeat(50)}  `))).toEqual([]);
  });
});

describe("career form: email", () => {
  it.each(["", "   ", "ann", "ann@example", "ann@", "@example.com"])("refuses %j as invalid", (email) => {
    expect(issuesOf(withField("email", email))).toEqual([["email", "Invalid email address"]]);
  });

  it("accepts 255 characters and refuses 256 with the length message", () => {
    const of = (n: number) => "a".repeat(n - "@example.com".length) + "@example.com";
    expect(issuesOf(withField("email", of(255)))).toEqual([]);
    expect(issuesOf(withField("email", of(256)))).toEqual([
      ["email", "Email must be less than 255 characters"],
    ]);
  });
});

describe("career form: phone", () => {
  it.each([undefined, "", "   "])("is optional (%j becomes undefined)", (phone) => {
    const result = careerSchema.safeParse(withField("phone", phone));
    expect(result.success).toBe(true);
    expect(result.data?.phone).toBeUndefined();
  });

  it.each(["+1 (555) 123-4567", "555-123-4567", "5551234567", "555 123 4567", "+44 20 7946 0958"])(
    "accepts %j",
    (phone) => {
      const result = careerSchema.safeParse(withField("phone", phone));
      expect(result.success).toBe(true);
      expect(result.data?.phone).toBe(phone);
    },
  );

  it.each(["555.123.4567", "abc", "555-123-4567 ext 2", "555/123/4567", "+1 555 123 4567#"])(
    "refuses %j: Invalid phone number format",
    (phone) => {
      expect(issuesOf(withField("phone", phone))).toEqual([["phone", "Invalid phone number format"]]);
    },
  );

  it.each(["123-4567", "555123456", "(555) 123-456", "+1 ---- ()"])(
    "refuses %j: fewer than 10 digits",
    (phone) => {
      expect(issuesOf(withField("phone", phone))).toEqual([
        ["phone", "Phone number must be at least 10 digits"],
      ]);
    },
  );

  it("accepts 20 characters and refuses 21", () => {
    const twenty = "5551234567 555123456"; // 19 digits and a space
    const twentyOne = "5551234567 5551234567"; // 20 digits and a space
    expect(twenty).toHaveLength(20);
    expect(twentyOne).toHaveLength(21);
    expect(issuesOf(withField("phone", twenty))).toEqual([]);
    expect(issuesOf(withField("phone", twentyOne))).toEqual([
      ["phone", "Phone number must be less than 20 characters"],
    ]);
  });

  it("measures the length after trimming", () => {
    expect(issuesOf(withField("phone", `   ${"5".repeat(20)}   `))).toEqual([]);
  });
});

describe("career form: position and experience", () => {
  // Spec 01 §3's options, written out on purpose: they pin the one list in ~/db/enums to the spec.
  it("offers exactly the spec's positions", () => {
    expect(positions.map((p) => [p.value, p.label])).toEqual([
      ["lead-generation", "Lead Generation Specialist"],
      ["market-research", "Market Research Analyst"],
      ["digital-marketing", "Digital Marketing Manager"],
      ["client-success", "Client Success Manager"],
      ["cold-calling", "Cold Calling Specialist"],
      ["other", "Other/General Application"],
    ]);
  });

  it.each(valuesOf(positions))("accepts position %j", (positionInterest) => {
    expect(issuesOf(withField("positionInterest", positionInterest))).toEqual([]);
  });

  it.each([undefined, "", "Lead Generation Specialist", "sales", "other "])(
    "refuses position %j: Please select a position",
    (positionInterest) => {
      expect(issuesOf(withField("positionInterest", positionInterest))).toEqual([
        ["positionInterest", "Please select a position"],
      ]);
    },
  );

  // Spec 01 §3's levels, written out on purpose, as above.
  it("offers exactly the spec's experience levels", () => {
    expect(experienceLevels.map((e) => e.value)).toEqual(["0-1", "2-3", "4-5", "6-10", "10+"]);
    expect(experienceLevels.map((e) => e.label)).toEqual([
      "0-1 years",
      "2-3 years",
      "4-5 years",
      "6-10 years",
      "10+ years",
    ]);
  });

  it.each(valuesOf(experienceLevels))("accepts experience %j", (experienceLevel) => {
    expect(issuesOf(withField("experienceLevel", experienceLevel))).toEqual([]);
  });

  it.each([undefined, "", "3", "10", "0-1 years"])(
    "refuses experience %j: Please select experience level",
    (experienceLevel) => {
      expect(issuesOf(withField("experienceLevel", experienceLevel))).toEqual([
        ["experienceLevel", "Please select experience level"],
      ]);
    },
  );
});

describe("career form: cover letter", () => {
  it("refuses 49 characters and accepts 50", () => {
    expect(issuesOf(withField("coverLetter", "c".repeat(49)))).toEqual([
      ["coverLetter", "Cover letter must be at least 50 characters"],
    ]);
    expect(issuesOf(withField("coverLetter", "c".repeat(50)))).toEqual([]);
  });

  it("accepts 3000 characters and refuses 3001", () => {
    expect(issuesOf(withField("coverLetter", "c".repeat(3000)))).toEqual([]);
    expect(issuesOf(withField("coverLetter", "c".repeat(3001)))).toEqual([
      ["coverLetter", "Cover letter must be less than 3000 characters"],
    ]);
  });

  it("does not count surrounding spaces towards the minimum", () => {
    expect(issuesOf(withField("coverLetter", `   ${"c".repeat(49)}   `))).toEqual([
      ["coverLetter", "Cover letter must be at least 50 characters"],
    ]);
  });

  it("does not count surrounding spaces towards the maximum", () => {
    expect(issuesOf(withField("coverLetter", `   ${"c".repeat(3000)}   `))).toEqual([]);
  });
});

describe("checkResumeInBrowser", () => {
  it("uses the spec's 5 MB limit", () => {
    expect(RESUME_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it("accepts exactly 5 MB and refuses one byte more", () => {
    expect(checkResumeInBrowser({ name: "cv.pdf", size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(checkResumeInBrowser({ name: "cv.pdf", size: 5 * 1024 * 1024 + 1 })).toBe(
      "File size must be less than 5MB",
    );
  });

  it.each(["cv.txt", "cv.pdf.exe", "cv", "cv.docm", "pdf", "cv.odt"])(
    "refuses %j: Only PDF and Word documents are allowed",
    (name) => {
      expect(checkResumeInBrowser({ name, size: 1000 })).toBe("Only PDF and Word documents are allowed");
    },
  );

  it.each(["cv.pdf", "CV.PDF", "cv.doc", "cv.docx", "My CV.Docx", ".doc", ".docx"])("accepts %j", (name) => {
    expect(checkResumeInBrowser({ name, size: 1000 })).toBeUndefined();
  });

  it("reports the size before the type", () => {
    expect(checkResumeInBrowser({ name: "cv.txt", size: RESUME_MAX_BYTES + 1 })).toBe(
      "File size must be less than 5MB",
    );
  });
});
