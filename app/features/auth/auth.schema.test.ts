import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  inviteClientSchema,
  passwordSchema,
  passwordStrength,
  profileSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "./auth.schema";

/** The first message under each field of a refused parse (a form shows one under each field). */
function firstErrors(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const { path, message } of error.issues) if (path.length > 0) errors[String(path[0])] ??= message;
  return errors;
}

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : firstErrors(result.error);
};
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const strong = "Abcdefghij1!"; // exactly 12 characters, every class

describe("password rule", () => {
  it("accepts 12 characters with every class and refuses 11", () => {
    expect(strong).toHaveLength(12);
    expect(passwordSchema.safeParse(strong).success).toBe(true);
    expect(messagesOf(passwordSchema, "Abcdefghi1!")).toEqual(["Password must be at least 12 characters"]);
  });

  it.each([
    ["abcdefghij1!", "Password must contain at least one uppercase letter"],
    ["ABCDEFGHIJ1!", "Password must contain at least one lowercase letter"],
    ["Abcdefghijk!", "Password must contain at least one number"],
    ["Abcdefghijk1", "Password must contain at least one special character"],
  ])("refuses %s: %s", (password, message) => {
    expect(messagesOf(passwordSchema, password)).toEqual([message]);
  });

  it("counts spaces and punctuation as special characters and does not trim", () => {
    expect(passwordSchema.safeParse("Abcdefghij1 ").success).toBe(true);
    expect(messagesOf(passwordSchema, " Abcdefgh1! ")).toEqual([]);
  });

  it("refuses an empty password with the length message", () => {
    expect(messagesOf(passwordSchema, "")[0]).toBe("Password must be at least 12 characters");
  });

  it("caps the length at 128", () => {
    expect(passwordSchema.safeParse(strong + "a".repeat(116)).success).toBe(true);
    expect(messagesOf(passwordSchema, strong + "a".repeat(117))).toEqual([
      "Password must be less than 128 characters",
    ]);
  });
});

describe("sign-up", () => {
  const valid = { email: "  ada@example.com ", password: strong, firstName: " Ada ", lastName: "" };

  it("trims text values and drops empty optional names", () => {
    expect(signUpSchema.parse(valid)).toEqual({
      email: "ada@example.com",
      password: strong,
      firstName: "Ada",
      lastName: undefined,
    });
  });

  it("needs a valid e-mail", () => {
    expect(errorsOf(signUpSchema, { ...valid, email: "ada@" })).toEqual({ email: "Invalid email address" });
    expect(errorsOf(signUpSchema, { ...valid, email: "" })).toEqual({ email: "Invalid email address" });
  });

  it("limits e-mail to 255 characters", () => {
    const long = `${"a".repeat(244)}@example.com`; // 256
    expect(errorsOf(signUpSchema, { ...valid, email: long })).toEqual({
      email: "Email must be less than 255 characters",
    });
  });

  it("accepts names of 50 characters and refuses 51", () => {
    const fifty = "N".repeat(50);
    expect(signUpSchema.safeParse({ ...valid, firstName: fifty, lastName: fifty }).success).toBe(true);
    expect(errorsOf(signUpSchema, { ...valid, firstName: fifty + "N", lastName: fifty + "N" })).toEqual({
      firstName: "First name must be less than 50 characters",
      lastName: "Last name must be less than 50 characters",
    });
  });

  it("applies the password rule", () => {
    expect(errorsOf(signUpSchema, { ...valid, password: "short" })).toEqual({
      password: "Password must be at least 12 characters",
    });
  });

  it("treats missing names as not given", () => {
    expect(signUpSchema.safeParse({ email: "a@b.co", password: strong }).success).toBe(true);
  });
});

describe("sign-in", () => {
  it("needs a valid e-mail and a password", () => {
    expect(errorsOf(signInSchema, { email: "nope", password: "" })).toEqual({
      email: "Invalid email address",
      password: "Password is required",
    });
  });

  it("does not apply the password rule (old passwords still sign in)", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
  });
});

describe("reset password", () => {
  it("applies the rule and needs the confirmation to match", () => {
    expect(
      errorsOf(resetPasswordSchema, { token: "t", password: strong, confirmPassword: strong + "x" }),
    ).toEqual({ confirmPassword: "Passwords do not match" });
    expect(errorsOf(resetPasswordSchema, { token: "t", password: "abc", confirmPassword: "abc" })).toEqual({
      password: "Password must be at least 12 characters",
    });
  });
});

describe("profile", () => {
  it("accepts an empty profile", () => {
    expect(profileSchema.parse({ firstName: "", lastName: "", companyName: "", phone: "" })).toEqual({
      firstName: undefined,
      lastName: undefined,
      companyName: undefined,
      phone: undefined,
    });
  });

  it("limits the company name to 100 characters", () => {
    expect(profileSchema.safeParse({ companyName: "C".repeat(100) }).success).toBe(true);
    expect(errorsOf(profileSchema, { companyName: "C".repeat(101) })).toEqual({
      companyName: "Company name must be less than 100 characters",
    });
  });

  it.each([
    ["(202) 555-0143", null],
    ["+1 202 555 0143", null],
    ["202-555-014x", "Invalid phone number format"],
    ["555-0143", "Phone number must be at least 10 digits"],
    ["+1 (202) 555-0143 000", "Phone number must be less than 20 characters"],
  ])("phone %s", (phone, message) => {
    expect(errorsOf(profileSchema, { phone })).toEqual(message ? { phone: message } : {});
  });
});

describe("invite client", () => {
  it("needs an e-mail and a company name", () => {
    expect(errorsOf(inviteClientSchema, { email: "x", companyName: " " })).toEqual({
      email: "Invalid email address",
      companyName: "Company name is required",
    });
  });
});

describe("password strength indicator", () => {
  it.each([
    ["", null],
    ["a", "Too short"],
    ["Abcdefghi1!", "Too short"],
    ["abcdefghijkl", "Weak"],
    ["Abcdefghijk1", "Weak"],
    [strong, "Strong"],
  ])("%j -> %s", (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
