/**
 * What npm run backup and npm run restore share: the two kinds of backup file, told apart by their first
 * bytes; the embedded database opened as is (no migrations: a backup is of the database as it is);
 * pg_dump and pg_restore run with the password out of the process list.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLITE_DIR } from "~/db/client.server";
import { acquireDirLock, DataDirLockedError, type DirLock } from "~/db/dir-lock.server";

/** A refusal or failure worded for the person at the terminal (printed without a stack trace). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export type BackupKind = "embedded" | "postgres";

/** gzip (PGlite's dumpDataDir tarball) or PGDMP (pg_dump's custom format). */
export function backupKindOf(file: string): BackupKind | null {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return "embedded";
    if (head.toString("latin1") === "PGDMP") return "postgres";
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** The refusal when the server holds the data folder. */
export const lockedError = (dataDir: string, pid: number, command: string) =>
  new BackupError(
    `The server is running on ${dataDir} (pid ${pid}) and the embedded database allows one process at a time: ` +
      `stop the server, run ${command}, then start it again.`,
  );

/** Takes the data folder's lock, or refuses because the server (or another command) holds it. */
export function lockDataDir(dataDir: string, command: string): DirLock {
  try {
    return acquireDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw lockedError(dataDir, error.holderPid, command);
  }
}

/** Opens an embedded database folder without migrating it. */
export async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const db = new PGlite({ dataDir: dir, extensions: { pg_trgm }, loadDataDir });
  await db.waitReady;
  return db;
}

export const embeddedDir = (dataDir: string) => path.join(dataDir, PGLITE_DIR);

/**
 * Runs pg_dump or pg_restore on `url`, the password passed in the environment, its standard output into
 * the file descriptor `output` if given; rejects with its output.
 */
export function runPgTool(
  tool: "pg_dump" | "pg_restore",
  url: string,
  args: string[],
  output?: number,
): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${parsed.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", output ?? "inherit", "pipe"],
    });
    let errors = "";
    child.stderr?.on("data", (chunk) => (errors += chunk));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${tool} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) of the server's major version or newer.`
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** `1.4 MB` */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
