/**
 * Reading leads for admins (spec 02 §2, §7): the list with search, filters and keyset pages, the CSV
 * export, the full lead with its people, timeline and documents, possible duplicates, a document's bytes,
 * the client and admin menus, and what a client's event stream may see. Every function takes the actor and
 * refuses anyone who may not read, even though the routes check too. Changes are in lead-commands.server.ts.
 */
import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addressKeySql } from "~/db/address-key";
import { databaseHandle, getDb } from "~/db/db.server";
import { labelOf, leadSources, leadStatuses, motivationLevels, propertyTypes } from "~/db/enums";
import {
  apiKeys,
  leadActivities,
  leadDocuments,
  leadImports,
  leads,
  profiles,
  storedFiles,
  userRoles,
} from "~/db/schema";
import { isUuid, likePattern } from "~/lib/data-guards";
import { authorize, type ActorRef } from "~/lib/permissions";
import { csvLines } from "~/lib/csv";
import { openStoredFile, storedFileColumns } from "~/lib/files/stored-files.server";
import { decodeCursor, encodeCursor, type Cursor } from "~/lib/cursor.server";
import { cappedTotal, COUNT_CAP, type CappedTotal, type KeysetPage, type PageCursor } from "~/lib/paging";
import { queryRows, type Database, type DatabaseHandle } from "~/db/client.server";
import { LEAD_CSV_COLUMNS } from "./import/columns";
import { personName } from "./lead-format";
import { LEADS_PAGE_SIZE, UNASSIGNED, type LeadListQuery, type LeadSort } from "./leads.schema";

const creator = aliasedTable(profiles, "creator");
const client = aliasedTable(profiles, "client");

// The non-null e-mail comes first: Drizzle turns a left-joined object into null when its first column is
// null, which would hide a client who has no first name on file.
const personColumns = (p: typeof profiles) => ({
  email: p.email,
  firstName: p.firstName,
  lastName: p.lastName,
  companyName: p.companyName,
  phone: p.phone,
});

// ---------------------------------------------------------------- reading

/**
 * Search (spec 02 §7): case-insensitive partial match on first name, last name, phone, address or city,
 * read from the lead's lower-case search text (schema.ts): one trigram index finds a rare term's rows,
 * and the order indexes carry the text, so a common term's first page is an index-only walk. Searching
 * the fields as one string also finds "Jane Doe" and "Oak St Tampa"; a term typed like a phone number
 * ("(202) 555-0134") is also looked up by its digits.
 */
export function leadSearch(term: string): SQL | undefined {
  if (!term) return undefined;
  // lower() in the database, so the term folds exactly as the stored text did.
  const matches = (t: string) => sql`${leads.searchText} LIKE lower(${likePattern(t)})`;
  const digits = term.replace(/[\s().+-]/g, "");
  const looksLikePhone = /^\d{3,}$/.test(digits) && digits !== term;
  return looksLikePhone ? or(matches(term), matches(digits)) : matches(term);
}

/** Each filter of the admin list, the search included, as a condition (spec 02 §7, issue 13). */
export function listFilters(query: LeadListQuery): SQL[] {
  return [leadSearch(query.q), ...fieldFilters(query)].filter((c): c is SQL => c !== undefined);
}

/** The admin list's filters other than the search. */
function fieldFilters(query: LeadListQuery): SQL[] {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return [
    query.statuses.length ? inArray(leads.leadStatus, query.statuses) : undefined,
    query.motivations.length ? inArray(leads.motivationLevel, query.motivations) : undefined,
    query.sources.length ? inArray(leads.leadSource, query.sources) : undefined,
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
    arrivalFilter(query.arrival),
  ].filter((c): c is SQL => c !== undefined);
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
  name: { keys: [sql`${leads.lastName}`, sql`${leads.firstName}`, sql`${leads.id}`], descending: false },
};

/** Each order's keys as exact text (timestamps to the microsecond): what a cursor carries. */
export const cursorKeys: Record<LeadSort, SQL<string[]>> = {
  newest: sql<string[]>`array[${leads.createdAt}::text, ${leads.id}::text]`,
  oldest: sql<string[]>`array[${leads.createdAt}::text, ${leads.id}::text]`,
  updated: sql<string[]>`array[${leads.updatedAt}::text, ${leads.id}::text]`,
  name: sql<string[]>`array[${leads.lastName}::text, ${leads.firstName}::text, ${leads.id}::text]`,
};

/** How each key of an order goes back into SQL from a cursor's text, and which text it accepts. */
const timestampKey = {
  cast: "timestamptz",
  valid: (v: string) =>
    /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(v),
};
const nameKey = { cast: "text", valid: (v: string) => v.length <= 50 };
const idKey = { cast: "uuid", valid: isUuid };
const keyTypes: Record<LeadSort, { cast: string; valid: (v: string) => boolean }[]> = {
  newest: [timestampKey, idKey],
  oldest: [timestampKey, idKey],
  updated: [timestampKey, idKey],
  name: [nameKey, nameKey, idKey],
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
      sortMatches && i === 0 ? (sort === "name" ? sql`(${key} || '')` : sql`(${key} + interval '0 s')`) : key;
    return down ? sql`${term} desc` : sql`${term} asc`;
  });
}

/**
 * The rows after (or before) the row with `keys` in the order `sort`: one row comparison, which a
 * B-tree on the order's columns answers as a range.
 */
function beyond(sort: LeadSort, keys: string[], direction: Direction = "after"): SQL {
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
  let rows: T[];
  let start: number;
  let hasPrevious: boolean;
  let hasNext: boolean;
  if (cursor && direction === "before") {
    if (found.length <= size) return keysetPage(sort, filter, undefined, size, select);
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
    total,
    start,
    next: hasNext && last ? encodeCursor({ keys: last.cursor, position: start + rows.length - 1 }) : null,
    previous: hasPrevious && first ? encodeCursor({ keys: first.cursor, position: start }) : null,
  };
}

const EXPORT_BATCH = 1000;

/**
 * The filtered list as CSV, in the list's order, produced in batches of 1,000 rows read by keyset: any
 * number of leads in constant memory. Yields the header, then one chunk of lines per batch.
 */
export async function* exportLeadsCsv(actor: ActorRef, query: LeadListQuery): AsyncGenerator<string> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const filters = listFilters(query);
  yield csvLines([[...LEAD_CSV_COLUMNS]]);
  let keys: string[] | undefined;
  for (;;) {
    const rows = await db
      .select({ lead: leads, clientEmail: client.email, cursor: cursorKeys[query.sort] })
      .from(leads)
      .leftJoin(client, eq(client.userId, leads.assignedToClientId))
      .where(and(...filters, keys ? beyond(query.sort, keys) : undefined))
      .orderBy(...orderOf(query.sort))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield csvLines(
      rows.map(({ lead, clientEmail }) => [
        lead.firstName,
        lead.lastName,
        lead.phone,
        lead.email ?? "",
        lead.address,
        lead.city,
        lead.state,
        lead.zipCode,
        labelOf(propertyTypes, lead.propertyType),
        labelOf(motivationLevels, lead.motivationLevel),
        labelOf(leadSources, lead.leadSource),
        labelOf(leadStatuses, lead.leadStatus),
        lead.situationNotes ?? "",
        lead.askingPrice ?? "",
        lead.estimatedValue ?? "",
        lead.estimatedRepairCost ?? "",
        clientEmail ?? "",
        lead.createdAt.toISOString(),
        lead.id,
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
    keys = rows.at(-1)!.cursor;
  }
}

/**
 * The admin list (spec 02 §7, issue 13): one keyset page of 50 in the chosen order, the filters applied,
 * with a total counted up to 10,000 ("10,000+" beyond).
 */
export async function listLeads(actor: ActorRef, query: LeadListQuery) {
  authorize(actor, "lead:read:any");
  const page = await keysetPage(
    query.sort,
    { where: fieldFilters(query), term: query.q },
    query.cursor,
    LEADS_PAGE_SIZE,
    (q, where, order, limit) =>
      q
        .select({
          ...leadIdentityColumns,
          motivationLevel: leads.motivationLevel,
          leadStatus: leads.leadStatus,
          createdAt: leads.createdAt,
          client: personColumns(client),
          clientId: leads.assignedToClientId,
          cursor: cursorKeys[query.sort],
        })
        .from(leads)
        .leftJoin(client, eq(client.userId, leads.assignedToClientId))
        .where(where)
        .orderBy(...order)
        .limit(limit),
  );
  return {
    ...page,
    rows: page.rows.map(({ client: person, clientId, ...row }) => ({
      ...row,
      client: clientId ? person : null,
    })),
  };
}

/** One lead with everything the admin detail page shows, or null when there is none with this id. */
export async function getLead(actor: ActorRef, id: string) {
  authorize(actor, "lead:read:any");
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      lead: leads,
      creator: personColumns(creator),
      client: personColumns(client),
      importFileName: leadImports.fileName,
      apiKeyName: apiKeys.name,
    })
    .from(leads)
    .leftJoin(creator, eq(creator.userId, leads.createdByUserId))
    .leftJoin(client, eq(client.userId, leads.assignedToClientId))
    .leftJoin(leadImports, eq(leadImports.id, leads.importId))
    .leftJoin(apiKeys, eq(apiKeys.id, leads.apiKeyId))
    .where(eq(leads.id, id));
  if (!row) return null;
  const [activities, documents] = await Promise.all([
    leadTimeline(id),
    db
      .select({
        id: leadDocuments.id,
        documentName: leadDocuments.documentName,
        documentType: leadDocuments.documentType,
        sizeBytes: storedFiles.sizeBytes,
        createdAt: leadDocuments.createdAt,
        uploadedBy: personColumns(profiles),
      })
      .from(leadDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, leadDocuments.fileId))
      .leftJoin(profiles, eq(profiles.userId, leadDocuments.uploadedBy))
      .where(eq(leadDocuments.leadId, id))
      .orderBy(desc(leadDocuments.createdAt)),
  ]);
  return {
    ...row.lead,
    creator: row.lead.createdByUserId ? row.creator : null,
    client: row.lead.assignedToClientId ? row.client : null,
    // How the lead arrived: typed in, or the import that brought it (issue 13).
    importBatch: row.lead.importId ? { id: row.lead.importId, fileName: row.importFileName ?? "" } : null,
    // Or the API key that sent it (issue 14); "" when the key is gone, null when no key sent it.
    apiKeyName: row.lead.apiKeyId ? (row.apiKeyName ?? "") : null,
    activities,
    documents: documents.map((d) => ({ ...d, uploadedBy: personName(d.uploadedBy) })),
  };
}

/** What makes two leads possibly one seller: the phone, or the normalised address and ZIP5. */
export interface DuplicateProbe {
  phone: string;
  address: string;
  zipCode: string;
}

/**
 * Leads that may be the same seller as `probe` (issue 13): the same phone (E.164), or the same address
 * once normalised (address-key.ts) in the same ZIP5. Both columns are indexed, so this costs an index
 * lookup at any table size. `exceptId` leaves out the lead itself.
 */
export async function findPossibleDuplicates(actor: ActorRef, probe: DuplicateProbe, exceptId?: string) {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const key = addressKeySql(sql`${probe.address}::text`, sql`${probe.zipCode}::text`);
  return db
    .select({
      ...leadIdentityColumns,
      zipCode: leads.zipCode,
      createdAt: leads.createdAt,
      samePhone: sql<boolean>`${leads.phone} = ${probe.phone}`,
    })
    .from(leads)
    .where(
      and(
        or(eq(leads.phone, probe.phone), eq(leads.addressKey, key)),
        exceptId && isUuid(exceptId) ? ne(leads.id, exceptId) : undefined,
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(10);
}

export type PossibleDuplicate = Awaited<ReturnType<typeof findPossibleDuplicates>>[number];

/**
 * A lead's activities, newest first, with who performed each. `forClient` gives the client's view: their
 * own feedback and returns only, and no assignment history (which would name other clients).
 */
export async function leadTimeline(leadId: string, options: { forClient?: string } = {}) {
  const db = await getDb();
  const rows = await db
    .select({
      id: leadActivities.id,
      activityType: leadActivities.activityType,
      description: leadActivities.description,
      metadata: leadActivities.metadata,
      createdAt: leadActivities.createdAt,
      performedById: leadActivities.performedBy,
      performedBy: personColumns(profiles),
    })
    .from(leadActivities)
    .leftJoin(profiles, eq(profiles.userId, leadActivities.performedBy))
    .where(eq(leadActivities.leadId, leadId))
    .orderBy(desc(leadActivities.createdAt), desc(leadActivities.id));
  const client = options.forClient;
  return rows
    .filter(
      (row) =>
        client === undefined ||
        (row.activityType !== "lead_assigned" &&
          (row.activityType !== "client_feedback_submitted" || row.performedById === client) &&
          // A return belongs to the client who asked for it, not to whoever holds the lead later.
          (!row.activityType.startsWith("return_") || row.metadata?.clientId === client)),
    )
    .map(({ performedById: _performedById, ...row }) => ({
      ...row,
      performedBy: personName(row.performedBy) || "System",
    }));
}

/** The accounts holding `role`, with their profile's name fields, in the order `orderBy`. */
async function accountsWithRole(
  actor: ActorRef,
  role: "admin" | "client",
  ...orderBy: (SQL | AnyPgColumn)[]
) {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  return db
    .select({ id: userRoles.userId, ...personColumns(profiles) })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
    .where(eq(userRoles.role, role))
    .orderBy(...orderBy);
}

/** Every client account (role "client"), for the assignment menus: profile fields, by display name. */
export async function listClients(actor: ActorRef) {
  return accountsWithRole(
    actor,
    "client",
    sql`coalesce(nullif(${profiles.companyName}, ''), nullif(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName}), ''), ${profiles.email})`,
  );
}

export type ClientOption = Awaited<ReturnType<typeof listClients>>[number];

/** The admins, who create leads by hand: the list's "Created by" choices. */
export async function listAdmins(actor: ActorRef) {
  return accountsWithRole(actor, "admin", profiles.firstName, profiles.lastName, profiles.email);
}

/**
 * What a client's event stream sends for a lead notification: only the lead's id, and only when the lead
 * is (or was, before this change) theirs. The notification names every client concerned, the old and the
 * new assignee; no other client's id may reach this client.
 */
export function clientLeadEvent(payload: string, clientId: string): string | null {
  let parsed: { leadId?: unknown; clients?: unknown };
  try {
    parsed = JSON.parse(payload) as typeof parsed;
  } catch {
    return null;
  }
  const { leadId, clients } = parsed;
  // A bulk change names no lead (leadId null): the client's list reloads as a whole.
  if (!(typeof leadId === "string" || leadId === null)) return null;
  if (!Array.isArray(clients) || !clients.includes(clientId)) return null;
  return JSON.stringify({ leadId });
}

/** A document's bytes for the admin download route, or null when lead and document do not match. */
export async function documentFile(actor: ActorRef, leadId: string, documentId: string) {
  authorize(actor, "lead:read:any");
  if (!isUuid(leadId) || !isUuid(documentId)) return null;
  const db = await getDb();
  const [row] = await db
    .select(storedFileColumns)
    .from(leadDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, leadDocuments.fileId))
    .where(and(eq(leadDocuments.id, documentId), eq(leadDocuments.leadId, leadId)));
  return row ? openStoredFile(row) : null;
}
