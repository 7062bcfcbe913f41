/**
 * The import's settings form (issue 13): a target for each column of the file, the values that fill
 * what the file leaves empty, an optional client for every lead, and what to do with possible
 * duplicates. Shared by the browser and the server.
 */
import { leadSources, motivationLevels, propertyTypes, valuesOf } from "~/db/enums";
import { z } from "~/lib/zod";
import { importTargets, type ColumnMapping, type ImportTarget } from "./columns";

/** The largest file the importer takes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export const delimiters = [
  { value: ",", label: "comma" },
  { value: ";", label: "semicolon" },
  { value: "\t", label: "tab" },
] as const;
export type Delimiter = (typeof delimiters)[number]["value"];

export const csvFileMessages = {
  missing: "Choose a CSV file to upload",
  tooLarge: "The file is larger than 50 MB. Split it into smaller files and import each.",
  notText: "This file is not a CSV file. Export the list as CSV and upload that.",
  notUtf8: 'This file is not UTF-8 text. Save it as "CSV UTF-8" (Excel: File > Save As) and upload it again.',
  noHeader: "The file is empty: the first row must name the columns.",
  noRows: "The file has a header row but no rows to import.",
} as const;

/** Columns the importer reads from one file; a list with more is not a seller list. */
export const IMPORT_MAX_COLUMNS = 100;
/** Rows of the file shown on the mapping page with what the import would make of them. */
export const PREVIEW_ROWS = 10;

export const duplicateModes = [
  { value: "skip", label: "Skip them (listed with the rejected rows)" },
  { value: "import", label: "Import them anyway" },
] as const;

const target = z.union([z.literal(""), z.enum(valuesOf(importTargets))], "Choose what this column holds");

export const importSettingsSchema = z.object({
  mapping: z.array(target).max(IMPORT_MAX_COLUMNS),
  propertyType: z.enum(valuesOf(propertyTypes), "Choose a property type"),
  motivationLevel: z.enum(valuesOf(motivationLevels), "Choose a motivation level"),
  leadSource: z.enum(valuesOf(leadSources), "Choose a lead source"),
  assignToClientId: z
    .string()
    .trim()
    .pipe(z.union([z.literal("").transform(() => null), z.guid("Invalid client ID")])),
  duplicates: z.enum(valuesOf(duplicateModes), "Choose what to do with possible duplicates"),
});
export type ImportSettingsInput = z.output<typeof importSettingsSchema>;

/** What a lead cannot do without: a name, a phone and a whole address. */
const needed: { label: string; any: ImportTarget[] }[] = [
  { label: "First name (or Full name)", any: ["firstName", "fullName"] },
  { label: "Last name (or Full name)", any: ["lastName", "fullName"] },
  { label: "Phone", any: ["phone"] },
  { label: "Property address", any: ["address"] },
  { label: "City", any: ["city"] },
  { label: "State", any: ["state"] },
  { label: "ZIP code", any: ["zipCode"] },
];

/** The fields no column is mapped to although every lead needs them (empty when the mapping will do). */
export function unmappedNeeds(mapping: readonly (string | null)[]): string[] {
  const mapped = new Set(mapping.filter(Boolean));
  return needed.filter((n) => !n.any.some((t) => mapped.has(t))).map((n) => n.label);
}

export const unmappedMessage = (labels: string[]) =>
  `Map a column to ${labels.join(", ")}: every lead needs ${labels.length === 1 ? "it" : "them"}.`;

/** The mapping as stored: a target or null per column. */
export const toMapping = (mapping: ImportSettingsInput["mapping"]): ColumnMapping =>
  mapping.map((m) => (m === "" ? null : m));
