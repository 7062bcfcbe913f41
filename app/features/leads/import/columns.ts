/**
 * How a row of a seller list becomes the new-lead form's fields (issue 13): the columns of common list
 * sources are recognised by their headers, every mapping can be changed, and each value is tidied the way
 * people and spreadsheets write it (full names, state names, ZIP codes that lost their leading zero,
 * labels instead of codes) before the lead schema checks it with its own messages.
 */
import { leadSources, motivationLevels, propertyTypes, type Option } from "~/db/enums";
import type { LeadField } from "../leads.schema";

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
  { value: "situationNotes", label: "Notes" },
  { value: "askingPrice", label: "Asking price" },
  { value: "estimatedValue", label: "Estimated value" },
  { value: "estimatedRepairCost", label: "Repair cost" },
  { value: "clientEmail", label: "Client e-mail (assign)" },
] as const satisfies readonly Option[];
export type ImportTarget = (typeof importTargets)[number]["value"];

/** Headers as list sources write them, compared without case, spaces or punctuation. */
const synonyms: Record<ImportTarget, string[]> = {
  firstName: ["first_name", "first name", "firstname", "owner first name", "owner 1 first name", "first"],
  lastName: ["last_name", "last name", "lastname", "owner last name", "owner 1 last name", "last", "surname"],
  fullName: [
    "name",
    "full name",
    "owner name",
    "owner",
    "owner 1 full name",
    "seller name",
    "owner full name",
  ],
  phone: [
    "phone",
    "phone number",
    "phone 1",
    "phone 2",
    "phone 3",
    "phone 4",
    "phone 5",
    "mobile",
    "cell",
    "cell phone",
    "mobile phone",
    "owner phone",
    "primary phone",
    "landline",
    "telephone",
  ],
  email: ["email", "e-mail", "email address", "owner email", "email 1"],
  address: [
    "address",
    "property address",
    "street address",
    "street",
    "site address",
    "situs address",
    "property street address",
    "mailing address",
  ],
  city: ["city", "property city", "site city", "situs city"],
  state: ["state", "property state", "site state", "st"],
  zipCode: ["zip", "zip code", "zip_code", "zipcode", "postal code", "property zip", "site zip", "zip5"],
  propertyType: ["property type", "property_type", "type", "property use"],
  motivationLevel: ["motivation", "motivation level", "motivation_level"],
  leadSource: ["source", "lead source", "list source", "lead_source"],
  situationNotes: ["notes", "note", "situation", "situation notes", "situation_notes", "comments"],
  askingPrice: ["asking price", "asking_price", "price", "list price"],
  estimatedValue: [
    "estimated value",
    "estimated_value",
    "value",
    "market value",
    "estimated market value",
    "arv",
    "est value",
  ],
  estimatedRepairCost: ["repair cost", "repair_cost", "repairs", "estimated repair cost", "rehab cost"],
  clientEmail: ["client email", "client_email", "assigned client", "client"],
};

const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
const byHeader = new Map(
  Object.entries(synonyms).flatMap(([target, names]) => names.map((n) => [key(n), target as ImportTarget])),
);

/** A column's target (or none) for each header, in order. */
export type ColumnMapping = (ImportTarget | null)[];

/**
 * The likely target of each header. A target is taken once, by its first column, except the phone:
 * lists carry several numbers ("Phone 1".."Phone 5"), and the first one filled in a row is used.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ImportTarget>();
  return headers.map((header) => {
    const target = byHeader.get(key(header)) ?? null;
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

/** A state's name or code as its code; anything else as written (the schema then says what is wrong). */
export const stateCode = (raw: string) => STATES[key(raw)] ?? raw.trim();

/**
 * A ZIP code as written, or repaired where a spreadsheet damaged it: 3 or 4 digits lost their leading
 * zeros (02134 read as a number), 9 digits lost the ZIP+4 dash.
 */
export function zipCode(raw: string): string {
  const text = raw.trim();
  if (/^\d{3,4}$/.test(text)) return text.padStart(5, "0");
  if (/^\d{9}$/.test(text)) return `${text.slice(0, 5)}-${text.slice(5)}`;
  return text;
}

/** An option by its code or its label, however cased and spaced ("Single Family", "single_family"). */
export function optionValue(options: readonly Option[], raw: string): string {
  const wanted = key(raw);
  return options.find((o) => key(o.value) === wanted || key(o.label) === wanted)?.value ?? raw.trim();
}

/** "Smith, Jane" or "Jane Q. Smith" as first and last name. */
export function splitFullName(raw: string): { firstName: string; lastName: string } {
  const text = raw.trim().replace(/\s+/g, " ");
  const comma = text.indexOf(",");
  if (comma > 0) return { firstName: text.slice(comma + 1).trim(), lastName: text.slice(0, comma).trim() };
  const space = text.lastIndexOf(" ");
  return space > 0
    ? { firstName: text.slice(0, space), lastName: text.slice(space + 1) }
    : { firstName: text, lastName: "" };
}

/** A row as the new-lead form's text fields, plus the client e-mail to assign it to (if any). */
export interface ImportedRow {
  fields: Record<Exclude<LeadField, "assignedToClientId">, string>;
  clientEmail: string;
}

export function rowToLead(
  row: readonly string[],
  mapping: ColumnMapping,
  defaults: ImportDefaults,
): ImportedRow {
  const cell = (target: ImportTarget) => {
    for (let i = 0; i < mapping.length; i++) {
      const value = (row[i] ?? "").trim();
      if (mapping[i] === target && value !== "") return value;
    }
    return "";
  };
  const full = splitFullName(cell("fullName"));
  return {
    fields: {
      firstName: cell("firstName") || full.firstName,
      lastName: cell("lastName") || full.lastName,
      phone: cell("phone"),
      email: cell("email"),
      address: cell("address"),
      city: cell("city"),
      state: stateCode(cell("state")),
      zipCode: zipCode(cell("zipCode")),
      propertyType: optionValue(propertyTypes, cell("propertyType") || defaults.propertyType),
      motivationLevel: optionValue(motivationLevels, cell("motivationLevel") || defaults.motivationLevel),
      leadSource: optionValue(leadSources, cell("leadSource") || defaults.leadSource),
      situationNotes: cell("situationNotes"),
      askingPrice: cell("askingPrice"),
      estimatedValue: cell("estimatedValue"),
      estimatedRepairCost: cell("estimatedRepairCost"),
    },
    clientEmail: cell("clientEmail"),
  };
}
