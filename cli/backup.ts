/**
 * npm run backup [-- --out FILE]: one file holding the whole configured database.
 *
 * - PostgreSQL (DATABASE_URL set): pg_dump in its custom format, a consistent snapshot taken while the
 *   servers run. pg_dump must be of the server's major version or newer.
 * - Embedded (DATA_DIR): PGlite's copy of its data folder, a gzipped tarball. The embedded database
 *   allows one process at a time: while the server runs, the server takes the snapshot and sends it over
 *   a socket in DATA_DIR (app/db/snapshot-socket.server.ts); when it is stopped, this opens the folder.
 *
 * The file is written private (0600) under a temporary name, `<out>.partial`, created afresh (a file or
 * link already there is refused, never written through), and renamed when complete.
 */
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { parseArgs } from "node:util";
import { openPrivateFile } from "~/db/private-files.server";
import { env } from "~/lib/env.server";
import { acquireDirLock, DataDirLockedError } from "~/db/dir-lock.server";
import { requestSnapshot } from "~/db/snapshot-socket.server";
import {
  BackupError,
  embeddedDir,
  lockedError,
  megabytes,
  openPglite,
  runPgTool,
} from "./backup/backup-files";

const usage = "Usage: npm run backup [-- --out FILE]";

/**
 * The embedded database as a PGlite tarball: opened here when no one holds it, else asked of the server
 * that does (app/db/snapshot-socket.server.ts), which takes it between two transactions.
 */
async function embeddedSnapshot(dataDir: string): Promise<Uint8Array> {
  let lock;
  try {
    lock = acquireDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const snapshot = await requestSnapshot(dataDir);
    if (snapshot) {
      console.log(`The server (pid ${error.holderPid}) holds the database: it took the snapshot.`);
      // The server sends it uncompressed (it holds its queries while it makes it): compressed here.
      return snapshot[0] === 0x1f && snapshot[1] === 0x8b ? snapshot : gzipSync(snapshot);
    }
    // A holder that does not answer (an older version, or a socket path too long): stop it first.
    throw lockedError(dataDir, error.holderPid, "npm run backup");
  }
  try {
    const db = await openPglite(embeddedDir(dataDir));
    try {
      return new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) throw new BackupError(usage);
  const config = env();
  const kind = config.DATABASE_URL ? "postgres" : "embedded";
  const out = path.resolve(
    values.out ?? `leadworks-${stamp()}.${kind === "postgres" ? "pgdump" : "pglite.tar.gz"}`,
  );
  if (fs.existsSync(out)) throw new BackupError(`${out} exists: choose another --out.`);
  if (!config.DATABASE_URL && !fs.existsSync(path.join(embeddedDir(config.DATA_DIR), "PG_VERSION")))
    throw new BackupError(`No embedded database in ${config.DATA_DIR} (DATA_DIR): nothing to back up.`);

  // Made here and now, or not at all: a file or symbolic link someone left at this name would
  // otherwise receive the dump (and removing it afterwards would delete theirs).
  const partial = `${out}.partial`;
  let fd: number | undefined;
  try {
    fd = openPrivateFile(partial, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw new BackupError(
      `${partial} exists (a file or link this backup did not make): remove it, or choose another --out.`,
    );
  }
  try {
    if (config.DATABASE_URL) {
      // pg_dump writes into the file opened above, never opening the name again itself.
      await runPgTool("pg_dump", config.DATABASE_URL, ["--format=custom", "--no-owner"], fd);
    } else {
      fs.writeFileSync(fd, await embeddedSnapshot(config.DATA_DIR));
    }
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(partial, out);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(partial, { force: true });
  }
  const where =
    kind === "postgres" ? "the PostgreSQL database" : `the embedded database in ${config.DATA_DIR}`;
  console.log(`Backed up ${where} to ${out} (${megabytes(fs.statSync(out).size)}).`);
  console.log(`Restore it with: npm run restore -- ${out}`);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError) console.error(error.message);
  else console.error(`backup failed: ${(error as Error)?.stack ?? String(error)}`);
  process.exitCode = 1;
}
