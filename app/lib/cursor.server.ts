/**
 * The cursor of a keyset page (paging.ts) as URL text: what Next and Previous links carry. Opaque to
 * people, but only a position and sort keys: nothing in it is secret, and the server checks every key
 * before it goes into a query.
 */
import { CURSOR_MAX, type KeysetPage } from "./paging";

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
  // No row's key holds a NUL or half a surrogate pair: such text is not ours and PostgreSQL refuses it.
  if (!keys.every((k): k is string => typeof k === "string" && k.isWellFormed() && !k.includes("\u0000"))) {
    return null;
  }
  return { keys, position: position as number };
}

/**
 * A keyset page from the rows a read found: up to `size + 1` rows (the one more tells whether a next
 * page exists), each with its sort keys as `cursor`, read after `cursor` in the list's order, or before
 * it in the reverse order (a Previous page, put back in the list's order here). Null when a Previous
 * page ran past the first row: the caller reads the first page instead, so its rows match page 1's.
 */
export function keysetPageOf<T extends { cursor: string[] }>(
  found: T[],
  cursor: Cursor | null,
  direction: "after" | "before",
  size: number,
): Omit<KeysetPage<Omit<T, "cursor">>, "total"> | null {
  let rows: T[];
  let start: number;
  let hasPrevious: boolean;
  let hasNext: boolean;
  if (cursor && direction === "before") {
    if (found.length <= size) return null;
    rows = found.slice(0, size).reverse();
    start = Math.max(2, cursor.position - size);
    hasPrevious = true;
    hasNext = true;
  } else {
    rows = found.slice(0, size);
    start = cursor ? cursor.position + 1 : 1;
    hasPrevious = cursor !== null;
    hasNext = found.length > size;
  }
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursor: _cursor, ...row }) => row),
    start,
    next: hasNext && last ? encodeCursor({ keys: last.cursor, position: start + rows.length - 1 }) : null,
    previous: hasPrevious && first ? encodeCursor({ keys: first.cursor, position: start }) : null,
  };
}
