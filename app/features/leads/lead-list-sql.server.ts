/**
 * The SQL of the admin lead list (ADR 018, ADR 020): search, filters, the identity columns a row shows, and
 * keyset pages in every sort. lead-queries.server.ts builds the list, the export and the client's list on it.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { databaseHandle, getDb } from "~/db/db.server";
import { leadSelections, leads } from "~/db/schema";
import { isUuid, likePattern } from "~/lib/data-guards";
import { decodeCursor, keysetPageOf, type Cursor } from "~/lib/cursor.server";
import { cappedTotal, COUNT_CAP, type CappedTotal, type KeysetPage, type PageCursor } from "~/lib/paging";
import { queryRows, type Database, type DatabaseHandle } from "~/db/client.server";
import { UNASSIGNED, type LeadListQuery, type LeadSort } from "./lead-list.schema";
import { isMomentText } from "~/lib/calendar";

// ---------------------------------------------------------------- reading

/**
 * Search (spec 02 §7): case-insensitive partial match on first name, last name, phone, address or city,
 * read from the lead's lower-case search text (schema.ts): one trigram index finds a rare term's rows,
 * and the order indexes carry the text, so a common term's first page is an index-only walk. Searching
 * the fields as one string also finds "Jane Doe" and "Oak St Tampa"; a term typed like a phone number
 * ("(202) 555-0134") is also looked up by its digits.
 */
/** "(2", "+1 (21": the first digits of an area code, typed with the bracket that opens it. */
const AREA_CODE_START = /^(?:\+?1[\s.-]*)?\(\s*(\d{1,2})$/;

export function leadSearch(term: string): SQL | undefined {
  if (!term) return undefined;
  // lower() in the database, so the term folds exactly as the stored text did. A term without three
  // letters or digits in a row ("(2", "jo") gives the trigram index nothing to narrow by: it would hand
  // back most of the book to re-check (84 ms at 1,000,000 leads). Written so the index cannot serve it,
  // the same match runs on the rows the other conditions and the order already narrowed (a client's
  // own leads, the first page of a walk).
  const narrows = (t: string) => /[\p{L}\p{N}]{3}/u.test(t);
  const matches = (t: string) =>
    narrows(t)
      ? sql`${leads.searchText} LIKE lower(${likePattern(t)})`
      : sql`(${leads.searchText} || '') LIKE lower(${likePattern(t)})`;
  // The start of a number typed with its bracket, "(2" or "+1 (21": one or two digits are too few to
  // search the text by, and the stored number has no bracket to find, so nothing would match after a
  // read of every row. It matches the numbers (stored as E.164, leadSchema) whose area code begins so,
  // in the search text the order indexes carry, on the rows the other conditions narrowed.
  const areaCodeStart = AREA_CODE_START.exec(term);
  if (areaCodeStart) return sql`(${leads.searchText} || '') LIKE ${`% +1${areaCodeStart[1]!}%`}`;
  const digits = term.replace(/[\s().+-]/g, "");
  const looksLikePhone = /^\d{3,}$/.test(digits) && digits !== term;
  return looksLikePhone ? or(matches(term), matches(digits)) : matches(term);
}

/** Each filter of the admin list, the search included, as a condition (spec 02 §7, issue 13). */
export function listFilters(query: LeadListQuery): SQL[] {
  return [leadSearch(query.q), ...fieldFilters(query)].filter((c): c is SQL => c !== undefined);
}

/** The admin list's filters other than the search. */
export function fieldFilters(query: LeadListQuery): SQL[] {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return [
    query.statuses.length ? inArray(leads.leadStatus, query.statuses) : undefined,
    query.motivations.length ? inArray(leads.motivationLevel, query.motivations) : undefined,
    query.sources.length ? inArray(leads.leadSource, query.sources) : undefined,
    feedbackFilter(query.feedbacks),
    query.client === UNASSIGNED
      ? isNull(leads.assignedToClientId)
      : query.client
        ? eq(leads.assignedToClientId, query.client)
        : undefined,
    query.createdBy ? eq(leads.createdByUserId, query.createdBy) : undefined,
    query.from ? gte(leads.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    // "dateTo: created at or before" that day, all of it.
    query.to ? lt(leads.createdAt, nextDay(query.to)) : undefined,
    query.importId ? eq(leads.importId, query.importId) : undefined,
    query.inFile ? wordsInFileFilter(query.inFile) : undefined,
    arrivalFilter(query.arrival),
    // A bulk action's leads (issue 25): looked up by the primary key, however many the book holds.
    query.selection
      ? sql`${leads.id} = any((select ${leadSelections.leadIds} from ${leadSelections} where ${leadSelections.id} = ${query.selection})::uuid[])`
      : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

/**
 * The client's feedback on assigned leads (issue 25). One value is written as `=`, so "Waiting for client
 * feedback" (not_reviewed) matches the predicate of its partial index (leads_awaiting_feedback_idx).
 */
function feedbackFilter(feedbacks: LeadListQuery["feedbacks"]): SQL | undefined {
  if (feedbacks.length === 0) return undefined;
  return and(
    isNotNull(leads.assignedToClientId),
    feedbacks.length === 1
      ? eq(leads.clientFeedbackStatus, feedbacks[0]!)
      : inArray(leads.clientFeedbackStatus, feedbacks),
  );
}

/**
 * Leads whose file called their source, motivation, type or status by words containing `term` ("mailer"
 * finds "Direct Mailer"). Only imported leads with words of their own hold any, so the rest are passed
 * over on their null.
 */
function wordsInFileFilter(term: string): SQL {
  return sql`${leads.valuesInFile} is not null and exists (
    select 1 from jsonb_each_text(${leads.valuesInFile}) as w
    where lower(w.value) like lower(${likePattern(term)}))`;
}

/** How the leads arrived (issue 14): typed in (no import, no key), imported, or sent by (one) API key. */
function arrivalFilter(arrival: LeadListQuery["arrival"]): SQL | undefined {
  if (!arrival) return undefined;
  if (arrival === "form") return and(isNull(leads.importId), isNull(leads.apiKeyId));
  if (arrival === "import") return isNotNull(leads.importId);
  if (arrival === "api") return isNotNull(leads.apiKeyId);
  return eq(leads.apiKeyId, arrival.slice(4));
}

/** Who and where a lead is: the columns every list of leads (admin, client, possible duplicates) shows. */
export const leadIdentityColumns = {
  id: leads.id,
  firstName: leads.firstName,
  lastName: leads.lastName,
  phone: leads.phone,
  address: leads.address,
  city: leads.city,
  state: leads.state,
};

// ---------------------------------------------------------------- keyset paging (ADR 020)

/**
 * Each order's keys, the id last so that rows with equal keys keep one order from page to page, and
 * whether it runs from the highest key down. The list pages, the client's list and the export all read
 * through these: a page is the rows after (or before) one row's keys, an index range at any depth.
 */
const listOrders: Record<LeadSort, { keys: SQL[]; descending: boolean }> = {
  newest: { keys: [sql`${leads.createdAt}`, sql`${leads.id}`], descending: true },
  oldest: { keys: [sql`${leads.createdAt}`, sql`${leads.id}`], descending: false },
  updated: { keys: [sql`${leads.updatedAt}`, sql`${leads.id}`], descending: true },
  // The reverse orders read the same indexes backwards (issue 25: a header's second click).
  stale: { keys: [sql`${leads.updatedAt}`, sql`${leads.id}`], descending: false },
  name: { keys: [sql`${leads.lastName}`, sql`${leads.firstName}`, sql`${leads.id}`], descending: false },
  name_desc: { keys: [sql`${leads.lastName}`, sql`${leads.firstName}`, sql`${leads.id}`], descending: true },
};

/** Each order's keys as exact text (timestamps to the microsecond): what a cursor carries. */
const createdKeys = sql<string[]>`array[${leads.createdAt}::text, ${leads.id}::text]`;
const updatedKeys = sql<string[]>`array[${leads.updatedAt}::text, ${leads.id}::text]`;
const nameKeys = sql<string[]>`array[${leads.lastName}::text, ${leads.firstName}::text, ${leads.id}::text]`;
export const cursorKeys: Record<LeadSort, SQL<string[]>> = {
  newest: createdKeys,
  oldest: createdKeys,
  updated: updatedKeys,
  stale: updatedKeys,
  name: nameKeys,
  name_desc: nameKeys,
};

/** How each key of an order goes back into SQL from a cursor's text, and which text it accepts. */
const timestampKey = {
  cast: "timestamptz",
  valid: isMomentText,
};
const nameKey = { cast: "text", valid: (v: string) => v.length <= 50 };
const idKey = { cast: "uuid", valid: isUuid };
const keyTypes: Record<LeadSort, { cast: string; valid: (v: string) => boolean }[]> = {
  newest: [timestampKey, idKey],
  oldest: [timestampKey, idKey],
  updated: [timestampKey, idKey],
  stale: [timestampKey, idKey],
  name: [nameKey, nameKey, idKey],
  name_desc: [nameKey, nameKey, idKey],
};

type Direction = "after" | "before";

/**
 * The order of `sort` read forwards, or backwards (a Previous page is read backwards, then reversed).
 * `sortMatches` writes the first key as an expression no index holds (the same values), so the planner
 * fetches the matches by their filters' indexes and sorts them instead of walking the order's index.
 */
export function orderOf(sort: LeadSort, direction: Direction = "after", sortMatches = false): SQL[] {
  const { keys, descending } = listOrders[sort];
  const down = descending !== (direction === "before");
  return keys.map((key, i) => {
    const term =
      sortMatches && i === 0
        ? keyTypes[sort][0] === nameKey
          ? sql`(${key} || '')`
          : sql`(${key} + interval '0 s')`
        : key;
    return down ? sql`${term} desc` : sql`${term} asc`;
  });
}

/**
 * The rows after (or before) the row with `keys` in the order `sort`: one row comparison, which a
 * B-tree on the order's columns answers as a range.
 */
export function beyond(sort: LeadSort, keys: string[], direction: Direction = "after"): SQL {
  const { keys: columns, descending } = listOrders[sort];
  const values = keys.map((value, i) => sql`${value}::${sql.raw(keyTypes[sort][i]!.cast)}`);
  const comparison = descending !== (direction === "before") ? "<" : ">";
  return sql`(${sql.join(columns, sql`, `)}) ${sql.raw(comparison)} (${sql.join(values, sql`, `)})`;
}

/** A cursor of the order `sort` from a URL, or null when it is not one (then the list starts over). */
function cursorOf(sort: LeadSort, token: string): Cursor | null {
  const types = keyTypes[sort];
  const cursor = decodeCursor(token, types.length);
  return cursor && cursor.keys.every((key, i) => types[i]!.valid(key)) ? cursor : null;
}

/**
 * Above this many rows by the planner's estimate, a total is "10,000+" without counting: the true
 * number would have to be five times smaller than estimated to be under the cap.
 */
const SURELY_MORE = 5 * COUNT_CAP;

/**
 * The most a count may cost by the planner's units (about one per page read): an index-only count of
 * 10,001 entries plans at ~400, while a count that must visit each match's row in the table (a search,
 * or filters no one index holds) plans at tens of thousands and takes tens of milliseconds at a million
 * leads. Above it the total is the planner's estimate, shown as such ("about 1,500").
 */
const COUNT_COST_BUDGET = 2_000;

/**
 * The same for a count with a search: the planner prices the LIKE on each entry at a fraction of what
 * it costs, so a count it plans at 1,750 (a client's 20,000 entries, each tested) takes 10 ms.
 */
const SEARCH_COUNT_COST_BUDGET = 500;

interface PlanNode {
  "Plan Rows": number;
  "Total Cost": number;
  Plans?: PlanNode[];
}

/** The planner's view of a query, without running it: its top node (EXPLAIN's JSON). */
async function planOf(query: SQL): Promise<PlanNode | undefined> {
  const db = await getDb();
  const [row] = await queryRows<{ "QUERY PLAN": string | [{ Plan: PlanNode }] }>(
    db,
    sql`explain (format json) ${query}`,
  );
  const raw = row?.["QUERY PLAN"];
  // node-postgres parses the json column; PGlite hands back the text.
  const parsed = typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  return parsed?.[0]?.Plan;
}

/** The capped count's query: the first COUNT_CAP + 1 matches, one constant each. */
function firstMatches(db: Awaited<ReturnType<typeof getDb>>, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(leads)
    .where(where)
    .limit(COUNT_CAP + 1);
}

/** What the planner expects of the capped count: how many rows match, and what counting would cost. */
async function countPlan(where: SQL | undefined) {
  const limit = await planOf(firstMatches(await getDb(), where).getSQL());
  // Limit -> the scan: the scan's rows are the whole estimated match count.
  return {
    estimate: Math.round(limit?.Plans?.[0]?.["Plan Rows"] ?? 0),
    cost: limit?.["Total Cost"] ?? 0,
  };
}

/**
 * A total that stops counting after COUNT_CAP matches: bounded work however many rows match. When the
 * planner already expects far more than the cap, the answer is "10,000+" without counting; when counting
 * would cost more than COUNT_COST_BUDGET (every match's row visited), it is the planner's estimate.
 */
async function countCapped(
  where: SQL | undefined,
  plan: { estimate: number; cost: number } | null,
  budget = COUNT_COST_BUDGET,
): Promise<CappedTotal> {
  if (plan && plan.estimate > SURELY_MORE) return { count: COUNT_CAP, capped: true };
  if (plan && plan.cost > budget) {
    return plan.estimate > COUNT_CAP
      ? { count: COUNT_CAP, capped: true }
      : { count: plan.estimate, capped: false, estimated: true };
  }
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(firstMatches(db, where).as("matches"));
  return cappedTotal(Number(row?.n ?? 0));
}

/**
 * Up to this many matches (by the planner's estimate), a page is the matches fetched by their filters'
 * indexes and sorted, not a walk of an order's index: a walk can pass every row of the book before it
 * finds so few.
 */
const SORT_MATCHES_UP_TO = 200;

/**
 * A search term in up to this many leads (the trigram index's estimate, which search_text's fine
 * histogram keeps close) is rare: its matches are fetched through that index and sorted. A commoner
 * term's page is a walk of the order's (or a filter's) index, which carries the search text, up to the
 * first 50 matches. "hale" in 1% of a million leads on PostgreSQL: 10,000 matches fetched and sorted in
 * 40-70 ms, walked in 2-4 ms. Walking costs the embedded database more per entry (WebAssembly), so
 * there a term stays rare for longer (bench/lead-queries.ts).
 */
const RARE_TERM_UP_TO: Record<DatabaseHandle["kind"], number> = {
  postgres: 2_000,
  pglite: 5_000,
  "pglite-memory": 5_000,
};

/** What a page matches: conditions on the lead's fields, and a search term (maybe empty). */
export interface PageFilter {
  where: SQL[];
  term?: string;
}

type Reading = "sort" | "walk" | "plan";

/**
 * How a page's rows are read, from the planner's estimates (EXPLAIN, not run): "sort" fetches the
 * matches by their filters' indexes and sorts them; "walk" reads an index in the page's order, with
 * bitmap scans off, so the planner cannot swap the walk for fetching every match of a common term
 * (it prices the search text's test on each entry walked above fetching 10,000 rows); "plan" lets the
 * planner choose.
 */
async function readingOf(filter: PageFilter, plan: { estimate: number } | null): Promise<Reading> {
  // One or two digits of an area code match one number in eight or eighty, where the planner, knowing
  // nothing of the pattern, expects a few: their page is a walk, not every match fetched and sorted.
  if (filter.term && AREA_CODE_START.test(filter.term)) return "walk";
  if (plan !== null && plan.estimate <= SORT_MATCHES_UP_TO) return "sort";
  if (!filter.term) return "plan";
  const termOnly = filter.where.length ? await countPlan(leadSearch(filter.term)) : plan;
  const { kind } = await databaseHandle();
  return (termOnly?.estimate ?? 0) <= RARE_TERM_UP_TO[kind] ? "sort" : "walk";
}

/**
 * What counting the page's matches may cost. When they are fetched and sorted anyway ("sort": few, or
 * a rare term's), counting them is as cheap as the page and stays exact: a phone number typed in full
 * is one lead, not "about 200" (the planner's guess for two LIKEs).
 */
function countBudget(reading: Reading, filter: PageFilter, plan: { estimate: number } | null): number {
  if (reading === "sort" && plan !== null && plan.estimate <= SORTED_COUNT_UP_TO) return Infinity;
  return filter.term ? SEARCH_COUNT_COST_BUDGET : COUNT_COST_BUDGET;
}

/** Sorted matches up to this many (estimated) are counted exactly. */
const SORTED_COUNT_UP_TO = 2_000;

/**
 * One keyset page of leads matching `filter` in the order `sort`: `select` reads the rows it is given
 * (already filtered and ordered, with `cursor` selected as the row's keys), counted up to COUNT_CAP
 * alongside. A Previous page that would run past the first row becomes the first page, so its rows
 * match what page 1 shows.
 */
export async function keysetPage<T extends { cursor: string[] }>(
  sort: LeadSort,
  filter: PageFilter,
  pageCursor: PageCursor | undefined,
  size: number,
  select: (db: Database, where: SQL | undefined, order: SQL[], limit: number) => Promise<T[]>,
): Promise<KeysetPage<Omit<T, "cursor">>> {
  const direction: Direction = pageCursor && "before" in pageCursor ? "before" : "after";
  const token = pageCursor && ("after" in pageCursor ? pageCursor.after : pageCursor.before);
  const cursor = token ? cursorOf(sort, token) : null;
  const conditions = [leadSearch(filter.term ?? ""), ...filter.where].filter(
    (c): c is SQL => c !== undefined,
  );
  const filtered = conditions.length ? and(...conditions) : undefined;
  // Planned first (EXPLAIN, not run): decides how to count and how to read the page.
  const plan = filtered ? await countPlan(filtered) : null;
  const reading = await readingOf(filter, plan);
  const db = await getDb();
  const read = (q: Database) =>
    select(
      q,
      and(filtered, cursor ? beyond(sort, cursor.keys, direction) : undefined),
      orderOf(sort, direction, reading === "sort"),
      size + 1,
    );
  const [found, total] = await Promise.all([
    reading === "walk"
      ? db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_bitmapscan = off`);
          return read(tx);
        })
      : read(db),
    countCapped(filtered, plan, countBudget(reading, filter, plan)),
  ]);
  const page = keysetPageOf(found, cursor, direction, size);
  // A Previous page that ran past the first row: the first page, so its rows match page 1's.
  return page ? { ...page, total } : keysetPage(sort, filter, undefined, size, select);
}

export const EXPORT_BATCH = 1000;
