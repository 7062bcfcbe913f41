/**
 * Reading an uploaded seller list as CSV records, as a stream (issue 13): bytes in, one record at a time
 * out, never the whole file in memory. The upload reads it once to learn the headers and count the rows;
 * the import job reads it again from the stored chunks. Both go through this one reader, so both see the
 * same rows with the same numbers.
 */
import { Readable } from "node:stream";
import { parse, type CsvError } from "csv-parse";
import { takeTurns } from "~/lib/take-turns.server";
import { csvFileMessages, type Delimiter, delimiters } from "./import.schema";

/** One record longer than this is not a seller list's row: the file is refused. */
const MAX_RECORD_CHARS = 100_000;

/** Why a file cannot be read as a list, in words for the person who uploaded it. */
export class CsvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvFileError";
  }
}

/**
 * The delimiter of a header line: the one of comma, semicolon and tab that occurs most often outside
 * quotes (semicolons come from spreadsheets in countries that write decimals with a comma).
 */
export function detectDelimiter(headerLine: string): Delimiter {
  const counts = new Map<Delimiter, number>(delimiters.map((d) => [d.value, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as Delimiter))
      counts.set(char as Delimiter, counts.get(char as Delimiter)! + 1);
  }
  let best: Delimiter = ",";
  for (const [delimiter, n] of counts) if (n > counts.get(best)!) best = delimiter;
  return best;
}

/** UTF-8 text from bytes, chunk by chunk; a byte sequence that is not UTF-8 stops it with a clear error. */
async function* utf8Text(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  // fatal: invalid bytes throw instead of turning into U+FFFD; the BOM, if any, is dropped.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of bytes) {
      if (chunk.includes(0)) throw new CsvFileError(csvFileMessages.notText);
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw new CsvFileError(csvFileMessages.notUtf8);
    throw error;
  }
}

/** The text up to the first line break (or all of it), to find the delimiter; the text itself is kept. */
async function firstLine(text: AsyncIterator<string>): Promise<{ head: string[]; line: string }> {
  const head: string[] = [];
  let seen = "";
  while (!/[\r\n]/.test(seen) && seen.length < MAX_RECORD_CHARS) {
    const next = await text.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value;
  }
  return { head, line: seen.split(/\r?\n|\r/)[0] ?? "" };
}

/** A record of the file and its row number as a spreadsheet shows it (the header is row 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** What is wrong with the file; `row` is the record being read when the reader failed. */
function describe(error: CsvError, row: number): string {
  const where = `Row ${row}: `;
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `${where}a quoted value is never closed, so the rest of the file would run into it. Check the quotes in that row.`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `${where}a quote in the middle of a value. Values with quotes must be quoted as a whole, with the quotes doubled.`;
    case "CSV_MAX_RECORD_SIZE":
      return `${where}the row is longer than ${MAX_RECORD_CHARS.toLocaleString("en-US")} characters.`;
    default:
      return `${where}the file cannot be read as CSV.`;
  }
}

/** What a reader of a CSV file may want told besides its records. */
export interface CsvHooks {
  onDelimiter?: (delimiter: Delimiter) => void;
  /** Once per row left out for holding nothing (an empty line, only blanks, only separators). */
  onEmptyRow?: () => void;
}

/**
 * The records of a CSV file given as bytes: UTF-8 (with or without BOM), delimiter detected from the
 * header line unless given, empty rows skipped (and told to `onEmptyRow`), short rows padded by the
 * reader's caller. The first record is the header. Unreadable files throw `CsvFileError`.
 */
export async function* csvRecords(
  bytes: AsyncIterable<Uint8Array>,
  { onDelimiter, onEmptyRow }: CsvHooks = {},
): AsyncGenerator<CsvRecord> {
  const text = utf8Text(bytes)[Symbol.asyncIterator]();
  const { head, line } = await firstLine(text);
  const delimiter = detectDelimiter(line);
  onDelimiter?.(delimiter);
  async function* all() {
    yield* head;
    for (let next = await text.next(); !next.done; next = await text.next()) yield next.value;
  }
  const parser = parse({
    delimiter,
    // Spreadsheets, editors and exports mix line endings; each is a row break.
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    max_record_size: MAX_RECORD_CHARS,
    // A row of nothing but blanks and separators is no row: left out, and counted for the summary.
    on_record: (record: string[]) => {
      if (record.every((cell) => cell.trim() === "")) {
        onEmptyRow?.();
        return null;
      }
      return record;
    },
  });
  // A read error upstream (not UTF-8, a broken upload) must reach the consumer, not leave the parser waiting.
  const source = Readable.from(all());
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  let row = 0;
  // Its readers (the upload, the whole-file check, the import) work between records: all of it counts.
  const turn = takeTurns();
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      yield { row, cells: record };
      await turn();
    }
  } catch (error) {
    if (error instanceof CsvFileError) throw error;
    const code = (error as CsvError).code;
    // The parser reads ahead of the records handed out: its own count says where it stopped.
    const parsed = Number((error as CsvError & { records?: number }).records ?? row);
    if (code) throw new CsvFileError(describe(error as CsvError, parsed + 1));
    throw error;
  }
}
