/** Lead imports (ADR 021, 039, 056): the uploaded file, its check, layouts, value choices and rejects. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";
import { importStatus } from "./pg-enums";
import { user } from "./accounts";

/** How an import's columns become lead fields, and what fills the fields the file leaves empty. */
export interface ImportSettings {
  /** One target per column of the file, in order; null leaves the column out. */
  mapping: (string | null)[];
  defaults: { propertyType: string; motivationLevel: string; leadSource: string };
  /**
   * Per enumerated field (leadSource, motivationLevel, propertyType, leadStatus), the admin's target for
   * each value of the file, by the value's comparison key: one of the field's values, or "skip" (ADR 039).
   */
  values?: Record<string, Record<string, string>>;
  /**
   * Rows fixed in the browser before the import (ADR 039), by row number: the row's cells as edited, or
   * null for a row excluded from the import (it goes to the rejected rows).
   */
  fixes?: Record<string, string[] | null>;
  /** Every imported lead goes to this client; null: each row's client e-mail column, if mapped. */
  assignToClientId: string | null;
  /** Rows that look like an existing lead: skipped (listed with the rejected rows), or imported anyway. */
  duplicates: "skip" | "import";
}

/** One distinct value of an enumerated column, as first written, with the rows holding it. */
export interface CheckedValue {
  /** The value's comparison key (letters and digits, lower case): what the value mapping is keyed by. */
  key: string;
  value: string;
  rows: number;
  /** What it imports as unless the admin chooses: the matcher's target, else the field's default. */
  suggested: string | null;
  /**
   * How sure the match is, 0 to 1 (1: a spelling we know); null when nothing matched and `suggested` is
   * the default. Absent in checks stored before matching had a confidence.
   */
  confidence?: number | null;
}

/** What the whole-file check found (ADR 039): stored with the import, for the settings it was made with. */
export interface ImportCheck {
  /** The settings the check was made with (as JSON): it stands for them only. */
  settingsKey: string;
  rows: number;
  /** Rows of the file holding nothing, left out (absent in checks stored before they were counted). */
  emptyRows?: number;
  willImport: number;
  /** Rows left out for a problem of their own (a bad value, an unknown client), duplicates aside. */
  problemRows: number;
  /** Possible duplicates: skipped with the "skip" setting, imported (and counted in willImport) otherwise. */
  duplicates: { inFile: number; inBook: number };
  /** Problems, the most frequent first: how many rows have each, and the first of them. */
  problems: { message: string; rows: number; examples: number[] }[];
  /** Rows whose problems fall outside the groups kept. */
  otherProblemRows: number;
  /** The first rows with problems, as the file (or a fix) has them, with their reason: the fix grid. */
  failing: { row: number; cells: string[]; reason: string }[];
  /**
   * Rows whose value of a field will be stored other than the file wrote it (a phone in international
   * form, a ZIP with its zeros back, a word read as one of ours), by field; absent in older checks.
   */
  changes?: Record<string, number>;
  /** Per mapped enumerated field: its distinct values, most frequent first, and those past the count. */
  values: Record<string, { values: CheckedValue[]; moreValues: number; moreRows: number }>;
  seconds: number;
}

/**
 * A CSV import: the file (its bytes in `lead_import_chunks`), what the upload learnt of it, the admin's
 * settings, and the job's state. The worker holding the job renews `lease_until` with every batch; a job
 * whose lease ran out (its server died) is taken up by the next worker, from `rows_done`.
 */
export const leadImports = pgTable(
  "lead_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull().default(0),
    sha256: text("sha256"),
    delimiter: text("delimiter").notNull().default(","),
    headers: jsonb("headers").$type<string[]>().notNull().default([]),
    /** The first rows as read, for the mapping page's preview. */
    sampleRows: jsonb("sample_rows").$type<string[][]>().notNull().default([]),
    totalRows: integer("total_rows").notNull().default(0),
    settings: jsonb("settings").$type<ImportSettings>(),
    /** The last whole-file check (ADR 039), made when the file arrived and with every change of settings. */
    check: jsonb("check").$type<ImportCheck>(),
    status: importStatus("status").notNull().default("uploading"),
    rowsDone: integer("rows_done").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    /** Whoever holds the job (a random id per server process) and until when. */
    leasedBy: text("leased_by"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("lead_imports_created_at_idx").on(t.createdAt.desc()),
    index("lead_imports_sha256_idx").on(t.sha256),
    index("lead_imports_status_idx").on(t.status, t.leaseUntil),
  ],
);

/**
 * The settings last started for a layout of file (ADR 039): the same header row, compared without case,
 * spaces or punctuation, pre-fills the columns, defaults and value mapping of the next import.
 */
export const importLayouts = pgTable("import_layouts", {
  /** SHA-256 of the header row's comparison keys. */
  signature: text("signature").primaryKey(),
  headers: jsonb("headers").$type<string[]>().notNull(),
  settings: jsonb("settings").$type<ImportSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the agency chose a file's value to import as (ADR 056), whatever the columns of the file it came
 * in: the next file holding the same value (by its comparison key) starts from the same choice.
 */
export const importValueChoices = pgTable(
  "import_value_choices",
  {
    /** The enumerated lead field: leadSource, motivationLevel, propertyType or leadStatus. */
    field: text("field").notNull(),
    /** The value's comparison key (lower-case letters and digits), as the value mapping keys it. */
    valueKey: text("value_key").notNull(),
    /** One of the field's values, or "skip" (leave such rows out). */
    target: text("target").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.field, t.valueKey] })],
);

/** The uploaded file in pieces of about a megabyte, read back in order by the job. */
export const leadImportChunks = pgTable(
  "lead_import_chunks",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => leadImports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** A row the import did not take, as it was in the file, and why: the rejected-rows CSV. */
export const leadImportRejects = pgTable(
  "lead_import_rejects",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => leadImports.id, { onDelete: "cascade" }),
    /** The row's number in the file, the header being row 1 (as a spreadsheet numbers it). */
    rowNumber: integer("row_number").notNull(),
    cells: jsonb("cells").$type<string[]>().notNull(),
    reason: text("reason").notNull(),
    duplicateOf: uuid("duplicate_of"),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);
