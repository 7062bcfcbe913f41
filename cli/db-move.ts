/**
 * npm run db:move -- --to postgres://user:pass@host:5432/leadworks
 *
 * Copies everything in the embedded database of DATA_DIR into an empty PostgreSQL database: migrates the
 * target with the app's migrations, copies every table the catalog lists (cli/db-move/), sets the
 * sequences, checks row counts and checksums per table, and prints what it did. The target commits only
 * when every table matches, so a failed move leaves it empty.
 *
 * Refuses, with one line and exit code 1: a running server (it holds the embedded database's lock), a
 * DATA_DIR without an embedded database, and a target that has rows in any table.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, PGLITE_DIR, queryRows, type DatabaseHandle } from "~/db/client.server";
import { DataDirLockedError } from "~/db/dir-lock.server";
import { env } from "~/lib/env.server";
import type { RunSql } from "./db-move/catalog";
import { copyDatabase, MoveError, nonEmptyTables, type MoveReport } from "./db-move/copy";

const usage = "Usage: npm run db:move -- --to postgres://user:password@host:5432/database";

/** Where the URL points, without its password. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

function formatReport(report: MoveReport): string {
  const header = ["Table", "Rows", "Data", "Checksum (md5)", "Seconds"];
  const rows = report.tables.map((t) => [
    t.table,
    String(t.rows),
    t.bytes >= 1024 * 1024 ? `${(t.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(t.bytes / 1024)} KB`,
    `${t.checksum} ok`,
    t.seconds.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    `${report.tables.length} tables, ${total} rows, ${report.sequences} sequences set, in ${report.seconds.toFixed(1)} s.`,
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { to: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help || !values.to) throw new MoveError(usage);
  if (!/^postgres(ql)?:\/\//.test(values.to)) throw new MoveError(`--to must be a postgres:// URL. ${usage}`);
  const targetUrl = values.to;
  const dataDir = env().DATA_DIR;
  if (!fs.existsSync(path.join(dataDir, PGLITE_DIR, "PG_VERSION"))) {
    throw new MoveError(`No embedded database in ${dataDir} (DATA_DIR): there is nothing to move.`);
  }

  let source: DatabaseHandle;
  try {
    source = await openDatabase({ kind: "pglite", dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new MoveError(
        `The server is running on ${dataDir} (pid ${error.holderPid}): stop it, then run db:move again.`,
      );
    }
    throw error;
  }
  const target = new pg.Client({ connectionString: targetUrl });
  try {
    await target.connect().catch((error: Error) => {
      throw new MoveError(`Cannot connect to ${describeUrl(targetUrl)}: ${error.message}`);
    });
    const runTarget: RunSql = async <T>(text: string) => (await target.query(text)).rows as T[];
    const filled = await nonEmptyTables(runTarget);
    if (filled.length) {
      throw new MoveError(
        `The target database ${describeUrl(targetUrl)} is not empty (rows in ${filled.slice(0, 3).join(", ")}${filled.length > 3 ? ", ..." : ""}): db:move only copies into an empty database.`,
      );
    }
    // The same migrations as the server's start; then both sides have the same tables.
    const migrated = await openDatabase({ kind: "postgres", url: targetUrl, poolSize: 1 });
    await migrated.close();

    console.log(`Moving the embedded database in ${dataDir} to ${describeUrl(targetUrl)}...`);
    const runSource: RunSql = (text) => queryRows(source.db, sql.raw(text));
    const report = await copyDatabase(runSource, target, (line) => console.log(`  ${line}`));
    console.log("");
    console.log(formatReport(report));
    console.log("");
    console.log(
      `Done: every table's row count and checksum match. Start the servers with DATABASE_URL set to the target. ` +
        `Keep the same AUTH_SECRET (without one set, it is the file ${path.join(dataDir, "auth-secret")}) so that sessions and e-mailed links stay valid. ` +
        `The embedded database was left as it was.`,
    );
    return 0;
  } finally {
    await target.end().catch(() => undefined);
    await source.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof MoveError) console.error(error.message);
  else console.error(`db:move failed: ${(error as Error)?.stack ?? String(error)}`);
  process.exitCode = 1;
}
