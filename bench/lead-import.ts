/**
 * How fast a CSV import runs, and how much memory it takes (issue 13 §6): a generated seller list of
 * BENCH_ROWS rows (default 100,000; about 2% with a bad phone or state, 1% repeating an earlier row's
 * phone) is uploaded through `receiveImport` and imported by the job exactly as a server runs it (on the
 * embedded database with its rest between batches). Runs on a file-backed PGlite and, when
 * TEST_DATABASE_URL is set, on a fresh PostgreSQL database.
 *
 *   npx tsx bench/lead-import.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/lead-import.ts
 *
 * Goals: 100,000 rows in <= 60 s on PostgreSQL and <= 120 s embedded; the process's RSS grows by
 * <= 200 MB while importing. The script checks the counts (imported + rejected = rows), so a fast wrong
 * import fails instead of looking good. Writes bench/results/lead-import.json.
 */
import { performance } from "node:perf_hooks";
import { benchDatabases, machine, printTable, run, writeResult } from "./support";

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The list, produced a few thousand rows at a time (never whole in memory, as an upload arrives). */
async function* sellerList(): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(
    "Owner First Name,Owner Last Name,Phone 1,Property Address,City,State,Zip,Motivation,Notes\n",
  );
  const streets = ["Maple Ave", "Oak Street", "Cedar Ln", "Pine Road", "Elm St", "Birch Drive"];
  let lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const phone = i % 100 === 99 ? `+1602${5_000_000 + i - 7}` : `+1602${5_000_000 + i}`;
    const state = i % 50 === 17 ? "Arizona Territory" : "AZ";
    lines.push(
      `Seller${i},Owner${i % 997},${i % 73 === 5 ? "n/a" : phone},${i} ${streets[i % streets.length]},Phoenix,${state},${85000 + (i % 90)},${["hot", "warm", "cold"][i % 3]},"Owner says: ""call after 5"""`,
    );
    if (lines.length === 5_000) {
      yield encoder.encode(lines.join("\n") + "\n");
      lines = [];
    }
  }
  if (lines.length) yield encoder.encode(lines.join("\n") + "\n");
}

run(async () => {
  const { installDatabase, closeDatabase } = await import("~/db/db.server");
  const { user } = await import("~/db/schema");
  const { permissionsOf } = await import("~/lib/permissions");
  const { getImport, receiveImport, startImport } = await import("~/features/leads/import/imports.server");
  const { claimJob, runJob } = await import("~/features/leads/import/job.server");

  const targets = benchDatabases("lw-bench-import-");

  const results: Record<string, unknown>[] = [];
  for (const target of targets) {
    const handle = await target.open();
    installDatabase(handle);
    await handle.db.insert(user).values({ id: "bench-admin", email: "bench@example.com", name: "Bench" });
    const admin = { id: "bench-admin", permissions: permissionsOf(["admin"]) };

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);

    let started = performance.now();
    const id = await receiveImport(admin, sellerList(), "bench.csv");
    const uploadSeconds = (performance.now() - started) / 1000;
    const detail = (await getImport(admin, id))!;
    await startImport(admin, id, detail.settings!);
    started = performance.now();
    const job = (await claimJob(handle.db, "bench"))!;
    await runJob(handle.db, job, "bench", () => false, target.embedded ? 0.5 : 0);
    const importSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const done = (await getImport(admin, id))!;
    if (done.status !== "done" || done.imported + done.rejected !== rows || done.totalRows !== rows) {
      throw new Error(`${target.name}: the import did not account for every row: ${JSON.stringify(done)}`);
    }
    results.push({
      database: target.name,
      rows,
      fileMB: Math.round((done.sizeBytes / 1024 / 1024) * 10) / 10,
      uploadSeconds: Math.round(uploadSeconds * 10) / 10,
      importSeconds: Math.round(importSeconds * 10) / 10,
      rowsPerSecond: Math.round(rows / importSeconds),
      imported: done.imported,
      rejected: done.rejected,
      duplicates: done.duplicates,
      rssGrowthMB: mb(rssPeak - rssBefore),
    });
    await closeDatabase();
  }

  printTable(
    [
      "database",
      "rows",
      "file MB",
      "upload s",
      "import s",
      "rows/s",
      "imported",
      "rejected",
      "duplicates",
      "RSS +MB",
    ],
    results.map((r) => [
      r.database as string,
      r.rows as number,
      r.fileMB as number,
      r.uploadSeconds as number,
      r.importSeconds as number,
      r.rowsPerSecond as number,
      r.imported as number,
      r.rejected as number,
      r.duplicates as number,
      r.rssGrowthMB as number,
    ]),
  );
  console.log("goals: <= 60 s on PostgreSQL, <= 120 s embedded, RSS growth <= 200 MB");
  writeResult("lead-import", { machine: machine(), results });
});
