/**
 * Files kept in the database (`stored_files`): written inside the caller's transaction, so a file and
 * the record that owns it commit together or not at all.
 */
import { byteaValue } from "~/db/bytea";
import crypto from "node:crypto";
import type { Transaction } from "~/db/client.server";
import { storedFiles } from "~/db/schema";

export interface FileToStore {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  uploadedBy?: string;
}

/** Stores the bytes with their size and SHA-256; returns the new file's id. */
export async function storeFile(tx: Transaction, file: FileToStore): Promise<string> {
  const [stored] = await tx
    .insert(storedFiles)
    .values({
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
      data: byteaValue(file.bytes),
      uploadedBy: file.uploadedBy,
    })
    .returning({ id: storedFiles.id });
  return stored!.id;
}
