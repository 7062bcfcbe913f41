/**
 * The cursor of a keyset page (paging.ts) as URL text: what Next and Previous links carry. Opaque to
 * people, but only a position and sort keys: nothing in it is secret, and the server checks every key
 * before it goes into a query.
 */
import { CURSOR_MAX } from "./paging";

/** Where a page starts or ends: the sort keys of one row (as exact text) and its position in the list. */
export interface Cursor {
  keys: string[];
  position: number;
}

/** A cursor as URL-safe text: base64url of `[position, ...keys]`. */
export const encodeCursor = ({ keys, position }: Cursor) =>
  Buffer.from(JSON.stringify([position, ...keys])).toString("base64url");

/**
 * A cursor from a URL, or null when it is not one of ours with `keyCount` keys. Whether each key is a
 * valid value of its column is the caller's check (it knows the order's columns).
 */
export function decodeCursor(token: string, keyCount: number): Cursor | null {
  if (token.length > CURSOR_MAX || !/^[\w-]+$/.test(token)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== keyCount + 1) return null;
  const [position, ...keys] = parsed as unknown[];
  if (!Number.isSafeInteger(position) || (position as number) < 1) return null;
  if (!keys.every((k): k is string => typeof k === "string")) return null;
  return { keys, position: position as number };
}
