/**
 * Bytes in and out of `bytea` columns as base64 text. PGlite's driver converts a byte array parameter
 * (and a bytea result) value by value, about a second per megabyte; as base64 text, decoded and encoded
 * by the database itself, a megabyte takes milliseconds on both databases.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** A value for a bytea column in an insert or update. */
export const byteaValue = (bytes: Uint8Array): SQL =>
  sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}, 'base64')`;

/** A bytea column selected as base64 text; `Buffer.from(text, "base64")` gives the bytes back. */
export const byteaAsBase64 = (column: AnyPgColumn): SQL<string> => sql<string>`encode(${column}, 'base64')`;
