/** Stored files (resumes, lead documents, import uploads): bytes in the database or a bucket (ADR 028). */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";
import { user } from "./accounts";

/**
 * An uploaded file: its bytes in `data` (FILE_STORAGE=database, written in the same transaction as the
 * record that owns them) or in an S3-compatible bucket under `storage_key` (ADR 028); never both.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data"),
    storageKey: text("storage_key").unique(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("stored_files_data_or_storage_key", sql`(${t.data} is null) <> (${t.storageKey} is null)`)],
);
