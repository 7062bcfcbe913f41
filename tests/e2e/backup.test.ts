/**
 * npm run backup / npm run restore, round trips on both databases: back up a demo data set, change it,
 * restore, and every table has the same rows (counts and checksums); the same after destroying it. The
 * embedded database is backed up while the server runs (the server takes the snapshot), restore refuses
 * while it runs, and the server runs on what was restored. A file or link planted at the backup's
 * temporary name is refused, never written through (issue 23).
 * The PostgreSQL half needs TEST_DATABASE_URL (CI sets it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "../../cli/seed-demo/fixtures/accounts";
import { tableChecksums, type RunSql } from "../../cli/db-move/catalog";
import { openDatabase, queryRows } from "~/db/client.server";
import { runCli } from "../support/cli-process";
import { createPostgresDatabase } from "../support/databases";
import { startServerProcess } from "../support/server-process";

const adminUrl = process.env.TEST_DATABASE_URL;
const CONTACT = "/contact/real-estate-lead-generation-services";

async function embeddedChecksums(dataDir: string, change: string[] = []): Promise<Record<string, string>> {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    for (const statement of change) await handle.db.execute(sql.raw(statement));
    return await tableChecksums((text) => queryRows(handle.db, sql.raw(text)));
  } finally {
    await handle.close();
  }
}

async function postgresChecksums(url: string, change: string[] = []): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of change) await client.query(statement);
    const run: RunSql = async <T>(text: string) => (await client.query(text)).rows as T[];
    return await tableChecksums(run);
  } finally {
    await client.end();
  }
}

/** Deletes most of what the demo made (children first, the way the app would). */
const DAMAGE = ["delete from lead_activities", "delete from leads", "delete from contact_submissions"];

/**
 * Something planted at `<out>.partial` (a file, a link to someone else's file, a link to nowhere) is
 * refused with a clear message and left as it was: nothing is written through it, no backup is made.
 */
async function expectPlantedPartialRefused(work: string, out: string, database: Record<string, string>) {
  const partial = `${out}.partial`;
  const theirs = path.join(work, "theirs.txt");
  const nowhere = path.join(work, "nowhere");
  fs.writeFileSync(theirs, "someone else's file\n");
  const plants = {
    file: () => fs.writeFileSync(partial, "planted\n"),
    "link to a file": () => fs.symlinkSync(theirs, partial),
    "dangling link": () => fs.symlinkSync(nowhere, partial),
  };
  for (const [name, plant] of Object.entries(plants)) {
    plant();
    const refused = await runCli("backup.ts", ["--out", out], database);
    expect(refused.status, `${name}: ${refused.output}`).toBe(1);
    expect(refused.output.trim(), name).toBe(
      `${partial} exists (a file or link this backup did not make): remove it, or choose another --out.`,
    );
    expect(fs.existsSync(out), name).toBe(false);
    expect(fs.lstatSync(partial).isSymbolicLink(), name).toBe(name !== "file");
    if (name === "file") expect(fs.readFileSync(partial, "utf8")).toBe("planted\n");
    fs.rmSync(partial);
  }
  expect(fs.readFileSync(theirs, "utf8")).toBe("someone else's file\n");
  expect(fs.existsSync(nowhere)).toBe(false);
}

describe("backup and restore of the embedded database", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-backup-"));
  const dataDir = path.join(work, "data");
  const file = path.join(work, "demo.pglite.tar.gz");
  const database = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let before: Record<string, string>;

  beforeAll(async () => {
    const seeded = await runCli("seed-demo.ts", [], database);
    expect(seeded.status, seeded.output).toBe(0);
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test("backs up while the server runs and takes submissions: the snapshot falls between transactions", async () => {
    const server = await startServerProcess(database);
    let statuses: number[] = [];
    try {
      // Each contact message commits its submission, its per-address rate-limit hit and two e-mails together.
      const submit = (i: number) =>
        fetch(`${server.url}${CONTACT}`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            name: `Snapshot Sender ${i}`,
            email: `snapshot.${i}@example.com`,
            company: "",
            subject: "Selling my house",
            message: "Please call me back about selling my house this spring.",
          }),
        }).then((response) => response.status);
      const writes = (async () => {
        for (let round = 0; round < 15; round++)
          statuses.push(...(await Promise.all([0, 1, 2, 3].map((k) => submit(round * 4 + k)))));
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const backup = await runCli("backup.ts", ["--out", file], database);
      await writes;
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain(
        `The server (pid ${server.pid}) holds the database: it took the snapshot.`,
      );
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    statuses = [...new Set(statuses)];
    expect(
      statuses.every((status) => status < 400),
      `statuses ${statuses.join(", ")}`,
    ).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "leadworks.sock"))).toBe(false);

    // Restored elsewhere, the snapshot holds whole transactions only: no submission without its
    // rate-limit hit, no hit without its submission.
    const elsewhere = { DATA_DIR: path.join(work, "elsewhere"), DATABASE_URL: "" };
    const restored = await runCli("restore.ts", [file], elsewhere);
    expect(restored.status, restored.output).toBe(0);
    const handle = await openDatabase({ kind: "pglite", dataDir: elsewhere.DATA_DIR });
    try {
      const [counts] = await queryRows<{ submissions: number; hits: number; matched: number; leads: number }>(
        handle.db,
        sql`select
              (select count(*)::int from contact_submissions where email like 'snapshot.%') as submissions,
              (select count(*)::int from rate_limit_hits where bucket like 'contact:email:snapshot.%') as hits,
              (select count(*)::int from contact_submissions s join rate_limit_hits h
                 on h.bucket = 'contact:email:' || s.email where s.email like 'snapshot.%') as matched,
              (select count(*)::int from leads) as leads`,
      );
      expect(counts!.submissions).toBe(counts!.hits);
      expect(counts!.matched).toBe(counts!.submissions);
      expect(counts!.leads).toBe(40);
      console.log(
        `[backup] the live snapshot holds ${counts!.submissions} of the 60 submissions sent during it`,
      );
    } finally {
      await handle.close();
    }
  });

  test("round trip with the server stopped: back up, change, restore, destroy, restore", async () => {
    const offline = path.join(work, "offline.pglite.tar.gz");
    const backup = await runCli("backup.ts", ["--out", offline], database);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).not.toContain("took the snapshot");
    before = await embeddedChecksums(dataDir);
    expect(before["public.leads"]).toMatch(/^40 /);

    const changed = await embeddedChecksums(dataDir, DAMAGE);
    expect(changed["public.leads"]).toMatch(/^0 /);
    const restored = await runCli("restore.ts", [offline], database);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/The database it replaced is in pglite\.before-restore-/);
    expect(await embeddedChecksums(dataDir)).toEqual(before);

    for (const entry of fs.readdirSync(dataDir).filter((name) => name.startsWith("pglite")))
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    const again = await runCli("restore.ts", [offline], database);
    expect(again.status, again.output).toBe(0);
    expect(await embeddedChecksums(dataDir)).toEqual(before);
  });

  test("refuses a file or link planted at <out>.partial, writing nothing through it", async () => {
    await expectPlantedPartialRefused(work, path.join(work, "planted.pglite.tar.gz"), database);
  });

  test("the server runs on the restored database, its accounts sign in, and restore refuses meanwhile", async () => {
    const server = await startServerProcess(database);
    try {
      const response = await fetch(`${server.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "sign-in", email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
      });
      expect(response.status).toBe(302);
      const refused = await runCli("restore.ts", [file], database);
      expect(refused.status).toBe(1);
      expect(refused.output.trim()).toBe(
        `The server is running on ${dataDir} (pid ${server.pid}) and the embedded database allows one process at a time: ` +
          `stop the server, run npm run restore, then start it again.`,
      );
    } finally {
      await server.stop();
    }
  });
});

describe.skipIf(!adminUrl)("backup and restore of a PostgreSQL database", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-pgbackup-"));
  const file = path.join(work, "demo.pgdump");
  let target: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    target = await createPostgresDatabase(adminUrl!);
    const seeded = await runCli("seed-demo.ts", [], { DATA_DIR: work, DATABASE_URL: target.url });
    expect(seeded.status, seeded.output).toBe(0);
  });
  afterAll(async () => {
    await target?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test("round trip with pg_dump and pg_restore: back up, change, restore, destroy, restore", async () => {
    const database = { DATA_DIR: work, DATABASE_URL: target.url };
    const before = await postgresChecksums(target.url);
    expect(before["public.leads"]).toMatch(/^40 /);

    const backup = await runCli("backup.ts", ["--out", file], database);
    expect(backup.status, backup.output).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

    expect((await postgresChecksums(target.url, DAMAGE))["public.leads"]).toMatch(/^0 /);
    const restored = await runCli("restore.ts", [file], database);
    expect(restored.status, restored.output).toBe(0);
    expect(await postgresChecksums(target.url)).toEqual(before);

    await postgresChecksums(target.url, [
      "drop schema public cascade",
      "drop schema drizzle cascade",
      "create schema public",
    ]);
    const again = await runCli("restore.ts", [file], database);
    expect(again.status, again.output).toBe(0);
    expect(await postgresChecksums(target.url)).toEqual(before);

    const wrong = await runCli("restore.ts", [file], { DATA_DIR: work, DATABASE_URL: "" });
    expect(wrong.status).toBe(1);
    expect(wrong.output.trim()).toBe(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`,
    );
  });

  test("refuses a file or link planted at <out>.partial: pg_dump writes nothing through it", async () => {
    const database = { DATA_DIR: work, DATABASE_URL: target.url };
    await expectPlantedPartialRefused(work, path.join(work, "planted.pgdump"), database);
  });
});
