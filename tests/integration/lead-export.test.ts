/**
 * The lead export on both databases (issue 13): the filtered list in its order, read in keyset batches
 * of 1,000 (rows created within the same millisecond included), every row once, cells that a spreadsheet
 * would run as formulas kept as text, and the importer's column names.
 */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { installDatabase } from "~/db/db.server";
import { leads } from "~/db/schema";
import { parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { LEAD_CSV_COLUMNS } from "~/features/leads/import/columns";
import { exportLeadsCsv } from "~/features/leads/lead-queries.server";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";

const admin: ActorRef = { id: "export-admin", permissions: permissionsOf(["admin"]) };
const ROWS = 2_345;

const exported = async (search: string) => {
  let text = "";
  for await (const chunk of exportLeadsCsv(admin, parseLeadListQuery(new URL(`http://x/?${search}`)))) {
    text += chunk;
  }
  return parse(text, { columns: true }) as Record<(typeof LEAD_CSV_COLUMNS)[number], string>[];
};

describe.each(testDatabases)("the lead export on $name", (testDb) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await testDb.open();
    installDatabase(handle);
    // Seven creation times a microsecond apart, and a name shared by many rows: batches end inside ties.
    await handle.db.execute(sql`
      insert into leads (first_name, last_name, phone, address, city, state, zip_code, lead_status,
                         created_at, updated_at)
      select 'Seller' || i, 'Name' || (i % 50), '+1303555' || lpad(i::text, 4, '0'), i || ' Main St',
             'Denver', 'CO', '80202', case when i % 3 = 0 then 'dead' else 'new' end::lead_status,
             timestamptz '2026-01-01 00:00:00+00' + (i % 7) * interval '1 microsecond',
             timestamptz '2026-02-01 00:00:00+00' + (i % 11) * interval '1 microsecond'
      from generate_series(1, ${ROWS}) as i`);
    await handle.db.insert(leads).values({
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: "+Plus",
      phone: "+13035559999",
      address: "-1 Minus Road",
      city: "@Denver",
      state: "CO",
      zipCode: "80202",
      situationNotes: 'Says "call after 5", prefers text',
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each(["", "sort=oldest", "sort=updated", "sort=stale", "sort=name", "sort=name_desc"])(
    "exports every lead once, in the list's order (%j)",
    async (search) => {
      const rows = await exported(search);
      expect(rows).toHaveLength(ROWS + 1);
      expect(new Set(rows.map((r) => r.lead_id)).size).toBe(ROWS + 1);
      const sort = parseLeadListQuery(new URL(`http://x/?${search}`)).sort;
      const order = {
        newest: sql`created_at desc, id desc`,
        oldest: sql`created_at asc, id asc`,
        updated: sql`updated_at desc, id desc`,
        stale: sql`updated_at asc, id asc`,
        name: sql`last_name asc, first_name asc, id asc`,
        name_desc: sql`last_name desc, first_name desc, id desc`,
      }[sort];
      const expected = await handle.db.select({ id: leads.id }).from(leads).orderBy(order);
      expect(rows.map((r) => r.lead_id)).toEqual(expected.map((r) => r.id));
    },
  );

  it("exports only what the filters keep", async () => {
    const dead = await exported("status=dead");
    expect(dead).toHaveLength(Math.floor(ROWS / 3));
    expect(dead.every((r) => r.status === "Dead")).toBe(true);
    expect(await exported("q=zzzz-nothing")).toEqual([]);
  });

  it("keeps formula-like cells as text and quotes commas and quotes", async () => {
    const [row] = await exported("q=Minus");
    expect(row).toMatchObject({
      first_name: '\'=HYPERLINK("http://evil.example")',
      last_name: "'+Plus",
      address: "'-1 Minus Road",
      city: "'@Denver",
      situation_notes: 'Says "call after 5", prefers text',
      property_type: "Single Family",
      motivation: "Warm",
      source: "Cold Call",
      status: "New",
      client_email: "",
    });
  });

  it("names the importer's columns in its header", async () => {
    const chunks = exportLeadsCsv(admin, parseLeadListQuery(new URL("http://x/?q=zzzz")));
    const header = (await chunks.next()).value as string;
    expect(header.trim()).toBe(LEAD_CSV_COLUMNS.join(","));
  });

  it("refuses anyone without lead:read:any before reading a row", async () => {
    const client = { id: "c", permissions: permissionsOf(["client"]) };
    const chunks = exportLeadsCsv(client, parseLeadListQuery(new URL("http://x/")));
    await expect(chunks.next()).rejects.toBeInstanceOf(NotAllowedError);
  });
});
