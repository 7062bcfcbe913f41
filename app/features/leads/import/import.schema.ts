/**
 * The import's settings form (issue 13): a target for each column of the file, the values that fill
 * what the file leaves empty, an optional client for every lead, and what to do with possible
 * duplicates. Shared by the browser and the server.
 */
import { motivationLevels, propertyTypes, valuesOf, type Option } from "~/db/enums";
import type { ImportCheck, ImportSettings } from "~/db/schema";
import { z } from "~/lib/zod";
import {
  importTargets,
  SKIP_ROWS,
  ADD_SOURCE,
  type ColumnMapping,
  type ImportTarget,
  type ValueMapping,
} from "./columns";
import { enumFields, type EnumField } from "./value-synonyms";
import { sourceKeySchema as sourceKey } from "../sources/sources";

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
  leadSource: sourceKey,
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

/** The name of the value mapping's select for one value of the file (its comparison key). */
export const valueFieldName = (field: EnumField, key: string) => `value.${field}.${key}`;

/**
 * What the value mapping offers for a value of `field`: each of the field's values (for the lead source,
 * the agency's open `sources` when given), adding it as a new source, or skipping its rows.
 */
export const valueTargets = (field: EnumField, sources?: readonly Option[]): Option[] => [
  ...(field === "leadSource" && sources ? sources : enumFields.find((f) => f.value === field)!.options),
  ...(field === "leadSource" ? [{ value: ADD_SOURCE, label: "Add it as a new source" }] : []),
  { value: SKIP_ROWS, label: "Skip these rows" },
];

export const VALUE_CHOICE_MESSAGE = "Choose what this value imports as";
const MAX_VALUE_CHOICES = 4 * 1_000;

/**
 * The value mapping's selects of a posted form, over the mapping so far: a chosen target replaces it,
 * "" (not chosen) removes it. An unknown field, a malformed key or a target the field does not have is
 * refused with a message (the form only sends what it offered).
 */
export function postedValueMapping(
  form: FormData,
  before: ValueMapping = {},
  sources?: readonly Option[],
): { ok: true; values: ValueMapping } | { ok: false; message: string } {
  const values: Record<string, Record<string, string>> = Object.fromEntries(
    Object.entries(before).map(([field, choices]) => [field, { ...choices }]),
  );
  let count = 0;
  for (const [name, posted] of form) {
    if (!name.startsWith("value.")) continue;
    const [, field, key, ...rest] = name.split(".");
    const allowed = enumFields.some((f) => f.value === field)
      ? valueTargets(field as EnumField, sources)
      : null;
    if (
      !allowed ||
      rest.length > 0 ||
      !/^[a-z0-9]{1,200}$/.test(key ?? "") ||
      typeof posted !== "string" ||
      (posted !== "" && !allowed.some((t) => t.value === posted)) ||
      ++count > MAX_VALUE_CHOICES
    ) {
      return { ok: false, message: VALUE_CHOICE_MESSAGE };
    }
    const choices = (values[field!] ??= {});
    if (posted === "") delete choices[key!];
    else choices[key!] = posted;
  }
  return { ok: true, values };
}

/**
 * The settings as the whole-file check's key: the same settings give the same key, whatever order their
 * keys come back in (jsonb orders them its own way).
 */
export const settingsKeyOf = (settings: ImportSettings): string =>
  JSON.stringify(settings, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * What the start button says will happen, from the whole-file check made with the current settings
 * ("Import 5,147 leads, skip 18 with problems, skip 41 possible duplicates"); without one, the row count.
 */
export function startButtonLabel(
  check: ImportCheck | null,
  settings: ImportSettings,
  totalRows: number,
): string {
  if (!check || check.settingsKey !== settingsKeyOf(settings)) {
    return `Import ${plural(totalRows, "row", "rows")}`;
  }
  const duplicates = check.duplicates.inFile + check.duplicates.inBook;
  const parts = [`Import ${plural(check.willImport, "lead", "leads")}`];
  if (duplicates > 0 && settings.duplicates === "import") {
    parts[0] += ` (${plural(duplicates, "possible duplicate", "possible duplicates")} among them)`;
  }
  if (check.problemRows > 0) parts.push(`skip ${check.problemRows.toLocaleString("en-US")} with problems`);
  if (duplicates > 0 && settings.duplicates === "skip") {
    parts.push(`skip ${plural(duplicates, "possible duplicate", "possible duplicates")}`);
  }
  return parts.join(", ");
}

/** The reason of a row the admin excluded before starting. */
export const EXCLUDED_REASON = "Excluded before the import";

/** The fix grid's names: a cell of a failing row, its "exclude" box, and the rows the grid showed. */
export const fixFieldName = (row: number, column: number) => `fix.${row}.${column}`;
export const excludeFieldName = (row: number) => `exclude.${row}`;
export const FIX_ROWS_FIELD = "fixRow";
export const FIX_MESSAGE = "A value of a fixed row is longer than 5,000 characters.";
const FIX_CELL_MAX = 5_000;

/**
 * The fix grid's rows of a posted form, over the fixes so far: each row the grid showed gets its cells as
 * edited, or null when its "exclude" box is ticked. A row the check no longer lists as failing is left
 * as it is: a change saved meanwhile (a value mapped) made it pass, and the grid had not caught up.
 */
export function postedFixes(
  form: FormData,
  before: ImportSettings["fixes"],
  failing: readonly { row: number; cells: string[] }[],
  width: number,
): { ok: true; fixes: NonNullable<ImportSettings["fixes"]> } | { ok: false; message: string } {
  const fixes = { ...before };
  for (const posted of form.getAll(FIX_ROWS_FIELD)) {
    const shown = failing.find((f) => String(f.row) === posted);
    if (!shown) continue;
    if (form.get(excludeFieldName(shown.row)) === "yes") {
      fixes[shown.row] = null;
      continue;
    }
    const cells = Array.from({ length: width }, (_, column) => {
      const edited = form.get(fixFieldName(shown.row, column));
      return typeof edited === "string" ? edited : (shown.cells[column] ?? "");
    });
    if (cells.some((cell) => cell.length > FIX_CELL_MAX)) return { ok: false, message: FIX_MESSAGE };
    fixes[shown.row] = cells;
  }
  return { ok: true, fixes };
}
