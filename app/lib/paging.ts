/** One page of a list, as every paged admin and client list returns it. */
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** The OFFSET of a 1-based page (short lists only: an OFFSET reads every row it skips). */
export const pageOffset = (page: number, size: number) => (page - 1) * size;

export function pageOf<T>(rows: T[], total: number, page: number, size: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / size)) };
}

// ---------------------------------------------------------------- keyset pages and capped totals

/**
 * The most a list counts exactly. Beyond it the total reads "10,000+": the count stops after this many
 * matches (`count(*)` over `select 1 ... limit 10001`), so it costs the same at a million rows as at
 * ten thousand.
 */
export const COUNT_CAP = 10_000;

/**
 * A total counted up to COUNT_CAP: `capped` when there are more (then `count` is COUNT_CAP);
 * `estimated` when counting would have been slow and `count` is the database planner's estimate.
 */
export interface CappedTotal {
  count: number;
  capped: boolean;
  estimated?: boolean;
}

/** What a count over `limit COUNT_CAP + 1` found, as a capped total. */
export const cappedTotal = (found: number): CappedTotal =>
  found > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: found, capped: false };

/** "1,234", "10,000+" when capped, "about 1,500" (two significant digits) when estimated. */
export function formatTotal(total: CappedTotal): string {
  if (total.capped) return `${total.count.toLocaleString("en-US")}+`;
  if (!total.estimated) return total.count.toLocaleString("en-US");
  const rounded = Number(total.count.toPrecision(2));
  return `about ${rounded.toLocaleString("en-US")}`;
}

/** "1 lead", "240 leads", "10,000+ leads", "about 1,500 leads". */
export const countOf = (total: CappedTotal, noun: readonly [string, string]) =>
  `${formatTotal(total)} ${total.count === 1 && !total.capped ? noun[0] : noun[1]}`;

/**
 * One page of a list read by keyset ("cursor") paging: the rows after (or before) a row's sort keys, an
 * index range at any depth, where an OFFSET would read and discard every row before the page.
 */
export interface KeysetPage<T> {
  rows: T[];
  total: CappedTotal;
  /** The 1-based position of the first row, as the cursor carried it (for "51-100 of 10,000+"). */
  start: number;
  /** The cursor of the next page (`?after=`), null on the last page. */
  next: string | null;
  /** The cursor of the previous page (`?before=`), null on the first page. */
  previous: string | null;
}

/** The longest cursor accepted from a URL (a position and a few keys of at most 50 characters each). */
export const CURSOR_MAX = 600;

/** A cursor as a URL carries it (cursor.server.ts decodes it), or undefined when it cannot be one. */
export const cursorParam = (raw: string | null) =>
  raw && raw.length <= CURSOR_MAX && /^[\w-]+$/.test(raw) ? raw : undefined;

/** Which way a keyset page goes from its cursor: the rows after it (Next) or before it (Previous). */
export type PageCursor = { after: string } | { before: string };

/** The cursor of a list URL: `after` (Next), else `before` (Previous), else none (the first page). */
export function pageCursorOf(params: URLSearchParams): PageCursor | undefined {
  const after = cursorParam(params.get("after"));
  if (after) return { after };
  const before = cursorParam(params.get("before"));
  return before ? { before } : undefined;
}

/** `search` (a list's first-page URL search, "" or "?...") with a page cursor added. */
export function withPageCursor(search: string, cursor: PageCursor): string {
  const params = new URLSearchParams(search);
  if ("after" in cursor) params.set("after", cursor.after);
  else params.set("before", cursor.before);
  return `?${params.toString()}`;
}
