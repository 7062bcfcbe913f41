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

/** Optional text: trimmed, and empty becomes undefined. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === "" ? undefined : v))
    .optional();

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name is required")
    .max(contactMax.name, "Name must be less than 100 characters"),
  email: z
    .string()
    .trim()
    .email("Invalid email address")
    .max(contactMax.email, "Email must be less than 255 characters"),
  company: optionalText(contactMax.company, "Company name must be less than 100 characters"),
  subject: z
    .string()
    .trim()
    .min(1, "Subject is required")
    .max(contactMax.subject, "Subject must be less than 200 characters"),
  message: z
    .string()
    .trim()
    .min(1, "Message is required")
    .max(contactMax.message, "Message must be less than 2000 characters"),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** Spec 01 §9: at most 3 messages per e-mail per 60 minutes. */
export const CONTACT_LIMIT = { max: 3, windowMs: 60 * 60_000 };
