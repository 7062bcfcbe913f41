/**
 * CSV for spreadsheets: every export goes through here, so every cell that a spreadsheet would run as
 * a formula stays text.
 */
import { stringify } from "csv-stringify/sync";

/** Spreadsheet formula injection: a cell starting with = + - @ tab or CR is prefixed so it stays text. */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows as CSV lines (RFC 4180 quoting), formulas neutralised; the header when `columns` is given. */
export function csvLines(rows: unknown[][], columns?: readonly string[]): string {
  return stringify(rows, {
    header: Boolean(columns),
    ...(columns ? { columns: [...columns] } : {}),
    cast: { string: neutralizeFormula },
  });
}
