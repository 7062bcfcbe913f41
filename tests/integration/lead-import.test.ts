/**
 * CSV import on both databases (issue 13): the upload learns the file (delimiter, BOM, headers, rows,
 * hash) or refuses it with a clear message leaving nothing behind; the job imports in batches with the
 * lead form's own messages for bad rows, flags possible duplicates (skip or import anyway), assigns by
 * client e-mail or to one client with one e-mail per client, resumes after its worker dies without
 * importing a row twice, stops when cancelled, and runs on one worker only.
 */
import { parse } from "csv-parse/sync";
import { count, countDistinct, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  importLayouts,
  leadImports,
  leads,
  mailOutbox,
  profiles,
  user,
  userRoles,
  type ImportSettings,
} from "~/db/schema";
import {
  cancelImport,
  getImport,
  previewImport,
  receiveImport,
  rejectedRowsCsv,
  startImport,
} from "~/features/leads/import/imports.server";
import { CsvFileError } from "~/features/leads/import/csv-source.server";
import { csvFileMessages } from "~/features/leads/import/import.schema";
import { claimJob, runJob } from "~/features/leads/import/job.server";
import type { ActorRef } from "~/lib/permissions";
import { UploadTooLargeError } from "~/lib/multipart.server";
import { NotAllowedError, permissionsOf } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";

stubAuthEnv();

const ids = { admin: "imp-admin", clientA: "imp-client-a", clientB: "imp-client-b" };
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const clientActor: ActorRef = { id: ids.clientA, permissions: permissionsOf(["client"]) };

async function* bytesOf(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === "string" ? new TextEncoder().encode(part) : part;
}

const HEADER =
  "Owner First Name,Owner Last Name,Phone 1,Property Address,City,State,Zip,Motivation,Client Email";
const row = (
  i: number,
  extra: Partial<Record<"phone" | "address" | "zip" | "state" | "client", string>> = {},
) =>
  [
    `Seller${i}`,
    "Import",
    extra.phone ?? `(303) 555-${String(1000 + i).slice(-4)}`,
    extra.address ?? `${i} Main Street`,
    "Denver",
    extra.state ?? "Colorado",
    extra.zip ?? "80202",
    "hot",
    extra.client ?? "",
  ].join(",");

const settingsOf = async (id: string, change: Partial<ImportSettings> = {}): Promise<ImportSettings> => {
  const detail = await getImport(admin, id);
  return { ...detail!.settings!, ...change };
};

/** Runs the queued imports to their end on a fresh worker, as a server's worker would. */
async function runToEnd(db: Database, worker = "test-worker") {
  for (let job = await claimJob(db, worker); job; job = await claimJob(db, worker)) {
    await runJob(db, job, worker);
  }
}

describe.each(testDatabases)("lead import on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;

  beforeAll(async () => {
    const people = [
      { id: ids.admin, email: "admin@import.test", role: "admin" as const },
      { id: ids.clientA, email: "Buyer.A@import.test", role: "client" as const },
      { id: ids.clientB, email: "b@import.test", role: "client" as const },
    ];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails.
      .values(
        people.map((p) => ({
          id: p.id,
          email: p.email.toLowerCase(),
          name: p.email,
          firstSignedInAt: new Date(),
        })),
      );
    await db()
      .insert(profiles)
      .values(people.map((p) => ({ userId: p.id, email: p.email, firstName: "Pat" })));
    await db()
      .insert(userRoles)
      .values(people.map((p) => ({ userId: p.id, role: p.role })));
  });
  beforeEach(async () => {
    await db().delete(leads);
    await db().delete(leadImports);
    await db().delete(mailOutbox);
    // Each test starts from the guessed settings, not those a previous test started with.
    await db().delete(importLayouts);
  });

  it("learns a semicolon file with a BOM and CRLF lines: headers, rows, sample, hash, guessed mapping", async () => {
    const text = `\uFEFF${HEADER.replaceAll(",", ";")}\r\n${row(1).replaceAll(",", ";")}\r\n\r\n${row(2).replaceAll(",", ";")}\r\n`;
    const id = await receiveImport(admin, bytesOf(text), "C:\\lists\\june <list>.csv");
    const detail = (await getImport(admin, id))!;
    expect(detail).toMatchObject({
      status: "mapping",
      fileName: "june list.csv",
      delimiter: ";",
      totalRows: 2,
      headers: HEADER.split(","),
    });
    expect(detail.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.sampleRows[0]![0]).toBe("Seller1");
    expect(detail.settings!.mapping).toEqual([
      "firstName",
      "lastName",
      "phone",
      "address",
      "city",
      "state",
      "zipCode",
      "motivationLevel",
      "clientEmail",
    ]);
  });

  it.each([
    [
      "Latin-1 bytes",
      [HEADER + "\n", new Uint8Array([0x4a, 0xe9, 0x72, 0xf4, 0x6d, 0x65, 0x0a])],
      csvFileMessages.notUtf8,
    ],
    ["a binary file", [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])], csvFileMessages.notText],
    ["a header without rows", [HEADER + "\n\n"], csvFileMessages.noRows],
    ["an empty file", [""], csvFileMessages.noHeader],
    ["an unclosed quote", [HEADER + '\nJane,"Doe,1\n2,3\n'], /^Row 2: a quoted value is never closed/],
  ])("refuses %s with a clear message and keeps nothing", async (_name, parts, message) => {
    const upload = receiveImport(admin, bytesOf(...parts), "list.csv");
    await expect(upload).rejects.toThrow(CsvFileError);
    await expect(upload).rejects.toThrow(message);
    expect((await db().select({ n: count() }).from(leadImports))[0]!.n).toBe(0);
  });

  it("refuses a file over 50 MB while it streams, keeping nothing", async () => {
    async function* huge() {
      yield new TextEncoder().encode(HEADER + "\n");
      const line = new TextEncoder().encode(`${row(1)}\n`.repeat(10_000));
      for (let sent = 0; sent <= 51 * 1024 * 1024; sent += line.length) yield line;
    }
    await expect(receiveImport(admin, huge(), "big.csv")).rejects.toThrow(UploadTooLargeError);
    expect((await db().select({ n: count() }).from(leadImports))[0]!.n).toBe(0);
  });

  it("refuses anyone without the permission to write leads", async () => {
    await expect(receiveImport(clientActor, bytesOf(HEADER), "x.csv")).rejects.toThrow(NotAllowedError);
  });

  it("imports good rows, rejects bad ones with the form's messages, skips duplicates, assigns by e-mail", async () => {
    await db().insert(leads).values({
      firstName: "Existing",
      lastName: "Seller",
      phone: "+13035550007",
      address: "9 Oak Avenue, Apt 2",
      city: "Denver",
      state: "CO",
      zipCode: "80202",
    });
    const lines = [
      HEADER,
      row(1, { client: "buyer.a@import.test" }),
      row(2, { client: "B@IMPORT.TEST" }),
      row(3, { zip: "8020", state: "NJ" }), // a ZIP that lost its leading zero in a spreadsheet: 08020
      row(4, { state: "Texass", phone: "call me" }),
      row(5, { phone: "303.555.0007" }), // the existing lead's phone
      row(6, { address: "9 oak ave #2" }), // the existing lead's address
      row(7, { phone: "(303) 555-1001" }), // Seller1's phone (row 2): a double inside the file
      row(8, { client: "nobody@import.test" }),
      '"Quote ""Q""",Import,3035551009,"10 Elm St, Unit 3",Denver,CO,80202,warm,',
    ];
    const id = await receiveImport(admin, bytesOf(lines.join("\n")), "list.csv");
    expect(await startImport(admin, id, await settingsOf(id))).toBe(true);
    await runToEnd(db());

    const detail = (await getImport(admin, id))!;
    expect(detail).toMatchObject({
      status: "done",
      totalRows: 9,
      rowsDone: 9,
      imported: 4,
      rejected: 5,
      duplicates: 3,
    });
    const imported = await db().select().from(leads).where(eq(leads.importId, id)).orderBy(leads.firstName);
    expect(imported.map((l) => l.firstName)).toEqual(['Quote "Q"', "Seller1", "Seller2", "Seller3"]);
    expect(imported.find((l) => l.firstName === "Seller1")).toMatchObject({
      phone: "+13035551001",
      state: "CO",
      motivationLevel: "hot",
      assignedToClientId: ids.clientA,
      createdByUserId: ids.admin,
    });
    expect(imported.find((l) => l.firstName === "Seller2")!.assignedToClientId).toBe(ids.clientB);
    expect(imported.find((l) => l.firstName === "Seller3")!.zipCode).toBe("08020");

    let csv = "";
    for await (const chunk of rejectedRowsCsv(admin, detail)) csv += chunk;
    const rejected = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rejected.map((r) => [r["Owner First Name"], r.reason])).toEqual([
      [
        "Seller4",
        "Invalid phone number format (use E.164 format, e.g., +12025551234); State must be 2-letter code (e.g., CA, NY)",
      ],
      [
        "Seller5",
        expect.stringMatching(/^Possible duplicate of lead \/admin\/leads\/[0-9a-f-]{36} \(same phone\)$/),
      ],
      [
        "Seller6",
        expect.stringMatching(/^Possible duplicate of lead \/admin\/leads\/[0-9a-f-]{36} \(same address\)$/),
      ],
      ["Seller7", "Possible duplicate of row 2 of this file (same phone)"],
      ["Seller8", "No client account has the e-mail nobody@import.test"],
    ]);
    expect(Object.keys(rejected[0]!)).toEqual([...HEADER.split(","), "reason"]);

    // One e-mail per client for the whole import (to its people's sign-in addresses, ADR 050), and the
    // report to the admin who started it.
    const mails = await db().select().from(mailOutbox);
    expect(mails.map((m) => [m.toAddress, m.subject]).sort()).toEqual([
      // One lead each: the message of a single assignment (the same event reads the same everywhere).
      ["admin@import.test", "Import finished: list.csv"],
      ["b@import.test", "New lead: Seller2 Import, Denver, CO"],
      ["buyer.a@import.test", "New lead: Seller1 Import, Denver, CO"],
    ]);
  });

  it("imports possible duplicates when asked, still counting them; assigns every lead to the chosen client", async () => {
    const lines = [HEADER, row(1), row(2), row(3, { phone: "3035551001" })];
    const first = await receiveImport(admin, bytesOf(lines.join("\n")), "a.csv");
    await startImport(
      admin,
      first,
      await settingsOf(first, { duplicates: "import", assignToClientId: ids.clientB }),
    );
    await runToEnd(db());
    expect(await getImport(admin, first)).toMatchObject({ imported: 3, rejected: 0, duplicates: 1 });
    expect(
      (await db().select({ n: count() }).from(leads).where(eq(leads.assignedToClientId, ids.clientB)))[0]!.n,
    ).toBe(3);
    const mails = await db().select().from(mailOutbox).orderBy(mailOutbox.toAddress);
    expect(mails.map((m) => m.subject)).toEqual(["Import finished: a.csv", "3 new leads assigned to you"]);

    // The same bytes again: the import names the earlier one (the page warns before starting).
    const again = await receiveImport(admin, bytesOf(lines.join("\n")), "a-copy.csv");
    expect((await getImport(admin, again))!.sameFile.map((s) => s.id)).toEqual([first]);
    const preview = await previewImport(admin, (await getImport(admin, again))!);
    expect(preview.map((p) => (p.ok ? "ok" : p.reason.slice(0, 27)))).toEqual([
      "Possible duplicate of lead ",
      "Possible duplicate of lead ",
      "Possible duplicate of lead ",
    ]);
  });

  it("resumes after its worker dies mid-import: every row once, none twice", async () => {
    const lines = [HEADER, ...Array.from({ length: 1_234 }, (_, i) => row(i + 10))];
    const id = await receiveImport(admin, bytesOf(lines.join("\n")), "big.csv");
    await startImport(admin, id, await settingsOf(id));
    // Worker A takes the job and dies after its first batch, still holding the lease.
    const job = (await claimJob(db(), "worker-a"))!;
    let batches = 0;
    await runJob(db(), job, "worker-a", () => {
      if (++batches === 1) throw new Error("killed");
      return false;
    });
    expect(await getImport(admin, id)).toMatchObject({ status: "running", rowsDone: 500 });
    // While the lease runs, no one else takes it.
    expect(await claimJob(db(), "worker-b")).toBeNull();
    await db()
      .update(leadImports)
      .set({ leaseUntil: new Date(Date.now() - 1) })
      .where(eq(leadImports.id, id));
    await runToEnd(db(), "worker-b");
    expect(await getImport(admin, id)).toMatchObject({ status: "done", rowsDone: 1_234, imported: 1_234 });
    const [{ n, distinctPhones }] = (await db()
      .select({ n: count(), distinctPhones: countDistinct(leads.phone) })
      .from(leads)
      .where(eq(leads.importId, id))) as [{ n: number; distinctPhones: number }];
    expect(Number(n)).toBe(1_234);
    expect(Number(distinctPhones)).toBe(1_234);
  });

  it("gives a job to one worker only, and a cancelled job writes no further batch", async () => {
    const lines = [HEADER, ...Array.from({ length: 1_200 }, (_, i) => row(i + 10))];
    const id = await receiveImport(admin, bytesOf(lines.join("\n")), "c.csv");
    await startImport(admin, id, await settingsOf(id));
    const claims = await Promise.all(["w1", "w2", "w3"].map((w) => claimJob(db(), w)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = claims.find(Boolean)!;
    // Cancelled by an admin after the worker took it: its next batch finds the job no longer running.
    expect(await cancelImport(admin, id)).toBe(true);
    await runJob(db(), winner, winner.leasedBy!);
    expect(await getImport(admin, id)).toMatchObject({ status: "cancelled", rowsDone: 0, imported: 0 });
    expect((await db().select({ n: count() }).from(leads).where(eq(leads.importId, id)))[0]!.n).toBe(0);
    expect(await claimJob(db(), "w4")).toBeNull();
    expect(await cancelImport(admin, id)).toBe(false);
  });
});
