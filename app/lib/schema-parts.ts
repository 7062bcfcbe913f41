/** Field schemas that several forms share word for word (spec 01 §5, spec 02 §5). */
import { z } from "./zod";

/** A required name of at most 50 characters: "<Label> is required" / "<Label> must be less than 50 characters". */
export const requiredName = (label: "First name" | "Last name") =>
  z.string().trim().min(1, `${label} is required`).max(50, `${label} must be less than 50 characters`);
