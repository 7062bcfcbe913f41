/**
 * npm run backup [-- --out FILE]: one file holding the whole configured database.
 *
 * - PostgreSQL (DATABASE_URL set): pg_dump in its custom format, a consistent snapshot taken while the
 *   servers run. pg_dump must be of the server's major version or newer.
 * - Embedded (DATA_DIR): PGlite's copy of its data folder, a gzipped tarball. The embedded database
 *   allows one process at a time, so this refuses while the server runs: stop it, back up (seconds), start it.
 *
 * The file is written private (0600) beside a temporary name and renamed when complete.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { writePrivateFile } from "~/db/private-files.server";
import { env } from "~/lib/env.server";
import {
  BackupError,
  embeddedDir,
  lockDataDir,
  megabytes,
  openPglite,
  runPgTool,
} from "./backup/backup-files";

const usage = "Usage: npm run backup [-- --out FILE]";

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
  const partial = `${out}.partial`;

  try {
    if (config.DATABASE_URL) {
      writePrivateFile(partial, "", "w");
      await runPgTool("pg_dump", config.DATABASE_URL, ["--format=custom", "--no-owner", `--file=${partial}`]);
    } else {
      const dir = embeddedDir(config.DATA_DIR);
      if (!fs.existsSync(path.join(dir, "PG_VERSION")))
        throw new BackupError(`No embedded database in ${config.DATA_DIR} (DATA_DIR): nothing to back up.`);
      const lock = lockDataDir(config.DATA_DIR, "npm run backup");
      try {
        const db = await openPglite(dir);
        try {
          const tarball = await db.dumpDataDir("gzip");
          writePrivateFile(partial, new Uint8Array(await tarball.arrayBuffer()));
        } finally {
          await db.close();
        }
      } finally {
        lock.release();
      }
    }
    fs.renameSync(partial, out);
  } finally {
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
