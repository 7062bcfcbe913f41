/**
 * How the password strength indicator looks at each level, for the React field and the account pages'
 * script (ADR 055) alike: one set of classes, so the two draw the same thing.
 */
import { passwordStrength, type PasswordStrength } from "./auth.schema";

const levels: Record<PasswordStrength, 1 | 2 | 3> = { "Too short": 1, Weak: 2, Strong: 3 };

export interface StrengthLook {
  label: PasswordStrength;
  /** The classes of the three bar segments. */
  segments: [string, string, string];
  labelClass: string;
}

/** The indicator for `password`; null when it is empty (nothing is shown). */
export function strengthLook(password: string): StrengthLook | null {
  const label = passwordStrength(password);
  if (!label) return null;
  const level = levels[label];
  const [fill, text] =
    level === 1
      ? ["bg-destructive", "text-destructive"]
      : level === 2
        ? ["bg-accent", "text-accent"]
        : ["bg-success", "text-success"];
  const segment = (n: number) => `h-1.5 flex-1 rounded-full ${n > level ? "bg-slate-200" : fill}`;
  return { label, segments: [segment(1), segment(2), segment(3)], labelClass: `font-semibold ${text}` };
}

export const STRENGTH_ROW_CLASS = "flex items-center gap-3";
export const STRENGTH_BAR_CLASS = "flex flex-1 gap-1";
