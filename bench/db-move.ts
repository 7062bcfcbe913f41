/**
 * npm run db:move at size: a file-backed embedded database with BENCH_LEADS leads (default 100,000,
 * written by lead-seed.ts) and BENCH_FILES stored files of BENCH_FILE_MB each (default 20 x 8 MB, random
 * bytes), moved into a fresh PostgreSQL database (TEST_DATABASE_URL names the server) by the real command
 * in its own process. Prints the seconds, rows and megabytes a second, and the command's peak memory
 * (maximum resident set size from GNU time): the copy reads through a cursor in batches, so memory
 * should not grow with the database.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { byteaValue } from "~/db/bytea";
import { openDatabase } from "~/db/client.server";
import { createPostgresDatabase } from "../tests/support/databases";
import { seedLeads } from "./lead-seed";
import { onCleanup, printTable, root, run, tempDir, writeResult } from "./support";

const leads = Number(process.env.BENCH_LEADS ?? 100_000);
const files = Number(process.env.BENCH_FILES ?? 20);
const fileMb = Number(process.env.BENCH_FILE_MB ?? 8);
const adminUrl = process.env.TEST_DATABASE_URL;

run(async () => {
  if (!adminUrl) throw new Error("Set TEST_DATABASE_URL to a PostgreSQL server (the move's target).");
  const dataDir = tempDir("lw-bench-move-");

  const seedStarted = performance.now();
  const source = await openDatabase({ kind: "pglite", dataDir });
  try {
    const ids = ["bench-admin", "bench-admin-2", "bench-client-1", "bench-client-2", "bench-client-3"];
    for (const id of ids) {
      await source.db.execute(
        sql`insert into "user" (id, name, email, email_verified) values (${id}, ${id}, ${`${id}@example.com`}, true)`,
      );
    }
    await seedLeads(source.db, {
      count: leads,
      adminId: ids[0]!,
      otherAdminId: ids[1]!,
      bigClientId: ids[2]!,
      bigClientLeads: Math.floor(leads / 10),
      clientIds: ids.slice(3),
    });
    for (let i = 0; i < files; i++) {
      const bytes = crypto.randomBytes(fileMb * 1024 * 1024);
      await source.db.execute(
        sql`insert into stored_files (file_name, content_type, size_bytes, sha256, data, uploaded_by)
            values (${`file-${i}.pdf`}, 'application/pdf', ${bytes.length},
                    ${crypto.createHash("sha256").update(bytes).digest("hex")}, ${byteaValue(bytes)}, ${ids[0]!})`,
      );
    }
  } finally {
    await source.close();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const folderMb = du(path.join(dataDir, "pglite"));

  const target = await createPostgresDatabase(adminUrl);
  onCleanup(() => target.drop());
  const started = performance.now();
  const moved = spawnSync(
    "/usr/bin/time",
    ["-f", "maxrss_kb=%M", path.join(root, "node_modules/.bin/tsx"), "cli/db-move.ts", "--to", target.url],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" },
  );
  const seconds = (performance.now() - started) / 1000;
  if (moved.status !== 0) throw new Error(`db:move failed:\n${moved.stdout}\n${moved.stderr}`);
  const peakMb = Number(/maxrss_kb=(\d+)/.exec(moved.stderr)?.[1] ?? 0) / 1024;
  console.log(moved.stdout.split("\n\n").slice(1).join("\n\n"));

  const dataMb = leadsAndFilesMb(moved.stdout);
  const rows = [
    ["leads", leads],
    ["stored files", `${files} x ${fileMb} MB`],
    ["embedded data folder (MB)", Math.round(folderMb)],
    ["seeding (s)", Number(seedSeconds.toFixed(1))],
    ["db:move, whole command (s)", Number(seconds.toFixed(1))],
    ["rows moved a second (leads)", Math.round(leads / seconds)],
    ["row text moved (MB)", Math.round(dataMb)],
    ["db:move peak memory, RSS (MB)", Math.round(peakMb)],
  ] as [string, string | number][];
  printTable(["What", "Value"], rows);
  console.log(`\nwritten to ${writeResult("db-move", Object.fromEntries(rows))}`);
});

/** Megabytes of a folder on disk. */
function du(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes / 1024 / 1024;
}

/** The sum of the command's "Data" column. */
function leadsAndFilesMb(output: string): number {
  let total = 0;
  for (const match of output.matchAll(/^\S+ +\d+ +([\d.]+) (KB|MB) /gm))
    total += Number(match[1]) / (match[2] === "KB" ? 1024 : 1);
  return total;
}
