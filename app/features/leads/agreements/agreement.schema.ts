/**
 * A client's agreement (issue 15): how many leads a month the agency promised, from when, at what
 * price, and the terms of the guarantee (return window, monthly return cap); the target markets and buy
 * box a machine checks on assignment (issue 24 §2: markets, property types, a price ceiling) beside the
 * free texts that keep the nuance. One schema for the admin's form in the browser and on the server.
 */
import { propertyTypes, valuesOf, type PropertyType } from "~/db/enums";
import { z } from "~/lib/zod";
import { parseMarkets } from "./markets";

export const AGREEMENT_TEXT_MAX = 2000;

/** What an agreement says when an admin opens a client who has none yet. */
export const agreementDefaults = {
  leadsPerMonth: "",
  startsOn: "",
  pricePerLead: "",
  returnWindowDays: "7",
  returnCapPercent: "20",
  targetMarkets: "",
  buyBox: "",
  markets: "",
  propertyTypes: [] as string[],
  maxPrice: "",
  dailyPace: "",
};

export type AgreementField = keyof typeof agreementDefaults;
export type AgreementFormValues = typeof agreementDefaults;

/** A whole number typed into a text box, within bounds, with messages naming the field. */
const wholeNumber = (label: string, min: number, max: number, unit = "") =>
  z
    .string()
    .trim()
    .transform((raw, ctx) => {
      const cleaned = raw.replace(/[,\s]/g, "");
      const value = Number(cleaned);
      const message =
        cleaned === ""
          ? `${label} is required`
          : !/^\d+$/.test(cleaned)
            ? `${label} must be a whole number`
            : value < min
              ? `${label} must be at least ${min.toLocaleString("en-US")}${unit}`
              : value > max
                ? `${label} can be at most ${max.toLocaleString("en-US")}${unit}`
                : null;
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

/** A calendar date as the date input sends it (YYYY-MM-DD), and a real one (no 31 April). */
const calendarDate = z
  .string()
  .trim()
  .min(1, "Start date is required")
  .refine((raw) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    if (!match) return false;
    const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      year >= 2000 &&
      year <= 2100 &&
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, "Enter the start date as a real date, e.g. 2026-12-01");

/** A whole number that may be left empty (null). */
const optionalWholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((raw, ctx) => {
      if (raw.replace(/[,\s]/g, "") === "") return null;
      const parsed = wholeNumber(label, min, max).safeParse(raw);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? `${label} is not valid` });
      return z.NEVER;
    });

/** Dollars as people write them ("$45.50", "250,000": the symbol and separators are presentation); null when empty. */
const dollarAmount = (label: string, example: string, max: number) =>
  z
    .string()
    .trim()
    .transform((raw, ctx) => {
      const cleaned = raw.replace(/[$,\s]/g, "");
      if (cleaned === "") return null;
      const message = !/^\d+(\.\d{1,2})?$/.test(cleaned)
        ? `Enter the ${label.toLowerCase()} in dollars, e.g. ${example}`
        : Number(cleaned) > max
          ? `${label} can be at most $${max.toLocaleString("en-US")}`
          : null;
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(cleaned);
    });

const dollars = dollarAmount("Price per lead", "45 or 45.50", 10_000).transform((value, ctx) => {
  if (value !== null) return value;
  ctx.addIssue({ code: "custom", message: "Price per lead is required" });
  return z.NEVER;
});

/** A price ceiling: optional. */
const ceiling = dollarAmount("Price ceiling", "250000", 100_000_000);

/** The markets box, read into items; a line that cannot be read is named in the message. */
const marketsBox = z
  .string()
  .max(20_000, "Markets must be at most 20,000 characters")
  .transform((raw, ctx) => {
    const parsed = parseMarkets(raw);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.items;
  });

const longText = (label: string) =>
  z.string().trim().max(AGREEMENT_TEXT_MAX, `${label} must be at most 2,000 characters`);

/** The longest return window an agreement may give (days): after it, no delivery can be asked back. */
export const MAX_RETURN_WINDOW_DAYS = 90;

export const agreementSchema = z.object({
  leadsPerMonth: wholeNumber("Leads per month", 1, 10_000),
  startsOn: calendarDate,
  pricePerLead: dollars,
  returnWindowDays: wholeNumber("Return window", 0, MAX_RETURN_WINDOW_DAYS, " days"),
  returnCapPercent: wholeNumber("Monthly return cap", 0, 100, "%"),
  targetMarkets: longText("Target markets"),
  buyBox: longText("Buy box"),
  markets: marketsBox,
  propertyTypes: z.array(z.enum(valuesOf(propertyTypes))).default([]),
  maxPrice: ceiling,
  dailyPace: optionalWholeNumber("Most leads a day", 1, 10_000),
});

export type AgreementInput = z.output<typeof agreementSchema>;

/** The terms as a version keeps them: the markets as their labels ("Harris County, TX"). */
export interface AgreementTerms extends Omit<AgreementInput, "markets"> {
  markets: string[];
  propertyTypes: PropertyType[];
}

/** The limits the form counts characters against (no truncating maxlength). */
export const agreementMax: Partial<Record<AgreementField, number>> = {
  targetMarkets: AGREEMENT_TEXT_MAX,
  buyBox: AGREEMENT_TEXT_MAX,
};

/** Labels of the terms, for the form, the read-only view and the history of changes. */
export const agreementLabels: Record<AgreementField, string> = {
  leadsPerMonth: "Leads per month",
  startsOn: "Start date",
  pricePerLead: "Price per lead",
  returnWindowDays: "Return window",
  returnCapPercent: "Monthly return cap",
  markets: "Markets checked on assignment",
  propertyTypes: "Property types bought",
  maxPrice: "Price ceiling",
  dailyPace: "Most leads a day",
  targetMarkets: "Target markets",
  buyBox: "Buy box",
};

/** Stored terms as the form's texts, to edit them. */
export const agreementFormValues = (terms: AgreementTerms): AgreementFormValues => ({
  leadsPerMonth: String(terms.leadsPerMonth),
  startsOn: terms.startsOn,
  pricePerLead: String(terms.pricePerLead),
  returnWindowDays: String(terms.returnWindowDays),
  returnCapPercent: String(terms.returnCapPercent),
  targetMarkets: terms.targetMarkets,
  buyBox: terms.buyBox,
  markets: terms.markets.join("\n"),
  propertyTypes: [...terms.propertyTypes],
  maxPrice: terms.maxPrice === null ? "" : String(terms.maxPrice),
  dailyPace: terms.dailyPace === null ? "" : String(terms.dailyPace),
});
