/**
 * How long the import's whole-file check takes (issue 24): a realistic seller list of BENCH_ROWS rows
 * (default 100,000; tests/support/seller-list.ts: PropStream-style headers and vocabularies, 1.5%
 * repeated sellers, 0.4% broken rows) is uploaded through `receiveImport`, which checks it as a whole
 * (every row judged as the import will, duplicates in the file and against a book of BENCH_BOOK leads,
 * default 20,000), then checked again as a change of settings does. Runs on a file-backed PGlite and,
 * when TEST_DATABASE_URL is set, on a fresh PostgreSQL database.
 *
 *   npx tsx bench/import-check.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/import-check.ts
 *
 * Goals: the check of 100,000 rows in <= 15 s on PostgreSQL and <= 30 s embedded. The script checks the
 * counts against what the generator wrote (problems and duplicates), so a fast wrong check fails instead
 * of looking good. Writes bench/results/import-check.json.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { sellerList } from "../tests/support/seller-list";
import { benchDatabases, machine, printTable, run, writeResult } from "./support";

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const book = Number(process.env.BENCH_BOOK ?? 20_000);

/** The list, a few thousand lines at a time (as an upload arrives). */
async function* bytesOf(lines: Iterable<string>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let chunk: string[] = [];
  for (const line of lines) {
    chunk.push(line);
    if (chunk.length === 5_000) {
      yield encoder.encode(chunk.join("\n") + "\n");
      chunk = [];
    }
  }
  if (chunk.length) yield encoder.encode(chunk.join("\n") + "\n");
}

run(async () => {
  const { installDatabase, closeDatabase } = await import("~/db/db.server");
  const { user } = await import("~/db/schema");
  const { permissionsOf } = await import("~/lib/permissions");
  const { getImport, receiveImport, saveImportSettings } =
    await import("~/features/leads/import/imports.server");

  const targets = benchDatabases("lw-bench-check-");

  const duplicates = Math.round(rows * 0.015);
  const bad = Math.round(rows * 0.004);
  const results: Record<string, unknown>[] = [];
  for (const target of targets) {
    const handle = await target.open();
    installDatabase(handle);
    await handle.db.insert(user).values({ id: "bench-admin", email: "bench@example.com", name: "Bench" });
    // A book of earlier leads, none of them in the list (other area code): the lookups have rows to search.
    await handle.db
      .execute(sql`insert into leads (first_name, last_name, phone, address, city, state, zip_code)
      select 'Book', 'Seller' || g, '+1312' || (2000000 + g), g || ' Book Street', 'Chicago', 'IL', '60601'
      from generate_series(1, ${book}) g`);
    const admin = { id: "bench-admin", permissions: permissionsOf(["admin"]) };
    const list = sellerList({ rows, duplicates, bad });

    let started = performance.now();
    const id = await receiveImport(admin, bytesOf(list.lines()), "bench.csv");
    const uploadSeconds = (performance.now() - started) / 1000;
    const detail = (await getImport(admin, id))!;
    const first = detail.check!;
    // A change of settings checks the whole file again: the time an admin waits after a change.
    started = performance.now();
    await saveImportSettings(admin, id, { ...detail.settings!, duplicates: "import" });
    const recheckSeconds = (performance.now() - started) / 1000;
    const again = (await getImport(admin, id))!.check!;

    const expected = {
      problemRows: list.facts.bad.length,
      duplicates: list.facts.duplicateRows.length,
      willImport: list.facts.valid,
    };
    const found = {
      problemRows: first.problemRows,
      duplicates: first.duplicates.inFile + first.duplicates.inBook,
      willImport: first.willImport,
    };
    if (
      JSON.stringify(found) !== JSON.stringify(expected) ||
      again.willImport !== rows - list.facts.bad.length
    ) {
      throw new Error(`${target.name}: the check miscounted: ${JSON.stringify({ found, expected })}`);
    }
    results.push({
      database: target.name,
      rows,
      book,
      uploadSeconds: Math.round(uploadSeconds * 10) / 10,
      checkSeconds: first.seconds,
      recheckSeconds: Math.round(recheckSeconds * 10) / 10,
      willImport: first.willImport,
      problems: first.problemRows,
      duplicates: found.duplicates,
    });
    await closeDatabase();
  }

  printTable(
    [
      "database",
      "rows",
      "book",
      "upload s",
      "check s",
      "re-check s",
      "will import",
      "problems",
      "duplicates",
    ],
    results.map((r) => [
      r.database as string,
      r.rows as number,
      r.book as number,
      r.uploadSeconds as number,
      r.checkSeconds as number,
      r.recheckSeconds as number,
      r.willImport as number,
      r.problems as number,
      r.duplicates as number,
    ]),
  );
  console.log("goals: the check of 100,000 rows in <= 15 s on PostgreSQL, <= 30 s embedded");
  writeResult("import-check", { machine: machine(), results });
});
