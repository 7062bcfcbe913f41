/**
 * One cell of a seller list read the way people and spreadsheets write it (issue 24): state names and
 * short forms, ZIP codes that lost their leading zero, placeholders for "nothing here", prices as
 * "$185,000" or "185k", phones damaged by a spreadsheet, full names with titles and suffixes. Pure text
 * in, the new-lead form's text out; the lead schema then checks it with its own messages.
 */
import { zipInState } from "~/lib/zip-prefixes";
import { valueKey } from "./value-synonyms";

/** States whose ZIP codes start with 0: an 8-digit ZIP+4 there lost its leading zero. */
const ZERO_ZIP_STATES = new Set(["CT", "MA", "ME", "NH", "NJ", "PR", "RI", "VT", "VI"]);

/**
 * A ZIP code as written, or repaired where a spreadsheet damaged it: 3 or 4 digits lost their leading
 * zeros (02134 read as a number), 9 digits lost the ZIP+4 dash, "80202.0" became a decimal; 8 digits
 * are a ZIP+4 that lost its zero when the state's ZIP codes start with one. Zeros go back only where the
 * ZIP code they make lies in the row's state: "852" in Arizona is not 00852 (zipProblem says so).
 */
export function zipCode(raw: string, state = ""): string {
  const text = raw.trim().replace(/\.0+$/, "");
  if (/^\d{3,4}(-\d{4})?$/.test(text)) {
    const padded = text.padStart(text.includes("-") ? 10 : 5, "0");
    // Without a state nothing can be checked (and the lead schema refuses the row for the state).
    return !state || zipInState(padded, state) ? padded : text;
  }
  if (/^\d{9}$/.test(text)) return `${text.slice(0, 5)}-${text.slice(5)}`;
  if (/^\d{8}$/.test(text) && ZERO_ZIP_STATES.has(state)) return `0${text.slice(0, 4)}-${text.slice(4)}`;
  if (/^\d{5}-$/.test(text)) return text.slice(0, 5);
  return text;
}

/** What people put in a cell to say there is nothing there. */
const PLACEHOLDERS = new Set(
  [
    "n/a",
    "na",
    "n.a.",
    "none",
    "null",
    "nil",
    "nan",
    "undefined",
    "unknown",
    "not available",
    "not applicable",
    "no email",
    "no e-mail",
    "no email address",
    "no phone",
    "no number",
    "no phone number",
    "no address",
    "no name",
    "tbd",
    "tba",
    "blank",
    "empty",
  ].map(valueKey),
);

/** Whether a cell says "nothing here": empty, a placeholder ("N/A", "no email"), or only dashes and dots. */
export function isPlaceholder(raw: string): boolean {
  const text = raw.trim();
  // Most cells start with a letter or digit: one short scan, and only short ones are looked up.
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  return text.length <= 24 && PLACEHOLDERS.has(valueKey(text));
}

/** Words sellers and lists put where a price would go, meaning there is none yet. */
const NO_PRICE = new Set(
  ["negotiable", "obo", "make offer", "make an offer", "call", "ask", "open", "0ffer"].map(valueKey),
);

/**
 * An amount as the schema reads it: "$185,000", "185k", "1.2M", "USD 185000" as plain numbers, "TBD" or
 * "Negotiable" as none; anything else as written (the schema says what is wrong).
 */
export function amountText(raw: string): string {
  const text = raw.trim();
  if (isPlaceholder(text) || NO_PRICE.has(valueKey(text))) return "";
  const match = /^(?:usd\s*)?\$?\s*(\d[\d,]*(?:\.\d+)?)\s*([km])?\s*(?:usd)?\+?$/i.exec(
    text.replace(/^(~|approx\.?|about)\s*/i, ""),
  );
  if (!match) return text;
  const scale = match[2] ? (match[2].toLowerCase() === "k" ? 1_000 : 1_000_000) : 1;
  return String(Math.round(Number(match[1]!.replaceAll(",", "")) * scale * 100) / 100);
}

/**
 * A phone number as the schema reads it, undone from what spreadsheets and lists do to it: "tel:",
 * an extension ("x12", "ext. 12"), a decimal ("6025550101.0") or scientific notation ("6.025550101E+09").
 */
export function phoneText(raw: string): string {
  let text = raw
    .trim()
    .replace(/^tel:/i, "")
    .replace(/\s*(?:ext\.?|extension|x|#)\s*\d{1,6}$/i, "")
    .replace(/^(\d+)\.0+$/, "$1");
  const scientific = /^(\d)\.(\d+)e\+?(\d+)$/i.exec(text);
  if (scientific && scientific[2]!.length <= Number(scientific[3])) {
    text = (scientific[1]! + scientific[2]!).padEnd(Number(scientific[3]) + 1, "0");
  }
  return text;
}

/** Whether a phone cell holds something that can be a number (10 to 15 digits, a + at most). */
export const looksLikePhone = (text: string) => /^\+?\d{10,15}$/.test(text.replace(/[\s().-]/g, ""));

/** The first e-mail of a cell that lists several ("a@x.com; b@y.com"), without "mailto:". */
export const emailText = (raw: string) =>
  raw
    .trim()
    .replace(/^mailto:/i, "")
    .split(/[;,\s]+/)[0] ?? "";

const HONORIFICS = /^(mr|mrs|ms|miss|dr)\.?\s+/i;
const SUFFIX = /^(jr|sr|ii|iii|iv|v|md|phd|esq)\.?$/i;

/** "Smith, Jane", "Jane Q. Smith", "Mr. John Smith Jr." as first and last name. */
export function splitFullName(raw: string): { firstName: string; lastName: string } {
  const text = raw.trim().replace(/\s+/g, " ").replace(HONORIFICS, "");
  const comma = text.indexOf(",");
  if (comma > 0) {
    const after = text.slice(comma + 1).trim();
    // "John Smith, Jr." is not "Last, First".
    if (!SUFFIX.test(after)) return { firstName: after, lastName: text.slice(0, comma).trim() };
    return withSuffix(splitFullName(text.slice(0, comma)), after);
  }
  const words = text.split(" ");
  const suffix = words.length > 2 && SUFFIX.test(words.at(-1)!) ? words.pop()! : "";
  if (words.length < 2) return { firstName: text, lastName: "" };
  const last = words.pop()!;
  return withSuffix({ firstName: words.join(" "), lastName: last }, suffix);
}

const withSuffix = (name: { firstName: string; lastName: string }, suffix: string) =>
  suffix ? { ...name, lastName: `${name.lastName} ${suffix}` } : name;

/**
 * What is wrong with a short ZIP code that zipCode could not repair: "ZIP 852 is not in AZ" (its zeros
 * would make a ZIP code of another state, or none); undefined for any other value (the lead schema judges
 * those with its own message).
 */
export function zipProblem(raw: string, state: string): string | undefined {
  const text = raw.trim().replace(/\.0+$/, "");
  if (!state || !/^\d{3,4}(-\d{4})?$/.test(text) || zipCode(text, state) !== text) return undefined;
  return `ZIP ${text} is not in ${state.toUpperCase()}`;
}
