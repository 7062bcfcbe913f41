/**
 * What a database holds, read from its catalog (pg_catalog) rather than from a list in code: every user
 * table with its columns, the foreign keys between them, and the sequences. A table added by a later
 * migration is moved, counted and checked like the others without a change here.
 *
 * The same SQL runs on PGlite and on PostgreSQL. Queries take no parameters (identifiers are quoted,
 * object ids are numbers) so that the embedded side can run them as plain text.
 */

/** Runs one SQL statement and returns its rows. */
export type RunSql = <T>(text: string) => Promise<T[]>;

export interface Column {
  name: string;
  /** Generated (`GENERATED ALWAYS AS ... STORED`): computed by the target, never inserted. */
  generated: boolean;
  /** `GENERATED ALWAYS AS IDENTITY`: inserting a value needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
  bytea: boolean;
}

export interface Table {
  schema: string;
  name: string;
  /** `"schema"."name"`, quoted for SQL. */
  qualified: string;
  columns: Column[];
  /**
   * Has triggers of its own (not those behind constraints). The copy turns them off: their effects are
   * already rows of the source (a trigger that records deliveries would record them twice).
   */
  userTriggers: boolean;
}

export interface Catalog {
  /** Parents before children: a table comes after every table its foreign keys point to. */
  tables: Table[];
  /** True when foreign keys form a cycle (or a table references itself): order alone cannot satisfy them. */
  cyclic: boolean;
  /** `"schema"."sequence"` of every sequence, owned by a column or not. */
  sequences: string[];
}

/** Schemas that belong to PostgreSQL itself or to the migration tool (each side keeps its own journal). */
const SYSTEM_SCHEMAS =
  "n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname !~ '^pg_'";

/** Not created by an extension (those come back with CREATE EXTENSION in the migrations). */
const NOT_FROM_EXTENSION =
  "not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')";

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function readCatalog(run: RunSql): Promise<Catalog> {
  const tableRows = await run<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS} and ${NOT_FROM_EXTENSION}
      order by n.nspname, c.relname`,
  );
  const columnRows = await run<{
    oid: number;
    name: string;
    generated: boolean;
    identity_always: boolean;
    bytea: boolean;
  }>(
    `select a.attrelid::int as oid, a.attname as name, a.attgenerated <> '' as generated,
            a.attidentity = 'a' as identity_always, a.atttypid = 'bytea'::regtype as bytea
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p') and ${SYSTEM_SCHEMAS}
      order by a.attrelid, a.attnum`,
  );
  const foreignKeys = await run<{ child: number; parent: number }>(
    `select distinct conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f'`,
  );
  const triggered = await run<{ oid: number }>(
    `select distinct tgrelid::int as oid from pg_trigger where not tgisinternal`,
  );
  const sequenceRows = await run<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${SYSTEM_SCHEMAS} and ${NOT_FROM_EXTENSION}
      order by n.nspname, c.relname`,
  );

  const tables = new Map<number, Table>();
  for (const row of tableRows) {
    tables.set(row.oid, {
      schema: row.schema,
      name: row.name,
      qualified: `${quoteIdent(row.schema)}.${quoteIdent(row.name)}`,
      columns: [],
      userTriggers: false,
    });
  }
  for (const row of triggered) {
    const table = tables.get(row.oid);
    if (table) table.userTriggers = true;
  }
  for (const row of columnRows) {
    tables.get(row.oid)?.columns.push({
      name: row.name,
      generated: row.generated,
      identityAlways: row.identity_always,
      bytea: row.bytea,
    });
  }
  const { order, cyclic } = parentsFirst(
    [...tables.keys()],
    foreignKeys.filter((fk) => tables.has(fk.child) && tables.has(fk.parent)),
  );
  return {
    tables: order.map((oid) => tables.get(oid)!),
    cyclic,
    sequences: sequenceRows.map((s) => `${quoteIdent(s.schema)}.${quoteIdent(s.name)}`),
  };
}

/**
 * Orders nodes so that every parent comes before its children (Kahn's algorithm, stable by input order).
 * What a cycle leaves over is appended in input order and reported.
 */
export function parentsFirst<T>(
  nodes: T[],
  edges: { child: T; parent: T }[],
): { order: T[]; cyclic: boolean } {
  const waitingOn = new Map<T, Set<T>>(nodes.map((n) => [n, new Set<T>()]));
  let cyclic = false;
  for (const { child, parent } of edges) {
    if (child === parent) cyclic = true;
    else waitingOn.get(child)?.add(parent);
  }
  const order: T[] = [];
  const placed = new Set<T>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const node of nodes) {
      if (placed.has(node)) continue;
      if ([...waitingOn.get(node)!].every((parent) => placed.has(parent))) {
        order.push(node);
        placed.add(node);
        progress = true;
      }
    }
  }
  const rest = nodes.filter((n) => !placed.has(n));
  if (rest.length) cyclic = true;
  return { order: [...order, ...rest], cyclic };
}

/**
 * Session settings under which both sides print values the same way (the checksum hashes row text, the
 * copy carries rows as JSON text).
 */
export const TEXT_SETTINGS = [
  "set timezone = 'UTC'",
  "set datestyle = 'ISO, MDY'",
  "set intervalstyle = 'postgres'",
  "set extra_float_digits = 1",
  "set bytea_output = 'hex'",
];

/**
 * Row count and checksum of a table, the same SQL on both sides: the md5 of every row's text (all
 * columns, generated ones included, in catalog order), sorted and hashed again, so row order on disk does
 * not matter. Returns one row `{ rows, checksum }`.
 */
export function checksumSql(table: Table): string {
  const row = `row(${table.columns.map((c) => `t.${quoteIdent(c.name)}`).join(", ")})::text`;
  return `select count(*)::text as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
            from (select md5(${row}) as h from ${table.qualified} t) s`;
}

/** The columns a copy inserts: everything but generated columns. */
export const insertedColumns = (table: Table) => table.columns.filter((c) => !c.generated);

/** Every table's row count and checksum (`"rows checksum"` by table name), under TEXT_SETTINGS. */
export async function tableChecksums(run: RunSql): Promise<Record<string, string>> {
  for (const setting of TEXT_SETTINGS) await run(setting);
  const sums: Record<string, string> = {};
  for (const table of (await readCatalog(run)).tables) {
    const [row] = await run<{ rows: string; checksum: string }>(checksumSql(table));
    sums[`${table.schema}.${table.name}`] = `${row!.rows} ${row!.checksum}`;
  }
  return sums;
}
