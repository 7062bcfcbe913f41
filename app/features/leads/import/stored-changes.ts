/**
 * What the import stores other than the file wrote it, counted by the whole-file check so
 * the admin sees what will be stored before starting.
 */
import { cellsByTarget, type ColumnMapping, type ValuesInFile } from "./columns";
import type { EnumField } from "./value-synonyms";

/** The fields whose stored value the check's summary compares with the file's words. */
const comparedFields = [
  "firstName",
  "lastName",
  "phone",
  "email",
  "address",
  "city",
  "state",
  "zipCode",
  "askingPrice",
  "estimatedValue",
  "estimatedRepairCost",
] as const;
export type ChangedField = (typeof comparedFields)[number] | EnumField | "fullName";

/**
 * Which of a row's values will be stored other than the file wrote them: a phone in
 * international form, a state's code, a ZIP with its zeros back, a price as a number, a full name split,
 * an enumerated word read as one of ours. What the check counts, so the admin sees what will be stored.
 */
export function storedChanges(
  row: readonly string[],
  mapping: ColumnMapping,
  lead: Readonly<Record<string, unknown>>,
  valuesInFile: ValuesInFile | undefined,
): ChangedField[] {
  const cells = cellsByTarget(row, mapping);
  const changed: ChangedField[] = [];
  for (const field of comparedFields) {
    const text = cells.get(field)?.[0];
    if (text === undefined) continue;
    const stored = lead[field];
    if (String(stored ?? "") !== text) changed.push(field);
  }
  if (!cells.has("firstName") && cells.has("fullName")) changed.push("fullName");
  for (const field of Object.keys(valuesInFile ?? {}) as EnumField[]) changed.push(field);
  return changed;
}
