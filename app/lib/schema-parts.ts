/** Field schemas and limits that several forms share word for word (spec 01 §5, spec 02 §5). */
import { z } from "./zod";

/** Longest e-mail address every form accepts ("Email must be less than 255 characters"). */
export const EMAIL_MAX = 255;
/** Longest first or last name, on every form that asks for one. */
export const NAME_MAX = 50;
/** Longest phone number of the career and profile forms ("Phone number must be less than 20 characters"). */
export const PHONE_MAX = 20;

/** A required name of at most 50 characters: "<Label> is required" / "<Label> must be less than 50 characters". */
export const requiredName = (label: "First name" | "Last name") =>
  z.string().trim().min(1, `${label} is required`).max(NAME_MAX, `${label} must be less than 50 characters`);
