/**
 * npm run restore -- FILE: puts back the database a `npm run backup` file holds, into the configured
 * database. Stop the servers first.
 *
 * - PostgreSQL (DATABASE_URL set, a pg_dump file): pg_restore --clean --if-exists in one transaction, so
 *   the database is either all the backup's or unchanged.
 * - Embedded (DATA_DIR, a PGlite tarball): refuses while the server runs; unpacks the backup into a new
 *   folder, opens it to check it, then swaps it in. The folder it replaces is kept beside it
 *   (pglite.before-restore-<time>) until you delete it.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensurePrivateDir } from "~/db/private-files.server";
import { env } from "~/lib/env.server";
import {
  backupKindOf,
  BackupError,
  embeddedDir,
  lockDataDir,
  megabytes,
  openPglite,
  runPgTool,
} from "./backup/backup-files";

const usage = "Usage: npm run restore -- FILE   (a file made by npm run backup)";

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) throw new BackupError(usage);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist. ${usage}`);
  const kind = backupKindOf(file);
  if (!kind)
    throw new BackupError(`${file} is not a Leadworks backup (neither a pg_dump nor a PGlite file).`);
  const config = env();

  if (config.DATABASE_URL) {
    if (kind !== "postgres")
      throw new BackupError(
        `${file} is a backup of an embedded database: unset DATABASE_URL to restore it into DATA_DIR, or restore it there and move it with npm run db:move.`,
      );
    await runPgTool("pg_restore", config.DATABASE_URL, [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      file,
    ]);
    console.log(`Restored ${file} into the PostgreSQL database. Start the servers again.`);
    return;
  }

  if (kind !== "embedded")
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`,
    );
  ensurePrivateDir(config.DATA_DIR);
  const lock = lockDataDir(config.DATA_DIR, "npm run restore");
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  const current = embeddedDir(config.DATA_DIR);
  const incoming = `${current}.restoring-${stamp}`;
  const previous = `${current}.before-restore-${stamp}`;
  try {
    ensurePrivateDir(incoming);
    try {
      const db = await openPglite(incoming, new Blob([fs.readFileSync(file)]));
      try {
        // A readable catalog proves the unpacked folder is a working database before it replaces anything.
        await db.query("select count(*) from pg_class");
      } finally {
        await db.close();
      }
    } catch (error) {
      fs.rmSync(incoming, { recursive: true, force: true });
      throw new BackupError(`${file} could not be opened as a database: ${(error as Error).message}`);
    }
    const hadOne = fs.existsSync(current);
    if (hadOne) fs.renameSync(current, previous);
    fs.renameSync(incoming, current);
    console.log(
      `Restored ${file} (${megabytes(fs.statSync(file).size)}) into ${current}.` +
        (hadOne
          ? ` The database it replaced is in ${path.basename(previous)}: delete it once the restored one is right.`
          : ""),
    );
  } finally {
    lock.release();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError) console.error(error.message);
  else console.error(`restore failed: ${(error as Error)?.stack ?? String(error)}`);
  process.exitCode = 1;
}
