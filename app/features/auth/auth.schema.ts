/**
 * The account forms' schemas (spec 01 §5), shared by the browser (instant field errors) and the server
 * actions (the authority). Messages are the spec's exact texts.
 */
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from "~/lib/schema-parts";
import { z } from "~/lib/zod";

export const PASSWORD_MIN = 12;
/** better-auth's own upper bound; longer inputs only cost hashing time. */
export const PASSWORD_MAX = 128;

/** The longest value of each account field: the schemas check them and the forms count towards them. */
export const accountMax = {
  email: EMAIL_MAX,
  firstName: NAME_MAX,
  lastName: NAME_MAX,
  companyName: 100,
  phone: PHONE_MAX,
  password: PASSWORD_MAX,
} as const;

export const messages = {
  email: "Invalid email address",
  emailMax: "Email must be less than 255 characters",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 12 characters",
  passwordMax: "Password must be less than 128 characters",
  passwordUpper: "Password must contain at least one uppercase letter",
  passwordLower: "Password must contain at least one lowercase letter",
  passwordNumber: "Password must contain at least one number",
  passwordSpecial: "Password must contain at least one special character",
  passwordsDiffer: "Passwords do not match",
  firstNameMax: "First name must be less than 50 characters",
  lastNameMax: "Last name must be less than 50 characters",
  companyMax: "Company name must be less than 100 characters",
  companyRequired: "Company name is required",
  phoneFormat: "Invalid phone number format",
  phoneMin: "Phone number must be at least 10 digits",
  phoneMax: "Phone number must be less than 20 characters",
} as const;

/** Trimmed e-mail address (spec: all text values are trimmed). */
export const emailSchema = z
  .string()
  .trim()
  .max(accountMax.email, messages.emailMax)
  .pipe(z.email(messages.email));

const upper = /[A-Z]/;
const lower = /[a-z]/;
const digit = /[0-9]/;
const special = /[^A-Za-z0-9]/;

/** The password rule. Passwords are secrets, not text: they are never trimmed. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, messages.passwordMin)
  .max(accountMax.password, messages.passwordMax)
  .regex(upper, messages.passwordUpper)
  .regex(lower, messages.passwordLower)
  .regex(digit, messages.passwordNumber)
  .regex(special, messages.passwordSpecial);

/** An optional trimmed text field: empty means "not given". */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

export const firstNameSchema = optionalText(accountMax.firstName, messages.firstNameMax);
export const lastNameSchema = optionalText(accountMax.lastName, messages.lastNameMax);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, messages.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** Phone as the career form defines it: digits, spaces, hyphens, plus and parentheses; 10 to 20. */
const phoneSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(
    z
      .string()
      .regex(/^[0-9\s()+-]+$/, messages.phoneFormat)
      .min(10, messages.phoneMin)
      .max(accountMax.phone, messages.phoneMax)
      .optional(),
  );

export const profileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  companyName: optionalText(accountMax.companyName, messages.companyMax),
  phone: phoneSchema,
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const inviteClientSchema = z.object({
  email: emailSchema,
  companyName: z
    .string()
    .trim()
    .min(1, messages.companyRequired)
    .max(accountMax.companyName, messages.companyMax),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type InviteClientInput = z.infer<typeof inviteClientSchema>;

/** An admin's change of an account's company name at /admin/users; empty removes it. */
export const companyNameSchema = z.object({ companyName: optionalText(100, messages.companyMax) });

export type PasswordStrength = "Too short" | "Weak" | "Strong";

/** The strength indicator: nothing when empty, 'Too short' under 12, 'Strong' for the full rule, else 'Weak'. */
export function passwordStrength(password: string): PasswordStrength | null {
  if (password.length === 0) return null;
  if (password.length < PASSWORD_MIN) return "Too short";
  return passwordSchema.safeParse(password).success ? "Strong" : "Weak";
}
