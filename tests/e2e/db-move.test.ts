/**
 * Moving from the embedded database to PostgreSQL (npm run db:move): a demo data set with files and queued
 * e-mails is moved, then the built server runs on PostgreSQL alone (a new, empty DATA_DIR), every account
 * signs in, every lead is the same row and every file the same bytes, and the queued e-mails go out.
 * Needs TEST_DATABASE_URL (CI sets it).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, demoClients } from "../../cli/seed-demo/fixtures/accounts";
import { demoCareers, demoContacts } from "../../cli/seed-demo/fixtures/submissions";
import { openDatabase, queryRows } from "~/db/client.server";
import { closeDatabase, installDatabase } from "~/db/db.server";
import { careerSchema } from "~/features/careers/careers.schema";
import { submitCareerApplication } from "~/features/careers/careers.server";
import { contactSchema } from "~/features/contact/contact.schema";
import { submitContactMessage } from "~/features/contact/contact.server";
import { addDocument } from "~/features/leads/lead-commands.server";
import { permissionsOf } from "~/lib/permissions";
import { runCli } from "../support/cli-process";
import { createPostgresDatabase } from "../support/databases";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const adminUrl = process.env.TEST_DATABASE_URL;
const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** A PDF by its magic bytes, with every byte value and random bytes after (a file must survive as is). */
function pdfBytes(size: number): Buffer {
  const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), all, crypto.randomBytes(size)]);
}

/** The rows of the leads table as JSON text, by id: what "every lead intact" compares. */
const LEADS_AS_TEXT =
  "select id::text as id, row_to_json(l)::text as row from (select * from leads) l order by id";

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password: DEMO_PASSWORD }),
  });
  expect(response.status, `sign-in of ${email}`).toBe(302);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  expect(cookies.length, `session cookie of ${email}`).toBeGreaterThan(0);
  return cookies.join("; ");
}

describe.skipIf(!adminUrl)("db:move from the embedded database to PostgreSQL", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-move-"));
  const newDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-moved-"));
  let target: { url: string; drop(): Promise<void> };
  let server: ServerProcess | undefined;
  const files = new Map<string, string>(); // download path -> sha256 of the bytes
  let leadRows: { id: string; row: string }[] = [];
  /** The e-mails waiting in the outbox when the data is moved: each must go out from PostgreSQL. */
  let pendingMails: string[] = [];

  beforeAll(async () => {
    const seeded = await runCli("seed-demo.ts", [], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(seeded.status, seeded.output).toBe(0);

    // What the demo lacks: documents with files, an application with a resume, e-mails in the outbox.
    const handle = await openDatabase({ kind: "pglite", dataDir });
    installDatabase(handle);
    try {
      const [admin] = await queryRows<{ id: string }>(
        handle.db,
        sql`select id from "user" where email = ${DEMO_ADMIN_EMAIL}`,
      );
      const actor = { id: admin!.id, permissions: permissionsOf(["admin"]) };
      const someLeads = await queryRows<{ id: string }>(
        handle.db,
        sql`select id from leads order by id limit 3`,
      );
      for (const [index, lead] of someLeads.entries()) {
        const bytes = pdfBytes(200_000 * (index + 1));
        expect(
          await addDocument(actor, lead.id, {
            name: `Deed ${index + 1}`,
            fileName: `deed-${index + 1}.pdf`,
            contentType: "application/pdf",
            kind: "pdf",
            bytes,
          }),
        ).toBeTruthy();
        const [document] = await queryRows<{ id: string }>(
          handle.db,
          sql`select id from lead_documents where lead_id = ${lead.id}`,
        );
        files.set(`/admin/leads/${lead.id}/documents/${document!.id}`, sha256(bytes));
      }
      const resume = pdfBytes(300_000);
      const applied = await submitCareerApplication(
        careerSchema.parse({ ...demoCareers[0]!.form, email: "rosa.moved@example.com" }),
        { originalName: "rosa.pdf", kind: "pdf", bytes: resume },
        { ip: "203.0.113.40" },
      );
      expect(applied.status).toBe("sent");
      if (applied.status !== "sent") throw new Error("the application was refused");
      files.set(`/admin/applications/${applied.id}/resume`, sha256(resume));
      // A file whose bytes are in a bucket (FILE_STORAGE=s3): its row moves, with no data and its key.
      await handle.db.execute(
        sql`insert into stored_files (file_name, content_type, size_bytes, sha256, storage_key)
            values ('in-bucket.pdf', 'application/pdf', 10, ${"0".repeat(64)}, 'stored-files/moved-key')`,
      );
      const sent = await submitContactMessage(
        contactSchema.parse({ ...demoContacts[0]!.form, email: "moved.sender@example.com" }),
        { ip: "203.0.113.41" },
      );
      expect(sent.status).toBe("sent");

      await handle.db.execute(sql`set timezone = 'UTC'`);
      leadRows = await queryRows(handle.db, sql.raw(LEADS_AS_TEXT));
      pendingMails = (
        await queryRows<{ id: string }>(handle.db, sql`select id from mail_outbox where status = 'pending'`)
      ).map((row) => row.id);
    } finally {
      await closeDatabase();
    }
    expect(leadRows.length).toBeGreaterThanOrEqual(40);
    expect(pendingMails.length).toBeGreaterThanOrEqual(4);
    target = await createPostgresDatabase(adminUrl!);
  });

  afterAll(async () => {
    await server?.stop();
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(newDataDir, { recursive: true, force: true });
  });

  test("moves every table, checked, and refuses to move into it again", async () => {
    const moved = await runCli("db-move.ts", ["--to", target.url], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(moved.status, moved.output).toBe(0);
    for (const table of ["user", "account", "leads", "lead_activities", "stored_files", "mail_outbox"]) {
      expect(moved.output).toMatch(new RegExp(`^${table} +\\d+ .* [0-9a-f]{32} ok `, "m"));
    }
    expect(moved.output).toMatch(/^stored_files +5 /m);

    const again = await runCli("db-move.ts", ["--to", target.url], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(again.status).toBe(1);
    expect(again.output).toMatch(
      /is not empty \(rows in .*\): db:move only copies into an empty database\.\n$/,
    );
  });

  // After the move: a server on the embedded database delivers its queued e-mails there.
  test("refuses while the server runs on the embedded database", async () => {
    const running = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      const refused = await runCli("db-move.ts", ["--to", target.url], { DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.output.trim()).toBe(
        `The server is running on ${dataDir} (pid ${running.pid}): stop it, then run db:move again.`,
      );
    } finally {
      expect(await running.stop()).toBe(0);
    }
  });

  test("the server on PostgreSQL: every account signs in, every lead and file is intact, e-mails go out", async () => {
    server = await startServerProcess({ DATA_DIR: newDataDir, DATABASE_URL: target.url });
    const url = server.url;

    const admin = await signIn(url, DEMO_ADMIN_EMAIL);
    for (const client of demoClients) await signIn(url, client.email);

    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query("set timezone = 'UTC'");
      const moved = (await client.query<{ id: string; row: string }>(LEADS_AS_TEXT)).rows;
      expect(moved).toEqual(leadRows);
      const inBucket = await client.query(
        "select data is null as no_data, storage_key from stored_files where file_name = 'in-bucket.pdf'",
      );
      expect(inBucket.rows).toEqual([{ no_data: true, storage_key: "stored-files/moved-key" }]);
    } finally {
      await client.end();
    }
    for (const { id } of leadRows) {
      const page = await fetch(`${url}/admin/leads/${id}`, { headers: { Cookie: admin } });
      expect(page.status, `/admin/leads/${id}`).toBe(200);
      await page.arrayBuffer();
    }
    for (const [download, digest] of files) {
      const response = await fetch(url + download, { headers: { Cookie: admin } });
      expect(response.status, download).toBe(200);
      expect(sha256(new Uint8Array(await response.arrayBuffer())), download).toBe(digest);
    }

    // No SMTP_URL: the mail worker writes each queued e-mail as a file in the new DATA_DIR. Every e-mail
    // moved is sent from PostgreSQL; the server's own jobs (reminders of the demo's waiting leads) may
    // write more beside them.
    const mailDir = path.join(newDataDir, "mail");
    const written = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0);
    const sentOfMoved = async () => {
      const db = new pg.Client({ connectionString: target.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: number }>(
          "select count(*)::int as n from mail_outbox where id = any($1::uuid[]) and status = 'sent'",
          [pendingMails],
        );
        return rows[0]!.n;
      } finally {
        await db.end();
      }
    };
    const deadline = Date.now() + 20_000;
    while ((await sentOfMoved()) < pendingMails.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await sentOfMoved()).toBe(pendingMails.length);
    expect(written()).toBeGreaterThanOrEqual(pendingMails.length);
  });
});
