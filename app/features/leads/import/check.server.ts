/**
 * The whole-file check (issue 24): before anything is written, the stored file is read again from its
 * first row to its last, every row judged exactly as the import job will judge it (assess.server.ts,
 * with the duplicates of the whole file carried from batch to batch), and summed up: the rows that will
 * import, the problems grouped by problem with their counts and first rows, the possible duplicates
 * within the file and against the book, and each distinct value of the enumerated columns with its
 * count and what it imports as (the matcher's target with its confidence, else the default), for the
 * value mapping.
 */
import type { Database } from "~/db/client.server";
import type { CheckedValue, ImportCheck, ImportSettings } from "~/db/schema";
import { assessRows, type SeenRows } from "./assess.server";
import { ADD_SOURCE, enumCell, unmatchedValue, type ColumnMapping } from "./columns";
import { storedChanges } from "./stored-changes";
import { settingsKeyOf } from "./import.schema";
import type { CsvRecord } from "./csv-source.server";
import { csvRecords } from "./csv-source.server";
import { enumFields, matchValue, valueKey } from "./value-synonyms";
import { openSourceOptions } from "../sources/sources.server";
import { SOURCE_LABEL_MAX, sourceLabelOf } from "../sources/sources";
import { labelOf, type Option } from "~/db/enums";
import { catchAllSources, vagueSourceWords } from "./value-words";

/** Rows judged per database round trip. */
const CHECK_BATCH = 2_000;
/** Distinct values counted per column; a free-text column mapped as one would have thousands. */
const MAX_DISTINCT = 300;
/** Problem groups kept (the most frequent first) and example rows per group. */
const MAX_PROBLEMS = 40;
const EXAMPLE_ROWS = 5;
/**
 * An unmatched lead source this common is proposed as a new source of the agency's: at least this many
 * rows, and this share of the file (a word on a handful of rows of a big list stays "Other").
 */
const NEW_SOURCE_MIN_ROWS = 5;
const NEW_SOURCE_SHARE = 0.02;

/** Failing rows kept for the fix grid: a handful to fix by hand; more is a file to fix at its source. */
const FAILING_ROWS = 25;

const catchAll = new Set<string>(catchAllSources);
const vague = new Set(vagueSourceWords.map(valueKey));

/**
 * Whether a source value of the file is worth proposing as a new source: one nothing matched, or one a
 * catch-all took ("Facebook Ads" read as Online) unless it names that catch-all or no channel at all;
 * common enough in the file, and short enough to name a source.
 */
const proposeAsSource = (value: CheckedValue, rows: number, sources: readonly Option[]) =>
  (value.confidence === null ||
    (catchAll.has(value.suggested ?? "") &&
      !vague.has(value.key) &&
      value.key !== valueKey(labelOf(sources, value.suggested)))) &&
  value.rows >= Math.max(NEW_SOURCE_MIN_ROWS, rows * NEW_SOURCE_SHARE) &&
  sourceLabelOf(value.value).length <= SOURCE_LABEL_MAX;

/** Reads `records` (the file's, header first) and judges every row with `settings`. */
export async function checkRecords(
  db: Database,
  settings: ImportSettings,
  records: AsyncIterable<CsvRecord>,
): Promise<ImportCheck> {
  const started = performance.now();
  const mapping = settings.mapping as ColumnMapping;
  const mappedFields = enumFields.map((f) => f.value).filter((field) => mapping.includes(field));
  const tallies = new Map(mappedFields.map((field) => [field, new Map<string, CheckedValue>()]));
  const overflow = new Map(mappedFields.map((field) => [field, { keys: new Set<string>(), rows: 0 }]));
  const problems = new Map<string, { message: string; rows: number; examples: number[] }>();
  const seen: SeenRows = { phones: new Map(), keys: new Map() };
  let rows = 0;
  let willImport = 0;
  let problemRows = 0;
  const failing: ImportCheck["failing"] = [];
  const duplicates = { inFile: 0, inBook: 0 };
  const changes = new Map<string, number>();
  const sources = await openSourceOptions(db);

  const tally = (cells: readonly string[]) => {
    for (const [field, values] of tallies) {
      const raw = enumCell(cells, mapping, field);
      const key = valueKey(raw);
      if (key === "") continue;
      const known = values.get(key);
      if (known) known.rows++;
      else if (values.size < MAX_DISTINCT) {
        const match = matchValue(field, raw, sources);
        values.set(key, {
          key,
          value: raw,
          rows: 1,
          suggested: match?.target ?? unmatchedValue(field, settings.defaults),
          confidence: match?.confidence ?? null,
        });
      } else {
        const more = overflow.get(field)!;
        more.rows++;
        if (more.keys.size < 100_000) more.keys.add(key);
      }
    }
  };

  const judge = async (batch: CsvRecord[]) => {
    for (const row of await assessRows(db, settings, batch, seen)) {
      if (row.duplicateOf) {
        if ("leadId" in row.duplicateOf) duplicates.inBook++;
        else duplicates.inFile++;
      }
      if (row.kind === "lead") {
        willImport++;
        for (const field of storedChanges(row.cells, mapping, row.lead, row.lead.valuesInFile)) {
          changes.set(field, (changes.get(field) ?? 0) + 1);
        }
        continue;
      }
      if (row.duplicateOf) continue;
      problemRows++;
      if (failing.length < FAILING_ROWS) failing.push({ row: row.row, cells: row.cells, reason: row.reason });
      for (const problem of row.problems) {
        // The first row's words name the group ("Cold Calling" for "cold calling" too).
        const group = problems.get(problem.group) ?? { message: problem.message, rows: 0, examples: [] };
        group.rows++;
        if (group.examples.length < EXAMPLE_ROWS) group.examples.push(row.row);
        problems.set(problem.group, group);
      }
    }
  };

  let batch: CsvRecord[] = [];
  let header = true;
  for await (const record of records) {
    if (header) {
      header = false;
      continue;
    }
    rows++;
    tally(record.cells);
    batch.push(record);
    if (batch.length === CHECK_BATCH) {
      await judge(batch);
      batch = [];
    }
  }
  if (batch.length) await judge(batch);

  const groups = [...problems.values()].sort((a, b) => b.rows - a.rows);
  const kept = groups.slice(0, MAX_PROBLEMS);
  return {
    settingsKey: settingsKeyOf(settings),
    rows,
    willImport,
    problemRows,
    duplicates,
    problems: kept,
    failing,
    otherProblemRows: groups.slice(MAX_PROBLEMS).reduce((sum, g) => sum + g.rows, 0),
    changes: Object.fromEntries(changes),
    values: Object.fromEntries(
      [...tallies].map(([field, values]) => [
        field,
        {
          values: [...values.values()]
            .map((v) =>
              field === "leadSource" && proposeAsSource(v, rows, sources)
                ? { ...v, suggested: ADD_SOURCE }
                : v,
            )
            .sort((a, b) => b.rows - a.rows || a.value.localeCompare(b.value)),
          moreValues: overflow.get(field)!.keys.size,
          moreRows: overflow.get(field)!.rows,
        },
      ]),
    ),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Checks a stored file (its bytes read piece by piece, never whole in memory), counting its empty rows. */
export const checkStoredFile = (
  db: Database,
  settings: ImportSettings,
  file: AsyncIterable<Uint8Array>,
): Promise<ImportCheck> => {
  let emptyRows = 0;
  const records = csvRecords(file, { onEmptyRow: () => emptyRows++ });
  return checkRecords(db, settings, records).then((check) => ({ ...check, emptyRows }));
};
