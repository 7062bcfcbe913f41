/**
 * One colour per value across every chart (issue 25): a lead source, a Not Interested reason or a
 * return's state is drawn in the same colour on the admin's and the client's pages, whichever values a
 * range happens to hold (colours by position shifted when a source had no leads). States carry meaning:
 * waiting amber, approved green, rejected grey. The colours are the theme's chart hues (app.css, ADR 027),
 * each at least 3:1 against the card.
 */
import type { LeadSource, NotInterestedReason } from "~/db/enums";

const hue = (n: number) => `var(--chart-${n})`;

export const sourceColours: Record<LeadSource, string> = {
  cold_call: hue(1),
  direct_mail: hue(2),
  referral: hue(3),
  networking: hue(4),
  online: hue(5),
  drive_for_dollars: hue(6),
  bandit_signs: hue(7),
  other: hue(8),
};

/**
 * A source's colour: a built-in source keeps its own; one the agency added takes a hue from its key, so
 * it is the same on every chart, the admin's and the client's, whichever sources a page is told of.
 */
export function sourceColourOf(key: string): string {
  if (key in sourceColours) return sourceColours[key as LeadSource];
  let sum = 0;
  for (const char of key) sum = (sum * 31 + char.charCodeAt(0)) % 8191;
  return hue((sum % 8) + 1);
}

export const notInterestedColours: Record<NotInterestedReason, string> = {
  price: hue(1),
  condition: hue(2),
  location: hue(4),
  timing: hue(6),
  could_not_reach: hue(5),
  other: hue(8),
};

/** A return's state by what it means for the client: waiting (amber), approved (green), rejected (grey). */
export const returnStateColours = {
  waiting: "var(--chart-2)",
  approved: "var(--success)",
  rejected: "var(--chart-8)",
} as const;

/** Response times: the median and the slow tail, the same on the agency's and a team's chart. */
export const responseColours = {
  median: "var(--chart-1)",
  p90: "var(--chart-3)",
} as const;
