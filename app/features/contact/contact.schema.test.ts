import { describe, expect, it } from "vitest";
import { contactSchema, type ContactField } from "./contact.schema";
import type { z } from "~/lib/zod";

/** The first message under each field of a refused parse (a form shows one under each field). */
function firstErrors(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const { path, message } of error.issues) if (path.length > 0) errors[String(path[0])] ??= message;
  return errors;
}

const valid = {
  name: "Ann Lee",
  email: "ann@example.com",
  company: "Acme Homes",
  subject: "Wholesale leads",
  message: "I would like to know more.",
};

/** Every issue of a parse as [field, message]; empty when the values are accepted. */
const issuesOf = (values: Record<string, unknown>) => {
  const result = contactSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};
const withField = (field: ContactField, value: string) => ({ ...valid, [field]: value });

/** A syntactically valid address of exactly `length` characters. */
const emailOfLength = (length: number) => {
  const domain = "@example.com";
  return "a".repeat(length - domain.length) + domain;
};

describe("contact form: accepted values", () => {
  it("accepts a complete valid message unchanged", () => {
    const result = contactSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  it("trims every text value", () => {
    const result = contactSchema.safeParse({
      name: "  Ann Lee  ",
      email: "\tann@example.com \n",
      company: "  Acme Homes ",
      subject: " Wholesale leads  ",
      message: "\n I would like to know more. \n",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  it("reports every missing required field at once, with the spec texts", () => {
    expect(issuesOf({ name: "", email: "", company: "", subject: "", message: "" })).toEqual([
      ["name", "Name is required"],
      ["email", "Invalid email address"],
      ["subject", "Subject is required"],
      ["message", "Message is required"],
    ]);
  });

  it("gives forms one message per field", () => {
    const result = contactSchema.safeParse({ ...valid, name: "", email: "nope" });
    expect(result.success).toBe(false);
    expect(firstErrors(result.error!)).toEqual({
      name: "Name is required",
      email: "Invalid email address",
    });
  });
});

describe("contact form: name", () => {
  it("is required", () => {
    expect(issuesOf(withField("name", ""))).toEqual([["name", "Name is required"]]);
  });

  it("treats only spaces as empty", () => {
    expect(issuesOf(withField("name", "   "))).toEqual([["name", "Name is required"]]);
  });

  it("accepts 100 characters and refuses 101", () => {
    expect(issuesOf(withField("name", "n".repeat(100)))).toEqual([]);
    expect(issuesOf(withField("name", "n".repeat(101)))).toEqual([
      ["name", "Name must be less than 100 characters"],
    ]);
  });

  it("measures the length after trimming", () => {
    const result = contactSchema.safeParse(withField("name", `  ${"n".repeat(100)}  `));
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe("n".repeat(100));
  });
});

describe("contact form: email", () => {
  it.each(["", "ann", "ann@", "@example.com", "ann@example", "ann example@example.com", "ann@@example.com"])(
    "refuses %j as invalid",
    (email) => {
      expect(issuesOf(withField("email", email))).toEqual([["email", "Invalid email address"]]);
    },
  );

  it("treats only spaces as an invalid address", () => {
    expect(issuesOf(withField("email", "   "))).toEqual([["email", "Invalid email address"]]);
  });

  it("accepts a valid address of exactly 255 characters", () => {
    const email = emailOfLength(255);
    expect(email).toHaveLength(255);
    expect(issuesOf(withField("email", email))).toEqual([]);
  });

  it("refuses a valid-looking address of 256 characters with the length message", () => {
    const email = emailOfLength(256);
    expect(email).toHaveLength(256);
    expect(issuesOf(withField("email", email))).toEqual([
      ["email", "Email must be less than 255 characters"],
    ]);
  });

  it("measures the length after trimming", () => {
    const result = contactSchema.safeParse(withField("email", `  ${emailOfLength(255)}  `));
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe(emailOfLength(255));
  });
});

describe("contact form: company", () => {
  it("is optional: missing stays undefined", () => {
    const { company: _company, ...rest } = valid;
    const result = contactSchema.safeParse(rest);
    expect(result.success).toBe(true);
    expect(result.data?.company).toBeUndefined();
  });

  it.each(["", "   "])("turns %j into undefined", (company) => {
    const result = contactSchema.safeParse(withField("company", company));
    expect(result.success).toBe(true);
    expect(result.data?.company).toBeUndefined();
  });

  it("accepts 100 characters and refuses 101", () => {
    expect(issuesOf(withField("company", "c".repeat(100)))).toEqual([]);
    expect(issuesOf(withField("company", "c".repeat(101)))).toEqual([
      ["company", "Company name must be less than 100 characters"],
    ]);
  });

  it("is trimmed", () => {
    expect(contactSchema.safeParse(withField("company", "  Acme  ")).data?.company).toBe("Acme");
  });
});

describe("contact form: subject", () => {
  it.each(["", "   "])("requires a subject (%j)", (subject) => {
    expect(issuesOf(withField("subject", subject))).toEqual([["subject", "Subject is required"]]);
  });

  it("accepts 200 characters and refuses 201", () => {
    expect(issuesOf(withField("subject", "s".repeat(200)))).toEqual([]);
    expect(issuesOf(withField("subject", "s".repeat(201)))).toEqual([
      ["subject", "Subject must be less than 200 characters"],
    ]);
  });

  it("measures the length after trimming", () => {
    expect(issuesOf(withField("subject", ` ${"s".repeat(200)} `))).toEqual([]);
  });

  // A break would start a line of the visitor's own in the staff e-mail ("Bcc: ..."): refused, not mended.
  it.each(["Hi\nBcc: victim@example.com", "Hi\r\nBcc: x", "Hi\rthere", "Hi\u2028there", "Hi\u0085there"])(
    "refuses a line break inside (%j) with a clear message",
    (subject) => {
      expect(issuesOf(withField("subject", subject))).toEqual([["subject", "Subject must be on one line"]]);
    },
  );

  it("keeps tabs and accepts breaks that trimming removes", () => {
    expect(issuesOf(withField("subject", "Leads\tin Ohio"))).toEqual([]);
    expect(contactSchema.safeParse(withField("subject", "\r\nLeads in Ohio\n")).data?.subject).toBe(
      "Leads in Ohio",
    );
  });
});

describe("contact form: one-line name and company", () => {
  it("refuses a line break inside the name or the company", () => {
    expect(issuesOf(withField("name", "Ann\nBcc: x"))).toEqual([["name", "Name must be on one line"]]);
    expect(issuesOf(withField("company", "Acme\r\nBcc: x"))).toEqual([
      ["company", "Company name must be on one line"],
    ]);
  });
});

describe("contact form: message", () => {
  it.each(["", "   ", "\n\t "])("requires a message (%j)", (message) => {
    expect(issuesOf(withField("message", message))).toEqual([["message", "Message is required"]]);
  });

  it("accepts 2000 characters and refuses 2001", () => {
    expect(issuesOf(withField("message", "m".repeat(2000)))).toEqual([]);
    expect(issuesOf(withField("message", "m".repeat(2001)))).toEqual([
      ["message", "Message must be less than 2000 characters"],
    ]);
  });

  it("measures the length after trimming", () => {
    const result = contactSchema.safeParse(withField("message", `\n${"m".repeat(2000)}\n`));
    expect(result.success).toBe(true);
    expect(result.data?.message).toBe("m".repeat(2000));
  });
});
