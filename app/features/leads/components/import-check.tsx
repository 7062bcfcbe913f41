import { AlertTriangle, CheckCircle2, Copy, MinusCircle, RefreshCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import type { Option } from "~/db/enums";
import type { CheckedValue, ImportCheck, ImportSettings } from "~/db/schema";
import { ADD_SOURCE } from "../import/columns";
import type { ChangedField } from "../import/stored-changes";
import { formatCount } from "../lead-format";
import {
  EXCLUDED_REASON,
  excludeFieldName,
  FIX_ROWS_FIELD,
  fixFieldName,
  valueFieldName,
  valueTargets,
} from "../import/import.schema";
import { enumFields } from "../import/value-synonyms";
import { Card } from "./lead-card";
import { Cell, LeadTableHead, tableClasses } from "./lead-table-parts";

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? "row" : "rows"}`;

/**
 * What the whole-file check found: the rows that will import, the problems grouped by problem with
 * their first rows, and the possible duplicates within the file and against the book.
 */
export function CheckSummary({
  check,
  settings,
  current,
}: {
  check: ImportCheck;
  settings: ImportSettings;
  /** Whether the check was made with the settings shown (a refused start may leave it behind). */
  current: boolean;
}) {
  const duplicates = check.duplicates.inFile + check.duplicates.inBook;
  return (
    <Card title={`Check of all ${rows(check.rows)}`}>
      {!current && (
        <p className="mb-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          The settings changed since this check: press &ldquo;Check the whole file&rdquo; to count again.
        </p>
      )}
      <ul className="space-y-2" aria-label="Check summary">
        <li className="flex gap-2">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
          <span>
            <strong>{rows(check.willImport)}</strong> will import
            {settings.duplicates === "import" && duplicates > 0
              ? ` (${formatCount(duplicates)} of them possible duplicates)`
              : ""}
            .
          </span>
        </li>
        {duplicates > 0 && (
          <li className="flex gap-2">
            <Copy className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
            <span>
              <strong>{rows(duplicates)}</strong> possible duplicates
              {settings.duplicates === "skip" ? ", skipped" : ", imported anyway"}:{" "}
              {formatCount(check.duplicates.inFile)} of an earlier row of this file,{" "}
              {formatCount(check.duplicates.inBook)} of a lead already in the book.
            </span>
          </li>
        )}
        {(check.emptyRows ?? 0) > 0 && (
          <li className="flex gap-2">
            <MinusCircle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              <strong>{formatCount(check.emptyRows!)}</strong> empty {check.emptyRows === 1 ? "row" : "rows"}{" "}
              skipped.
            </span>
          </li>
        )}
        {check.problemRows > 0 && (
          <li className="flex gap-2">
            <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
            <span>
              <strong>{rows(check.problemRows)}</strong> with problems, skipped (listed in the rejected rows
              after the import):
            </span>
          </li>
        )}
      </ul>
      {check.problems.length > 0 && (
        <ul className="mt-2 space-y-1 pl-7 text-sm" aria-label="Problems">
          {check.problems.map((p) => (
            <li key={p.message}>
              <strong>{rows(p.rows)}</strong>: {p.message}{" "}
              <span className="text-muted-foreground">
                (row{p.examples.length > 1 ? "s" : ""} {p.examples.join(", ")}
                {p.rows > p.examples.length ? ", …" : ""})
              </span>
            </li>
          ))}
          {check.otherProblemRows > 0 && <li>{rows(check.otherProblemRows)}: other problems</li>}
        </ul>
      )}
      <StoredChanges changes={check.changes} />
      <p className="mt-4 text-xs text-muted-foreground">Checked in {check.seconds} s.</p>
    </Card>
  );
}

/** How each field's value is stored when it is not as the file wrote it, said once per field. */
const changeWords: Record<ChangedField, string> = {
  fullName: "full name split into first and last name",
  firstName: "first name tidied",
  lastName: "last name tidied",
  phone: "phone stored in international form (+1...)",
  email: "e-mail: the first address kept (mailto: and any others dropped)",
  address: "address tidied",
  city: "city tidied",
  state: "state stored as its two-letter code",
  zipCode: "ZIP code completed (leading zeros back, ZIP+4 with its dash)",
  askingPrice: "asking price stored as a number",
  estimatedValue: "estimated value stored as a number",
  estimatedRepairCost: "repair cost stored as a number",
  leadSource: "lead source read as one of yours (the file's words kept on the lead)",
  motivationLevel: "motivation read as Hot, Warm or Cold (the file's words kept)",
  propertyType: "property type read as one of ours (the file's words kept)",
  leadStatus: "status read as one of ours (the file's words kept)",
};

/** The values the import stores other than the file wrote them, with how many rows each. */
function StoredChanges({ changes }: { changes: ImportCheck["changes"] }) {
  const listed = Object.entries(changes ?? {})
    .filter(([field, n]) => n > 0 && field in changeWords)
    .sort((a, b) => b[1] - a[1]);
  if (listed.length === 0) return null;
  return (
    <div className="mt-4">
      <p className="font-semibold">Stored other than the file writes them:</p>
      <ul className="mt-1 space-y-1 pl-7 text-sm" aria-label="Values changed on the way in">
        {listed.map(([field, n]) => (
          <li key={field}>
            <strong>{rows(n)}</strong>: {changeWords[field as ChangedField]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the value mapping says of how a value was matched (ADR 056). */
function matchNote(value: CheckedValue): string {
  if (value.confidence === undefined) return "";
  if (value.suggested === ADD_SOURCE) return "Common in the file: added as a source of its own on start";
  if (value.confidence === null) return "No close match: the default";
  if (value.confidence >= 1) return "Recognised";
  return `Close match (${Math.round(value.confidence * 100)}%)`;
}

/**
 * The value mapping: each distinct value of each enumerated column of the file, its count and what it
 * imports as, pre-chosen by the matcher (or the choice remembered), else the import's default.
 */
export function ValueMapping({
  check,
  settings,
  sources,
}: {
  check: ImportCheck;
  settings: ImportSettings;
  /** The agency's open sources, which a lead source value may import as. */
  sources: readonly Option[];
}) {
  const fields = enumFields.filter((f) => (check.values[f.value]?.values.length ?? 0) > 0);
  if (fields.length === 0) return null;
  return (
    <Card title="Values">
      <p className="mb-4 text-sm text-muted-foreground">
        What each value of the file imports as. Values we recognise are chosen for you; a value we cannot
        match imports as the default set above. Either way the lead keeps the file&apos;s own words (for
        example &ldquo;Source in the file: Direct Mailer&rdquo;).
      </p>
      <div className="space-y-6">
        {fields.map((field) => {
          const found = check.values[field.value]!;
          return (
            <div key={field.value} className={tableClasses.frame}>
              <table className={tableClasses.table} aria-label={`${field.label} values`}>
                <caption className="px-4 py-2 text-left font-semibold">{field.label}</caption>
                <LeadTableHead
                  columns={["Value in the file", "Rows", "Imports as", "Match"]}
                  actions={false}
                />
                <tbody className={tableClasses.body}>
                  {found.values.map((v) => {
                    const id = `value-${field.value}-${v.key}`;
                    const chosen = settings.values?.[field.value]?.[v.key] ?? v.suggested ?? "";
                    return (
                      <tr key={v.key} className={tableClasses.row}>
                        <Cell wide className="break-all font-semibold">
                          {v.value}
                        </Cell>
                        <Cell label="Rows">{formatCount(v.rows)}</Cell>
                        <Cell label="Imports as" wide>
                          <label htmlFor={id} className="sr-only">
                            {`${field.label} “${v.value}” imports as`}
                          </label>
                          <NativeSelect
                            id={id}
                            name={valueFieldName(field.value, v.key)}
                            defaultValue={chosen}
                            className="min-w-48"
                          >
                            <SelectOptions
                              options={valueTargets(field.value, sources)}
                              placeholder="The default"
                            />
                          </NativeSelect>
                        </Cell>
                        <Cell label="Match" className="text-muted-foreground">
                          {settings.values?.[field.value]?.[v.key] ? "Your choice" : matchNote(v)}
                        </Cell>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {found.moreValues > 0 && (
                <p className="px-4 py-2 text-sm text-muted-foreground">
                  And {formatCount(found.moreValues)} more values in {rows(found.moreRows)}, imported as the
                  matcher reads them, else as the defaults.
                </p>
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}

/**
 * The failing rows, editable where the file maps a column, or excluded: checked again (with the lead
 * schema's messages) when the admin asks, so typing does not re-read the whole file at every key.
 */
export function FixRows({
  check,
  headers,
  mapping,
  busy,
}: {
  check: ImportCheck;
  headers: readonly string[];
  mapping: readonly (string | null)[];
  busy: boolean;
}) {
  if (check.failing.length === 0) return null;
  const columns = mapping.flatMap((target, column) => (target ? [column] : []));
  return (
    <Card title="Fix rows before importing">
      <p className="mb-4 text-sm text-muted-foreground">
        The first {formatCount(check.failing.length)} rows with problems. Correct a value or exclude the row,
        then check again; the file itself is not changed.
      </p>
      <div className="space-y-4">
        {check.failing.map((failing) => {
          const reasonId = `fix-${failing.row}-reason`;
          const excluded = failing.reason === EXCLUDED_REASON;
          return (
            <fieldset key={failing.row} className="rounded-lg border border-border p-4">
              <legend className="px-1 font-semibold">Row {failing.row}</legend>
              <input type="hidden" name={FIX_ROWS_FIELD} value={failing.row} />
              <p id={reasonId} className="mb-3 text-sm font-semibold text-red-800">
                {failing.reason}
              </p>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {columns.map((column) => {
                  const id = `fix-${failing.row}-${column}`;
                  return (
                    <div key={column}>
                      <label htmlFor={id} className="block text-xs font-semibold text-muted-foreground">
                        {headers[column] || `Column ${column + 1}`}
                      </label>
                      <input
                        id={id}
                        name={fixFieldName(failing.row, column)}
                        defaultValue={failing.cells[column] ?? ""}
                        aria-describedby={reasonId}
                        className="mt-1 w-full rounded-md border border-input bg-background px-2 py-1 text-sm"
                      />
                    </div>
                  );
                })}
              </div>
              <label className="mt-3 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={excludeFieldName(failing.row)}
                  value="yes"
                  defaultChecked={excluded}
                  className="size-4 accent-primary"
                />
                Exclude this row from the import
              </label>
            </fieldset>
          );
        })}
      </div>
      <Button type="submit" name="intent" value="preview" variant="outline" className="mt-4" pending={busy}>
        <RefreshCw aria-hidden="true" /> Check again with these fixes
      </Button>
    </Card>
  );
}
