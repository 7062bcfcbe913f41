/**
 * The import keeps a real list (issue 24), on both databases: a generated 5,165-row seller list in a
 * list provider's words (tests/support/seller-list.ts: 150 duplicates, 20 broken rows) is checked as a
 * whole before anything is written, and imported accepting the suggestions only: every valid row goes in
 * (the goal is >= 99%), the check predicted the import's counts, and each broken row is rejected with its
 * reason. Unknown values are named, can be mapped or skipped, and the choices are remembered for the next
 * file with the same columns.
 */
import { parse } from "csv-parse/sync";
import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { importLayouts, leadImportRejects, leadImports, leads, user } from "~/db/schema";
import {
  getImport,
  receiveImport,
  rejectedRowsCsv,
  saveImportSettings,
  startImport,
} from "~/features/leads/import/imports.server";
import { startButtonLabel } from "~/features/leads/import/import.schema";
import { parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { listLeads } from "~/features/leads/lead-queries.server";
import { claimJob, runJob } from "~/features/leads/import/job.server";
import { permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { sellerList, type Layout } from "../support/seller-list";

stubAuthEnv();

const admin: ActorRef = { id: "real-admin", permissions: permissionsOf(["admin"]) };

async function* bytesOf(lines: Iterable<string>): AsyncGenerator<Uint8Array> {
  let chunk: string[] = [];
  for (const line of lines) {
    chunk.push(line);
    if (chunk.length === 1_000) {
      yield new TextEncoder().encode(chunk.join("\n") + "\n");
      chunk = [];
    }
  }
  yield new TextEncoder().encode(chunk.join("\n") + "\n");
}

async function runToEnd(db: Database) {
  for (let job = await claimJob(db, "w"); job; job = await claimJob(db, "w")) await runJob(db, job, "w");
}

describe.each(testDatabases)("a realistic list's import on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, email: "real@import.test", name: "Real" });
  });
  beforeEach(async () => {
    await db().delete(leads);
    await db().delete(leadImports);
    await db().delete(importLayouts);
  });

  it(
    "checks the whole 5,165-row list, then imports every valid row accepting the suggestions only",
    { timeout: 180_000 },
    async () => {
      const list = sellerList({ rows: 5_165, duplicates: 150, bad: 20 });
      // Ten sellers of the list are in the book already (their phone, as stored).
      const { facts } = list;
      const skip = new Set([...facts.duplicateRows, ...facts.bad.map((b) => b.row)]);
      const inBook = [...Array(5_165).keys()].filter((i) => i >= 300 && !skip.has(i + 2)).slice(0, 10);
      const areas = [713, 602, 617, 973, 404, 205];
      await db()
        .insert(leads)
        .values(
          inBook.map((i) => ({
            firstName: "Known",
            lastName: "Seller",
            phone: `+1${areas[i % 6]}${2000000 + i}`,
            address: `${i} Known Way`,
            city: "Elsewhere",
            state: "TX",
            zipCode: "75001",
          })),
        );

      const id = await receiveImport(admin, bytesOf(list.lines()), "seller-list.csv");
      const detail = (await getImport(admin, id))!;
      expect(facts).toMatchObject({ rows: 5_165 });
      expect(facts.bad).toHaveLength(20);
      expect(facts.duplicateRows).toHaveLength(150);
      const mustImport = facts.valid - inBook.length;

      // The whole-file check, with the guessed columns and the synonym table's values.
      const check = detail.check!;
      expect(check).toMatchObject({
        rows: 5_165,
        problemRows: 20,
        willImport: mustImport,
      });
      // A repeated seller who is also in the book counts as the book's duplicate.
      expect(check.duplicates.inFile + check.duplicates.inBook).toBe(160);
      expect(check.duplicates.inBook).toBeGreaterThanOrEqual(10);
      expect(check.problems.reduce((n, p) => n + p.rows, 0)).toBeGreaterThanOrEqual(20);
      const sources = Object.fromEntries(check.values.leadSource!.values.map((v) => [v.key, v.suggested]));
      // Common channels the catch-alls would fold in (PPC and SEO into Online, SMS into Other) are
      // proposed as sources of the agency's own; until the admin starts from the page, they read as before.
      expect(sources).toMatchObject({
        coldcalling: "cold_call",
        ppc: "+new",
        seo: "+new",
        sms: "+new",
      });
      const types = Object.fromEntries(check.values.propertyType!.values.map((v) => [v.key, v.suggested]));
      expect(types).toMatchObject({ mobilehome: "other", sfr: "single_family", duplex: "multi_family" });
      // Every value of the list is known to the synonym table: nothing to choose by hand.
      for (const field of Object.values(check.values)) {
        expect(field.values.filter((v) => v.suggested === null)).toEqual([]);
      }
      expect(startButtonLabel(check, detail.settings!, detail.totalRows)).toBe(
        `Import ${mustImport.toLocaleString("en-US")} leads, skip 20 with problems, skip 160 possible duplicates`,
      );

      // Accept the suggestions: start with the settings as they are.
      expect(await startImport(admin, id, detail.settings!)).toBe(true);
      await runToEnd(db());
      const done = (await getImport(admin, id))!;
      expect(done.status).toBe("done");
      expect(done.imported).toBeGreaterThanOrEqual(Math.ceil(mustImport * 0.99));
      // The check said what the import would do.
      expect(done).toMatchObject({ imported: check.willImport, rejected: 180, duplicates: 160 });
      const statuses = await db()
        .select({ status: leads.leadStatus, n: count() })
        .from(leads)
        .where(eq(leads.importId, id))
        .groupBy(leads.leadStatus);
      expect(statuses.map((s) => s.status).sort()).toEqual([
        "appointment_set",
        "contacted",
        "dead",
        "new",
        "qualified",
      ]);

      let csv = "";
      for await (const chunk of rejectedRowsCsv(admin, done)) csv += chunk;
      const rejected = parse(csv, { columns: true }) as Record<string, string>[];
      expect(rejected).toHaveLength(180);
      // Each broken row with its reason; rows are numbered as a spreadsheet shows them.
      const reasons = await db()
        .select({ rowNumber: leadImportRejects.rowNumber, reason: leadImportRejects.reason })
        .from(leadImportRejects)
        .where(eq(leadImportRejects.importId, id));
      const rejectedByRow = new Map(reasons.map((r) => [r.rowNumber, r.reason]));
      for (const bad of facts.bad) expect(rejectedByRow.get(bad.row)).toContain(bad.reason);
      for (const row of facts.duplicateRows)
        expect(rejectedByRow.get(row)).toMatch(/^Possible duplicate of (row \d+|lead )/);
      // The batches' list notification is coalesced (about a second after commit): let it go out while
      // this database is still open.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    },
  );

  it.each(["batchleads", "dealmachine"] satisfies Layout[])(
    "reads a %s-style list (full names, wireless and numbered phones, snake-case headers) as well",
    { timeout: 60_000 },
    async (layout) => {
      const list = sellerList({ rows: 400, duplicates: 10, bad: 5, layout, seed: 7 });
      const id = await receiveImport(admin, bytesOf(list.lines()), `${layout}.csv`);
      const check = (await getImport(admin, id))!.check!;
      expect(check).toMatchObject({ rows: 400, problemRows: 5, duplicates: { inFile: 10, inBook: 0 } });
      expect(check.willImport).toBeGreaterThanOrEqual(Math.ceil(list.facts.valid * 0.99));
    },
  );

  it("imports unknown values as Other with the file's words kept, maps or skips them as chosen, and remembers the choice", async () => {
    const header = "Owner Name,Phone,Street Address,City,State,Zip,Lead Source,Property Type";
    const lines = [
      header,
      "Rosa Alvarez,(512) 555-0101,1 Main St,Austin,TX,78745,Carrier Pigeon,SFR",
      '"Smith, John",512-555-0102,2 Main St,Austin,Texas,78745,carrier pigeon,Castle',
      "Li Wei,5125550103,3 Main St,Austin,tx,78745,Cold Calling,Mobile Home",
    ];
    const id = await receiveImport(admin, bytesOf(lines), "pigeons.csv");
    let detail = (await getImport(admin, id))!;
    // No word keeps a seller out: every row imports, the unknown ones as "Other".
    expect(detail.check).toMatchObject({ willImport: 3, problemRows: 0, problems: [] });
    expect(detail.check!.values.leadSource!.values).toEqual([
      { key: "carrierpigeon", value: "Carrier Pigeon", rows: 2, suggested: "other", confidence: null },
      { key: "coldcalling", value: "Cold Calling", rows: 1, suggested: "cold_call", confidence: 1 },
    ]);
    expect(startButtonLabel(detail.check!, detail.settings!, 3)).toBe("Import 3 leads");

    const chosen = {
      ...detail.settings!,
      values: { leadSource: { carrierpigeon: "referral" }, propertyType: { castle: "skip" } },
    };
    expect(await saveImportSettings(admin, id, chosen)).toBe(true);
    detail = (await getImport(admin, id))!;
    expect(detail.check).toMatchObject({ willImport: 2, problemRows: 1 });
    expect(detail.check!.problems).toEqual([
      { message: 'Property type "Castle" skipped by the value mapping', rows: 1, examples: [3] },
    ]);
    expect(await startImport(admin, id, chosen)).toBe(true);
    await runToEnd(db());
    expect(await getImport(admin, id)).toMatchObject({ imported: 2, rejected: 1 });
    const rosa = (await db().select().from(leads).where(eq(leads.firstName, "Rosa")))[0]!;
    expect(rosa).toMatchObject({
      leadSource: "referral",
      propertyType: "single_family",
      lastName: "Alvarez",
      // The file's words where they are not our names.
      valuesInFile: { leadSource: "Carrier Pigeon", propertyType: "SFR" },
    });
    // ... which the lead list finds by any part of them, in any case.
    const byWords = await listLeads(admin, parseLeadListQuery(new URL("http://x/admin/leads?inFile=PIGEON")));
    expect(byWords.rows.map((r) => r.firstName)).toEqual(["Rosa"]);
    const mobile = await listLeads(
      admin,
      parseLeadListQuery(new URL("http://x/admin/leads?inFile=mobile+h")),
    );
    expect(mobile.rows.map((r) => r.firstName)).toEqual(["Li"]);
    const none = await listLeads(admin, parseLeadListQuery(new URL("http://x/admin/leads?inFile=pelican")));
    expect(none.rows).toEqual([]);

    // Next month's list from the same source: same columns (spelt alike), the same choices pre-filled.
    const next = await receiveImport(
      admin,
      bytesOf([
        header.toUpperCase(),
        "Ann Lee,(512) 555-0199,9 Oak St,Austin,TX,78745,Carrier Pigeon,Castle",
      ]),
      "pigeons-2.csv",
    );
    const nextDetail = (await getImport(admin, next))!;
    expect(nextDetail.settings).toMatchObject({
      mapping: chosen.mapping,
      values: chosen.values,
      assignToClientId: null,
    });
    expect(nextDetail.check).toMatchObject({ willImport: 0, problemRows: 1 });
  });

  it("starts a file of other columns from the agency's earlier choice for the same value", async () => {
    const first = await receiveImport(
      admin,
      bytesOf([
        "Name,Phone,Address,City,State,Zip,Channel",
        "Ann Lee,(602) 555-0401,1 Saguaro Way,Phoenix,AZ,85004,Owl Post",
      ]),
      "owls-1.csv",
    );
    const settings = (await getImport(admin, first))!.settings!;
    expect(
      await startImport(admin, first, { ...settings, values: { leadSource: { owlpost: "referral" } } }),
    ).toBe(true);
    // Another provider, other columns, the same word: the choice is there before anyone makes it.
    const next = await receiveImport(
      admin,
      bytesOf([
        "First Name,Last Name,Phone,Street,City,State,ZIP Code,Lead Source,Motivation",
        "Bo,Ray,(602) 555-0402,2 Saguaro Way,Phoenix,AZ,85004,OWL POST,Hot",
      ]),
      "owls-2.csv",
    );
    const detail = (await getImport(admin, next))!;
    expect(detail.settings!.values?.leadSource?.owlpost).toBe("referral");
    expect(await startImport(admin, next, detail.settings!)).toBe(true);
    await runToEnd(db());
    const [bo] = await db().select().from(leads).where(eq(leads.firstName, "Bo"));
    expect(bo).toMatchObject({ leadSource: "referral", valuesInFile: { leadSource: "OWL POST" } });
  });

  it("counts the empty rows it leaves out, and refuses a short ZIP code its zeros would move to another state", async () => {
    const lines = [
      "First Name,Last Name,Phone,Address,City,State,Zip",
      "Ann,Lee,(602) 555-0301,1 Saguaro Way,Phoenix,AZ,852",
      "",
      "   ",
      ",,,,,,",
      "Bo,Ray,(617) 555-0302,2 Elm St,Boston,MA,2134",
      " , ,\t, , , , ",
    ];
    const id = await receiveImport(admin, bytesOf(lines), "gaps.csv");
    const check = (await getImport(admin, id))!.check!;
    expect(check).toMatchObject({ rows: 2, emptyRows: 4, willImport: 1, problemRows: 1 });
    expect(check.problems).toEqual([{ message: "ZIP 852 is not in AZ", rows: 1, examples: [2] }]);
  });

  it("imports a failing row as fixed in the browser, and leaves out one excluded, both kept in the rejected rows' count", async () => {
    const lines = [
      "First Name,Last Name,Phone,Address,City,State,Zip",
      "Ann,Lee,(512) 555-0301,1 Pecan St,Austin,TX,78745",
      "Bob,Ray,call me,2 Pecan St,Austin,TX,78745",
      "Cat,Ito,(512) 555-0303,3 Pecan St,Austin,Texass,78745",
    ];
    const id = await receiveImport(admin, bytesOf(lines), "fix.csv");
    let detail = (await getImport(admin, id))!;
    expect(detail.check!.failing).toEqual([
      {
        row: 3,
        cells: lines[2]!.split(","),
        reason: "Invalid phone number format (use E.164 format, e.g., +12025551234)",
      },
      { row: 4, cells: lines[3]!.split(","), reason: "State must be 2-letter code (e.g., CA, NY)" },
    ]);
    const bob = lines[2]!.split(",");
    bob[2] = "512 555 0302";
    const settings = { ...detail.settings!, fixes: { "3": bob, "4": null } };
    expect(await saveImportSettings(admin, id, settings)).toBe(true);
    detail = (await getImport(admin, id))!;
    expect(detail.check).toMatchObject({
      willImport: 2,
      problemRows: 1,
      failing: [{ row: 4, reason: "Excluded before the import" }],
    });
    expect(startButtonLabel(detail.check!, detail.settings!, 3)).toBe("Import 2 leads, skip 1 with problems");
    await startImport(admin, id, settings);
    await runToEnd(db());
    expect(await getImport(admin, id)).toMatchObject({ imported: 2, rejected: 1 });
    const bobLead = (await db().select().from(leads).where(eq(leads.firstName, "Bob")))[0]!;
    expect(bobLead.phone).toBe("+15125550302");
    const [reject] = await db().select().from(leadImportRejects).where(eq(leadImportRejects.importId, id));
    expect(reject).toMatchObject({ rowNumber: 4, reason: "Excluded before the import" });
    // Fixes belong to one file: the next file with these columns does not inherit them.
    const next = await receiveImport(admin, bytesOf(lines), "fix-again.csv");
    expect((await getImport(admin, next))!.settings!.fixes).toBeUndefined();
  });
});
