/**
 * The job application (spec 01 §3, §5), shared by the browser (instant errors) and the action. Its
 * position and experience options, with their labels, are in ~/db/enums.
 */
import { experienceLevels, positions, valuesOf } from "~/db/enums";
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, requiredName } from "~/lib/schema-parts";
import { z } from "~/lib/zod";

export const careerFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "positionInterest",
  "experienceLevel",
  "coverLetter",
] as const;
export type CareerField = (typeof careerFields)[number] | "resume";

/** The longest value of each text field (spec 01 §5): the schema checks it and the form counts towards it. */
export const careerMax = {
  firstName: NAME_MAX,
  lastName: NAME_MAX,
  email: EMAIL_MAX,
  phone: PHONE_MAX,
  coverLetter: 3000,
} as const satisfies Partial<Record<CareerField, number>>;

export const careerSchema = z.object({
  firstName: requiredName("First name"),
  lastName: requiredName("Last name"),
  email: z
    .string()
    .trim()
    .email("Invalid email address")
    .max(careerMax.email, "Email must be less than 255 characters"),
  phone: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      if (!/^[0-9\s\-+()]+$/.test(value))
        ctx.addIssue({ code: "custom", message: "Invalid phone number format" });
      else if (value.replace(/\D/g, "").length < 10)
        ctx.addIssue({ code: "custom", message: "Phone number must be at least 10 digits" });
      else if (value.length > careerMax.phone)
        ctx.addIssue({ code: "custom", message: "Phone number must be less than 20 characters" });
    }),
  positionInterest: z.enum(valuesOf(positions), "Please select a position"),
  experienceLevel: z.enum(valuesOf(experienceLevels), "Please select experience level"),
  coverLetter: z
    .string()
    .trim()
    .min(50, "Cover letter must be at least 50 characters")
    .max(careerMax.coverLetter, "Cover letter must be less than 3000 characters"),
});

export type CareerInput = z.infer<typeof careerSchema>;

/** Spec 01 §9: at most 2 applications per e-mail per 60 minutes. */
export const CAREER_LIMIT = { max: 2, windowMs: 60 * 60_000 };

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_ACCEPT = ".pdf,.doc,.docx";
export const resumeMessages = {
  tooLarge: "File size must be less than 5MB",
  wrongType: "Only PDF and Word documents are allowed",
  uploadFailed: "Failed to upload resume. Please ensure it's a valid PDF, DOC, or DOCX file under 5MB.",
} as const;

/** The browser's quick check before upload (by size and name); the server checks the bytes. */
export function checkResumeInBrowser(file: { size: number; name: string }): string | undefined {
  if (file.size > RESUME_MAX_BYTES) return resumeMessages.tooLarge;
  if (!/\.(pdf|docx?)$/i.test(file.name)) return resumeMessages.wrongType;
  return undefined;
}

/** The resume field's browser check for the form scripts: a chosen file, by size and name. */
export const resumeFieldCheck = {
  name: "resume",
  check(formData: FormData): string | undefined {
    const file = formData.get("resume");
    return file instanceof File && file.size > 0 ? checkResumeInBrowser(file) : undefined;
  },
} as const;
