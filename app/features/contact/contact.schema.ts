/** The contact form (spec 01 §5), shared by the browser (instant errors) and the action (the authority). */
import { EMAIL_MAX } from "~/lib/schema-parts";
import { z } from "~/lib/zod";

export const contactFields = ["name", "email", "company", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/** The longest value of each field (spec 01 §5): the schema checks it and the form counts towards it. */
export const contactMax = {
  name: 100,
  email: EMAIL_MAX,
  company: 100,
  subject: 200,
  message: 2000,
} as const satisfies Record<ContactField, number>;

/**
 * No line break inside a one-line field: the staff e-mail lists the fields one per line, so a name or
 * subject with a break could show a line of its own ("Bcc: ...") that the visitor made up. A text input
 * cannot hold one; only a crafted request sends it, and gets this message instead of a mangled value.
 */
const oneLine = /^[^\n\r\v\f\u0085\u2028\u2029]*$/;

/** Optional one-line text: trimmed, and empty becomes undefined. */
const optionalLine = (max: number, message: string, lineMessage: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .regex(oneLine, lineMessage)
    .transform((v) => (v === "" ? undefined : v))
    .optional();

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name is required")
    .max(contactMax.name, "Name must be less than 100 characters")
    .regex(oneLine, "Name must be on one line"),
  email: z
    .string()
    .trim()
    .email("Invalid email address")
    .max(contactMax.email, "Email must be less than 255 characters"),
  company: optionalLine(
    contactMax.company,
    "Company name must be less than 100 characters",
    "Company name must be on one line",
  ),
  subject: z
    .string()
    .trim()
    .min(1, "Subject is required")
    .max(contactMax.subject, "Subject must be less than 200 characters")
    .regex(oneLine, "Subject must be on one line"),
  message: z
    .string()
    .trim()
    .min(1, "Message is required")
    .max(contactMax.message, "Message must be less than 2000 characters"),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** Spec 01 §9: at most 3 messages per e-mail per 60 minutes. */
export const CONTACT_LIMIT = { max: 3, windowMs: 60 * 60_000 };
