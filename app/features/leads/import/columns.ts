/**
 * How a row of a seller list becomes the new-lead form's fields (issue 13): the columns of common list
 * sources are recognised by their headers, every mapping can be changed, and each value is tidied the way
 * people and spreadsheets write it (full names, state names, ZIP codes that lost their leading zero,
 * labels instead of codes) before the lead schema checks it with its own messages.
 */
import { labelOf, type Option } from "~/db/enums";
import type { LeadField } from "../leads.schema";
import {
  amountText,
  emailText,
  isPlaceholder,
  looksLikePhone,
  phoneText,
  splitFullName,
  zipCode,
  zipProblem,
} from "./cells";
import { stateCode } from "../us-states";
import { enumFields, suggestValue, valueKey, type EnumField } from "./value-synonyms";
import { bestMatch, FILLER_WORDS, vocabulary } from "./matching";

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

const byHeader = new Map(
  Object.entries(synonyms).flatMap(([target, names]) =>
    names.map((n) => [valueKey(n), target as ImportTarget]),
  ),
);
/** "Phone 7", "Owner Cell 2", "Wireless1", "Mobile Phone": lists number their phones up to 30. */
const phoneHeader =
  /^(owner|contact|seller)?\d*(phone|mobile|cell|cellphone|mobilephone|landline|wireless|telephone)(number)?\d*(number)?$/;
/** "Email 2", "Email Address 1", "Owner Email". */
const emailHeader = /^(owner|contact)?\d*email(address)?\d*$/;

/**
 * Words a header adds to what it names: "State Code" is the state, "Owner First Name" the first name,
 * "Seller City" the city ("Owner" alone is still the owner's name: a spelling we know).
 */
const HEADER_FILLER = new Set([
  ...FILLER_WORDS,
  ...["name", "code", "number", "num", "no", "field", "column", "info", "data"],
  ...["owner", "seller", "contact", "primary", "property", "prop", "site", "situs"],
]);

const headerWords = vocabulary(
  Object.entries(synonyms).map(([target, spellings]) => ({
    target: target as ImportTarget,
    spellings: [target.replace(/([a-z])([A-Z])/g, "$1 $2"), ...spellings],
  })),
  HEADER_FILLER,
);

/** The owner's mailing address is not the property's: such columns are never mapped. */
const mailingHeader = /^(owner)?(mailing|mail)(address|street|city|state|zip|zipcode|postalcode|line)/;

/**
 * The target a header names, if any: a spelling we know, a numbered or typed phone or e-mail, else the
 * matcher's confident reading of its words ("OWNER_FIRST", "State Code", "Alt Phone"), which must explain
 * at least half of them ("Last Sale Date" is not the last name).
 */
function targetOf(header: string): ImportTarget | null {
  const k = valueKey(header);
  if (mailingHeader.test(k)) return null;
  const known = byHeader.get(k) ?? (phoneHeader.test(k) ? "phone" : emailHeader.test(k) ? "email" : null);
  if (known) return known;
  return bestMatch(header, headerWords, { filler: HEADER_FILLER, explained: 0.5 })?.target ?? null;
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

/** The admin's choice for the rows holding one value of an enumerated column: our value, or skip them. */
export const SKIP_ROWS = "skip";

/**
 * The admin's choice for a lead source no source of the agency's matches: make it one. Not a key's shape
 * (a key cannot hold "+"), so no source can be named so. Starting the import adds the source and puts
 * its key in the choice's place (import-actions.server.ts); until then the rows read as an unmatched value.
 */
export const ADD_SOURCE = "+new";

/** Per enumerated field, the chosen target of each value of the file, by the value's comparison key. */
export type ValueMapping = Partial<Record<EnumField, Record<string, string>>>;

/** A value of an enumerated column that keeps its row out: the admin chose to skip its rows. */
export interface ValueProblem {
  field: EnumField;
  value: string;
  message: string;
}

export const valueProblemMessage = (field: EnumField, value: string) =>
  `${labelOf(enumFields, field)} "${value}" skipped by the value mapping`;

/**
 * What a word nothing matches imports as (ADR 056): the value that says "we do not know" where the field
 * has one ("Other" source or property type; a status we cannot read leaves the lead "New"), else the
 * import's default for the field (motivation has no "unknown": the default the admin set).
 */
export function unmatchedValue(field: EnumField, defaults: ImportDefaults): string {
  if (field === "leadStatus") return "new";
  return field === "motivationLevel" ? defaults.motivationLevel : "other";
}

/**
 * The value of an enumerated field for a cell: the admin's choice for it, else the matcher's confident
 * one, else `unmatchedValue` (ADR 056: an optional word never keeps a seller out). An empty cell takes
 * the import's default (none for the status: a new lead is "new"). Only "skip these rows" refuses.
 */
export function enumValue(
  field: EnumField,
  raw: string,
  defaults: ImportDefaults,
  values: ValueMapping | undefined,
  sources?: readonly Option[],
): { value: string } | { problem: ValueProblem } {
  if (raw === "") return { value: field === "leadStatus" ? "" : defaults[field] };
  const choice = values?.[field]?.[valueKey(raw)];
  if (choice === SKIP_ROWS)
    return { problem: { field, value: raw, message: valueProblemMessage(field, raw) } };
  const chosen = choice === ADD_SOURCE ? undefined : choice;
  return { value: chosen || suggestValue(field, raw, sources) || unmatchedValue(field, defaults) };
}

/**
 * The file's own words for the enumerated fields of a lead, where they are not simply our value's name
 * ("Direct Mailer" imported as Direct Mail): kept on the lead, so nothing the list said is lost.
 */
export type ValuesInFile = Partial<Record<EnumField, string>>;

/** Whether `raw` is just a way of writing `value`'s code or label (no need to keep it). */
function namesValue(field: EnumField, raw: string, value: string, sources?: readonly Option[]): boolean {
  const options: readonly Option[] =
    field === "leadSource" && sources ? sources : enumFields.find((f) => f.value === field)!.options;
  const option = options.find((o) => o.value === value);
  const key = valueKey(raw);
  return !!option && (key === valueKey(option.value) || key === valueKey(option.label));
}

/** A row as the new-lead form's text fields, plus the client e-mail to assign it to (if any). */
export interface ImportedRow {
  fields: Record<Exclude<LeadField, "assignedToClientId">, string>;
  /** The lead's status from the file; "" when it has none (the lead starts as new). */
  leadStatus: string;
  clientEmail: string;
  /** Enumerated values that keep the row out (skipped by the admin's choice). */
  valueProblems: ValueProblem[];
  /** The file's words for the enumerated fields, where they differ from our names. */
  valuesInFile: ValuesInFile;
  /** A short ZIP code whose zeros would not make a ZIP code of the row's state ("ZIP 852 is not in AZ"). */
  zipProblem?: string;
}

/** The cells of a row by target, tidied of placeholders, in column order (one pass over the row). */
export function cellsByTarget(row: readonly string[], mapping: ColumnMapping): Map<ImportTarget, string[]> {
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

/**
 * A row of the file as a lead's fields. `sources` are the lead sources it may be given (the agency's open
 * ones); without them, the built-in ones.
 */
export function rowToLead(
  row: readonly string[],
  mapping: ColumnMapping,
  defaults: ImportDefaults,
  values?: ValueMapping,
  sources?: readonly Option[],
): ImportedRow {
  const cells = cellsByTarget(row, mapping);
  const cell = (target: ImportTarget) => cells.get(target)?.[0] ?? "";
  const full = splitFullName(cell("fullName"));
  // Several phone columns: the first that holds a number, else the first filled (the schema says why not).
  const phones = (cells.get("phone") ?? []).map(phoneText);
  const state = stateCode(cell("state"));
  const valueProblems: ValueProblem[] = [];
  const valuesInFile: ValuesInFile = {};
  const enumOf = (field: EnumField) => {
    const raw = cell(field);
    const result = enumValue(field, raw, defaults, values, sources);
    if (!("value" in result)) {
      valueProblems.push(result.problem);
      // The row is left out for the skip alone, not also for an empty field.
      return field === "leadStatus" ? "" : defaults[field];
    }
    if (raw !== "" && !namesValue(field, raw, result.value, sources)) valuesInFile[field] = raw;
    return result.value;
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
      propertyType: enumOf("propertyType"),
      motivationLevel: enumOf("motivationLevel"),
      leadSource: enumOf("leadSource"),
      situationNotes: cell("situationNotes"),
      askingPrice: amountText(cell("askingPrice")),
      estimatedValue: amountText(cell("estimatedValue")),
      estimatedRepairCost: amountText(cell("estimatedRepairCost")),
    },
    leadStatus: enumOf("leadStatus"),
    clientEmail: cell("clientEmail"),
    valueProblems,
    valuesInFile,
    zipProblem: zipProblem(cell("zipCode"), state),
  };
}
