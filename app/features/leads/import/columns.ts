/**
 * How a row of a seller list becomes the new-lead form's fields (issue 13): the columns of common list
 * sources are recognised by their headers, every mapping can be changed, and each value is tidied the way
 * people and spreadsheets write it (full names, state names, ZIP codes that lost their leading zero,
 * labels instead of codes) before the lead schema checks it with its own messages.
 */
import { labelOf, type Option } from "~/db/enums";
import type { LeadField } from "../leads.schema";
import { enumFields, suggestValue, valueKey, type EnumField } from "./value-synonyms";

/** The columns of the lead export: the importer recognises each of them, so export, edit, import round-trips. */
export const LEAD_CSV_COLUMNS = [
  "first_name",
  "last_name",
  "phone",
  "email",
  "address",
  "city",
  "state",
  "zip_code",
  "property_type",
  "motivation",
  "source",
  "status",
  "situation_notes",
  "asking_price",
  "estimated_value",
  "repair_cost",
  "client_email",
  "created_at",
  "lead_id",
] as const;

/** What a column can fill: a lead field, or a helper that fills some (full name, client e-mail). */
export const importTargets = [
  { value: "firstName", label: "First name" },
  { value: "lastName", label: "Last name" },
  { value: "fullName", label: "Full name" },
  { value: "phone", label: "Phone" },
  { value: "email", label: "Email" },
  { value: "address", label: "Property address" },
  { value: "city", label: "City" },
  { value: "state", label: "State" },
  { value: "zipCode", label: "ZIP code" },
  { value: "propertyType", label: "Property type" },
  { value: "motivationLevel", label: "Motivation" },
  { value: "leadSource", label: "Lead source" },
  { value: "leadStatus", label: "Status" },
  { value: "situationNotes", label: "Notes" },
  { value: "askingPrice", label: "Asking price" },
  { value: "estimatedValue", label: "Estimated value" },
  { value: "estimatedRepairCost", label: "Repair cost" },
  { value: "clientEmail", label: "Client e-mail (assign)" },
] as const satisfies readonly Option[];
export type ImportTarget = (typeof importTargets)[number]["value"];

/** Headers as list sources write them, compared without case, spaces or punctuation. */
const synonyms: Record<ImportTarget, string[]> = {
  firstName: [
    "first_name",
    "first name",
    "firstname",
    "owner first name",
    "owner 1 first name",
    "owner1 first name",
    "first",
    "given name",
    "contact first name",
    "seller first name",
    "primary first name",
  ],
  lastName: [
    "last_name",
    "last name",
    "lastname",
    "owner last name",
    "owner 1 last name",
    "owner1 last name",
    "last",
    "surname",
    "family name",
    "contact last name",
    "seller last name",
    "primary last name",
  ],
  fullName: [
    "name",
    "full name",
    "owner name",
    "owner",
    "owners",
    "owner names",
    "owner 1 name",
    "owner 1 full name",
    "owner full name",
    "seller",
    "seller name",
    "contact",
    "contact name",
    "primary name",
  ],
  // Numbered and typed phone columns ("Phone 7", "Wireless 2") are recognised by phoneHeader below.
  phone: ["phone", "telephone", "primary phone", "best phone", "contact phone", "seller phone"],
  email: ["e-mail", "email address", "contact email", "seller email", "primary email"],
  address: [
    "address",
    "property address",
    "property address line 1",
    "address line 1",
    "address 1",
    "street address",
    "street",
    "site address",
    "situs address",
    "situs street address",
    "property street",
    "property street address",
    "prop address",
  ],
  city: ["city", "property city", "property address city", "site city", "situs city", "prop city"],
  state: [
    "state",
    "property state",
    "property address state",
    "site state",
    "situs state",
    "st",
    "prop state",
  ],
  zipCode: [
    "zip",
    "zip code",
    "zipcode",
    "postal code",
    "postcode",
    "property zip",
    "property zip code",
    "property zipcode",
    "property address zipcode",
    "property address zip",
    "site zip",
    "situs zip",
    "zip5",
    "prop zip",
  ],
  propertyType: [
    "property type",
    "type",
    "prop type",
    "property use",
    "land use",
    "property class",
    "building type",
    "home type",
    "property type detail",
  ],
  motivationLevel: [
    "motivation",
    "motivation level",
    "seller motivation",
    "temperature",
    "lead temperature",
    "lead temp",
    "temp",
  ],
  leadSource: [
    "source",
    "lead source",
    "list source",
    "marketing source",
    "marketing channel",
    "channel",
    "lead channel",
    "campaign source",
    "origin",
  ],
  leadStatus: [
    "status",
    "lead status",
    "stage",
    "lead stage",
    "deal status",
    "pipeline stage",
    "disposition",
  ],
  situationNotes: [
    "notes",
    "note",
    "situation",
    "situation notes",
    "comments",
    "comment",
    "description",
    "seller notes",
    "call notes",
  ],
  askingPrice: [
    "asking price",
    "price",
    "list price",
    "asking",
    "ask price",
    "seller asking price",
    "listing price",
  ],
  estimatedValue: [
    "estimated value",
    "value",
    "market value",
    "estimated market value",
    "est market value",
    "arv",
    "est value",
    "avm",
    "property value",
    "zestimate",
  ],
  estimatedRepairCost: [
    "repair cost",
    "repairs",
    "estimated repair cost",
    "repair estimate",
    "rehab cost",
    "rehab estimate",
    "est repairs",
  ],
  clientEmail: ["client email", "assigned client", "client"],
};

const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
const byHeader = new Map(
  Object.entries(synonyms).flatMap(([target, names]) => names.map((n) => [key(n), target as ImportTarget])),
);
/** "Phone 7", "Owner Cell 2", "Wireless1", "Mobile Phone": lists number their phones up to 30. */
const phoneHeader =
  /^(owner|contact|seller)?\d*(phone|mobile|cell|cellphone|mobilephone|landline|wireless|telephone)(number)?\d*(number)?$/;
/** "Email 2", "Email Address 1", "Owner Email". */
const emailHeader = /^(owner|contact)?\d*email(address)?\d*$/;

/** The target a header names, if any. */
function targetOf(header: string): ImportTarget | null {
  const k = key(header);
  return byHeader.get(k) ?? (phoneHeader.test(k) ? "phone" : emailHeader.test(k) ? "email" : null);
}

/** A column's target (or none) for each header, in order. */
export type ColumnMapping = (ImportTarget | null)[];

/**
 * The likely target of each header. A target is taken once, by its first column, except the phone:
 * lists carry several numbers ("Phone 1".."Phone 5"), and the first one filled in a row is used.
 * Mailing addresses ("Mailing City") are left out: the property's address is the lead's.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ImportTarget>();
  return headers.map((header) => {
    const target = targetOf(header);
    if (!target || (taken.has(target) && target !== "phone")) return null;
    taken.add(target);
    return target;
  });
}

/** What fills a field the file leaves out or empty. */
export interface ImportDefaults {
  propertyType: string;
  motivationLevel: string;
  leadSource: string;
}

const STATES: Record<string, string> = {
  alabama: "AL",
  alaska: "AK",
  arizona: "AZ",
  arkansas: "AR",
  california: "CA",
  colorado: "CO",
  connecticut: "CT",
  delaware: "DE",
  districtofcolumbia: "DC",
  florida: "FL",
  georgia: "GA",
  hawaii: "HI",
  idaho: "ID",
  illinois: "IL",
  indiana: "IN",
  iowa: "IA",
  kansas: "KS",
  kentucky: "KY",
  louisiana: "LA",
  maine: "ME",
  maryland: "MD",
  massachusetts: "MA",
  michigan: "MI",
  minnesota: "MN",
  mississippi: "MS",
  missouri: "MO",
  montana: "MT",
  nebraska: "NE",
  nevada: "NV",
  newhampshire: "NH",
  newjersey: "NJ",
  newmexico: "NM",
  newyork: "NY",
  northcarolina: "NC",
  northdakota: "ND",
  ohio: "OH",
  oklahoma: "OK",
  oregon: "OR",
  pennsylvania: "PA",
  rhodeisland: "RI",
  southcarolina: "SC",
  southdakota: "SD",
  tennessee: "TN",
  texas: "TX",
  utah: "UT",
  vermont: "VT",
  virginia: "VA",
  washington: "WA",
  westvirginia: "WV",
  wisconsin: "WI",
  wyoming: "WY",
  puertorico: "PR",
};

/** Short forms people write for some states ("Calif.", "Mass"). */
const STATE_SHORT: Record<string, string> = {
  ala: "AL",
  ariz: "AZ",
  ark: "AR",
  calif: "CA",
  cal: "CA",
  colo: "CO",
  conn: "CT",
  dc: "DC",
  del: "DE",
  fla: "FL",
  ill: "IL",
  ind: "IN",
  kans: "KS",
  mass: "MA",
  mich: "MI",
  minn: "MN",
  miss: "MS",
  mont: "MT",
  nebr: "NE",
  nev: "NV",
  okla: "OK",
  ore: "OR",
  penn: "PA",
  penna: "PA",
  tenn: "TN",
  tex: "TX",
  wash: "WA",
  wis: "WI",
  wisc: "WI",
  wyo: "WY",
};
const STATE_CODES = new Set([...Object.values(STATES), "GU", "VI", "AS", "MP"]);

/** A state's name, short form or code (any case, "N.Y." too) as its code; anything else as written. */
export function stateCode(raw: string): string {
  const k = key(raw);
  if (STATE_CODES.has(k.toUpperCase())) return k.toUpperCase();
  return STATES[k] ?? STATE_SHORT[k] ?? raw.trim();
}

/** States whose ZIP codes start with 0: an 8-digit ZIP+4 there lost its leading zero. */
const ZERO_ZIP_STATES = new Set(["CT", "MA", "ME", "NH", "NJ", "PR", "RI", "VT", "VI"]);

/**
 * A ZIP code as written, or repaired where a spreadsheet damaged it: 3 or 4 digits lost their leading
 * zeros (02134 read as a number), 9 digits lost the ZIP+4 dash, "80202.0" became a decimal; 8 digits
 * are a ZIP+4 that lost its zero when the state's ZIP codes start with one.
 */
export function zipCode(raw: string, state = ""): string {
  const text = raw.trim().replace(/\.0+$/, "");
  if (/^\d{3,4}$/.test(text)) return text.padStart(5, "0");
  if (/^\d{3,4}-\d{4}$/.test(text)) return text.padStart(10, "0");
  if (/^\d{9}$/.test(text)) return `${text.slice(0, 5)}-${text.slice(5)}`;
  if (/^\d{8}$/.test(text) && ZERO_ZIP_STATES.has(state)) return `0${text.slice(0, 4)}-${text.slice(4)}`;
  if (/^\d{5}-$/.test(text)) return text.slice(0, 5);
  return text;
}

/** An option by its code or its label, however cased and spaced ("Single Family", "single_family"). */
export function optionValue(options: readonly Option[], raw: string): string {
  const wanted = key(raw);
  return options.find((o) => key(o.value) === wanted || key(o.label) === wanted)?.value ?? raw.trim();
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
  ].map(key),
);

/** Whether a cell says "nothing here": empty, a placeholder ("N/A", "no email"), or only dashes and dots. */
export function isPlaceholder(raw: string): boolean {
  const text = raw.trim();
  // Most cells start with a letter or digit: one short scan, and only short ones are looked up.
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  return text.length <= 24 && PLACEHOLDERS.has(key(text));
}

/** Words sellers and lists put where a price would go, meaning there is none yet. */
const NO_PRICE = new Set(
  ["negotiable", "obo", "make offer", "make an offer", "call", "ask", "open", "0ffer"].map(key),
);

/**
 * An amount as the schema reads it: "$185,000", "185k", "1.2M", "USD 185000" as plain numbers, "TBD" or
 * "Negotiable" as none; anything else as written (the schema says what is wrong).
 */
export function amountText(raw: string): string {
  const text = raw.trim();
  if (isPlaceholder(text) || NO_PRICE.has(key(text))) return "";
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
const looksLikePhone = (text: string) => /^\+?\d{10,15}$/.test(text.replace(/[\s().-]/g, ""));

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

/** The admin's choice for the rows holding one value of an enumerated column: our value, or skip them. */
export const SKIP_ROWS = "skip";

/** Per enumerated field, the chosen target of each value of the file, by the value's comparison key. */
export type ValueMapping = Partial<Record<EnumField, Record<string, string>>>;

/** A value of an enumerated column that keeps its row out, and why. */
export interface ValueProblem {
  field: EnumField;
  value: string;
  message: string;
}

export const valueProblemMessage = (field: EnumField, value: string, skipped: boolean) =>
  `${labelOf(enumFields, field)} "${value}" ${skipped ? "skipped by the value mapping" : "not recognised"}`;

/**
 * The value of an enumerated field for a cell: the admin's choice for it, else the synonym table's,
 * else a problem. An empty cell takes the default (none for the status: a new lead is "new").
 */
export function enumValue(
  field: EnumField,
  raw: string,
  fallback: string,
  values: ValueMapping | undefined,
): { value: string } | { problem: ValueProblem } {
  if (raw === "") return { value: fallback };
  const choice = values?.[field]?.[valueKey(raw)] || suggestValue(field, raw);
  if (choice && choice !== SKIP_ROWS) return { value: choice };
  return { problem: { field, value: raw, message: valueProblemMessage(field, raw, choice === SKIP_ROWS) } };
}

/** A row as the new-lead form's text fields, plus the client e-mail to assign it to (if any). */
export interface ImportedRow {
  fields: Record<Exclude<LeadField, "assignedToClientId">, string>;
  /** The lead's status from the file; "" when it has none (the lead starts as new). */
  leadStatus: string;
  clientEmail: string;
  /** Enumerated values that keep the row out (not recognised, or skipped by the admin's choice). */
  valueProblems: ValueProblem[];
}

/** The cells of a row by target, tidied of placeholders, in column order (one pass over the row). */
function cellsByTarget(row: readonly string[], mapping: ColumnMapping): Map<ImportTarget, string[]> {
  const found = new Map<ImportTarget, string[]>();
  for (let i = 0; i < mapping.length; i++) {
    const target = mapping[i];
    if (!target) continue;
    const value = (row[i] ?? "").trim();
    if (value === "" || isPlaceholder(value)) continue;
    const cells = found.get(target);
    if (cells) cells.push(value);
    else found.set(target, [value]);
  }
  return found;
}

/** The raw cell of an enumerated column in a row (the first filled one), as the value mapping counts it. */
export function enumCell(row: readonly string[], mapping: ColumnMapping, field: EnumField): string {
  for (let i = 0; i < mapping.length; i++) {
    if (mapping[i] !== field) continue;
    const value = (row[i] ?? "").trim();
    if (value !== "" && !isPlaceholder(value)) return value;
  }
  return "";
}

export function rowToLead(
  row: readonly string[],
  mapping: ColumnMapping,
  defaults: ImportDefaults,
  values?: ValueMapping,
): ImportedRow {
  const cells = cellsByTarget(row, mapping);
  const cell = (target: ImportTarget) => cells.get(target)?.[0] ?? "";
  const full = splitFullName(cell("fullName"));
  // Several phone columns: the first that holds a number, else the first filled (the schema says why not).
  const phones = (cells.get("phone") ?? []).map(phoneText);
  const state = stateCode(cell("state"));
  const valueProblems: ValueProblem[] = [];
  const enumOf = (field: EnumField, fallback: string) => {
    const result = enumValue(field, cell(field), fallback, values);
    if ("value" in result) return result.value;
    valueProblems.push(result.problem);
    return fallback;
  };
  return {
    fields: {
      firstName: cell("firstName") || full.firstName,
      lastName: cell("lastName") || full.lastName,
      phone: phones.find(looksLikePhone) ?? phones[0] ?? "",
      email: emailText(cell("email")),
      address: cell("address"),
      city: cell("city"),
      state,
      zipCode: zipCode(cell("zipCode"), state.toUpperCase()),
      propertyType: enumOf("propertyType", defaults.propertyType),
      motivationLevel: enumOf("motivationLevel", defaults.motivationLevel),
      leadSource: enumOf("leadSource", defaults.leadSource),
      situationNotes: cell("situationNotes"),
      askingPrice: amountText(cell("askingPrice")),
      estimatedValue: amountText(cell("estimatedValue")),
      estimatedRepairCost: amountText(cell("estimatedRepairCost")),
    },
    leadStatus: enumOf("leadStatus", ""),
    clientEmail: cell("clientEmail"),
    valueProblems,
  };
}
