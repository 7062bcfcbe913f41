/**
 * The copy of db:move: every table of the source into the same (migrated, emptied) tables of the target,
 * parents before children, in batches read through a cursor so memory stays bounded whatever the size
 * (a batch shrinks when its rows are large, such as stored files, and grows back when they are small),
 * with the target's own triggers off (their effects are rows of the source already).
 * Sequences get the source's positions; then each table's row count and checksum are computed on both
 * sides, and the target commits only when every one matches.
 */
import type pg from "pg";
import {
  checksumSql,
  insertedColumns,
  quoteIdent,
  readCatalog,
  TEXT_SETTINGS,
  type RunSql,
  type Table,
} from "./catalog";

/** A refusal or a failed check, worded for the person at the terminal. */
export class MoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MoveError";
  }
}

export interface TableReport {
  table: string;
  rows: number;
  bytes: number;
  checksum: string;
  seconds: number;
}

export interface MoveReport {
  tables: TableReport[];
  sequences: number;
  seconds: number;
}

/** Rows per batch: start, bounds, and the amount of row text a batch aims for. */
const FIRST_BATCH = 200;
const MAX_BATCH = 2000;
const TARGET_BATCH_BYTES = 4 * 1024 * 1024;
const CURSOR = "lw_move_rows";

const tableLabel = (table: Table) =>
  table.schema === "public" ? table.name : `${table.schema}.${table.name}`;

/** Tables of the target that hold rows (the migration journal aside). */
export async function nonEmptyTables(run: RunSql): Promise<string[]> {
  const { tables } = await readCatalog(run);
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await run<{ any: boolean }>(`select exists (select 1 from ${table.qualified}) as any`);
    if (row?.any) found.push(tableLabel(table));
  }
  return found;
}

export async function copyDatabase(
  source: RunSql,
  target: pg.Client,
  progress: (line: string) => void = () => undefined,
): Promise<MoveReport> {
  const started = performance.now();
  const runTarget: RunSql = async <T>(text: string) => (await target.query(text)).rows as T[];
  const from = await readCatalog(source);
  const to = await readCatalog(runTarget);
  compareSchemas(from.tables, to.tables);

  await source("begin isolation level repeatable read");
  await target.query("begin");
  try {
    for (const setting of TEXT_SETTINGS) {
      await source(setting);
      await target.query(setting);
    }
    if (from.cyclic) {
      // Foreign keys in a cycle cannot be satisfied by order: load with constraint triggers off, as
      // pg_restore --disable-triggers does (needs a superuser on the target).
      await target.query("set local session_replication_role = replica").catch((error: Error) => {
        throw new MoveError(
          `The tables' foreign keys form a cycle, so the copy needs session_replication_role = replica on the target, which was refused (${error.message}). Connect as a superuser.`,
        );
      });
    }

    // The target's own triggers stay off while its rows arrive: what they did is in the source already.
    // ALTER TABLE is transactional, so they are on again whatever happens; it needs the tables' owner,
    // which the role that ran the migrations is.
    const triggered = to.tables.filter((t) => t.userTriggers);
    for (const table of triggered) {
      await target.query(`alter table ${table.qualified} disable trigger user`).catch((error: Error) => {
        throw new MoveError(
          `Cannot turn off the triggers of ${tableLabel(table)} for the copy (${error.message}): connect as the owner of the tables.`,
        );
      });
    }

    // Rows the migrations wrote (the built-in lead sources) come again from the source, as it has them.
    for (const table of [...to.tables].reverse()) await target.query(`delete from ${table.qualified}`);

    const reports: TableReport[] = [];
    for (const table of from.tables) {
      const tableStarted = performance.now();
      const { rows, bytes } = await copyTable(source, target, table);
      reports.push({ table: tableLabel(table), rows, bytes, checksum: "", seconds: 0 });
      reports.at(-1)!.seconds = (performance.now() - tableStarted) / 1000;
      progress(`copied ${tableLabel(table)}: ${rows} rows`);
    }

    for (const sequence of from.sequences) {
      const [position] = await source<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${sequence}`,
      );
      await target.query(`select setval($1::regclass, $2::bigint, $3)`, [
        sequence,
        position!.last_value,
        position!.is_called,
      ]);
    }

    for (const table of triggered) await target.query(`alter table ${table.qualified} enable trigger user`);

    for (const [index, table] of from.tables.entries()) {
      const query = checksumSql(table);
      const [mine] = await source<{ rows: string; checksum: string }>(query);
      const [theirs] = (await target.query<{ rows: string; checksum: string }>(query)).rows;
      const report = reports[index]!;
      if (mine!.rows !== theirs!.rows || Number(mine!.rows) !== report.rows) {
        throw new MoveError(
          `Row counts differ for ${report.table}: ${mine!.rows} in the embedded database, ${theirs!.rows} in the target (${report.rows} copied). Nothing was committed.`,
        );
      }
      if (mine!.checksum !== theirs!.checksum) {
        throw new MoveError(
          `Checksums differ for ${report.table} (${mine!.checksum} vs ${theirs!.checksum}). Nothing was committed.`,
        );
      }
      report.checksum = mine!.checksum;
    }

    await target.query("commit");
    await source("commit");
    return {
      tables: reports,
      sequences: from.sequences.length,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await target.query("rollback").catch(() => undefined);
    await source("rollback").catch(() => undefined);
    throw error;
  }
}

/** Both sides must have the same tables with the same columns (both are migrated by the same code). */
function compareSchemas(from: Table[], to: Table[]) {
  const shape = (tables: Table[]) =>
    new Map(tables.map((t) => [tableLabel(t), t.columns.map((c) => c.name).join(",")]));
  const mine = shape(from);
  const theirs = shape(to);
  for (const [name, columns] of mine) {
    if (!theirs.has(name)) throw new MoveError(`The target has no table ${name} after migrating.`);
    if (theirs.get(name) !== columns)
      throw new MoveError(`The table ${name} has other columns in the target than in the embedded database.`);
  }
  for (const name of theirs.keys()) {
    if (!mine.has(name)) throw new MoveError(`The target has a table ${name} the embedded database lacks.`);
  }
}

async function copyTable(
  source: RunSql,
  target: pg.Client,
  table: Table,
): Promise<{ rows: number; bytes: number }> {
  const columns = insertedColumns(table);
  const list = columns.map((c) => quoteIdent(c.name)).join(", ");
  const overriding = columns.some((c) => c.identityAlways) ? " overriding system value" : "";
  const insert = `insert into ${table.qualified} (${list})${overriding}
                  select ${list} from json_populate_recordset(null::${table.qualified}, $1::json)`;
  // Rows leave the source as JSON text (every type prints and parses back exactly under TEXT_SETTINGS;
  // bytea as \x hex) and enter the target through json_populate_recordset: no value is parsed here.
  await source(
    `declare ${CURSOR} no scroll cursor for select row_to_json(r)::text as j from (select ${list} from ${table.qualified}) r`,
  );
  let batch = columns.some((c) => c.bytea) ? 2 : FIRST_BATCH;
  let rows = 0;
  let bytes = 0;
  try {
    for (;;) {
      const fetched = await source<{ j: string }>(`fetch ${batch} from ${CURSOR}`);
      if (fetched.length === 0) break;
      const text = `[${fetched.map((r) => r.j).join(",")}]`;
      await target.query(insert, [text]);
      rows += fetched.length;
      bytes += text.length;
      if (text.length > TARGET_BATCH_BYTES) batch = Math.max(1, Math.floor(batch / 2));
      else if (text.length < TARGET_BATCH_BYTES / 4 && fetched.length === batch)
        batch = Math.min(MAX_BATCH, batch * 2);
    }
  } finally {
    await source(`close ${CURSOR}`).catch(() => undefined);
  }
  return { rows, bytes };
}
