/**
 * The admin search reads a page in one of three ways (leads.server.ts keysetPage): a rare term's
 * matches fetched through the trigram index and sorted, a common term walked along the order's index
 * (bitmap scans off), or the planner's choice. Each must give exactly the rows and order a plain sort of
 * the matches gives, on both databases, with filters, in every order and across Next pages; and the
 * table maintenance that keeps those plans honest (statistics, visibility map) runs where it must.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { tidyTables } from "~/db/maintenance.server";
import { leadSorts, parseLeadListQuery, type LeadSort } from "~/features/leads/lead-list.schema";
import { listLeads } from "~/features/leads/lead-queries.server";
import { permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";

const admin: ActorRef = { id: "search-admin", permissions: permissionsOf(["admin"]) };
/** More leads than any "rare term" line, so a term in all of them is walked. */
const BOOK = 6_000;
const sorts = leadSorts.map((s) => s.value);

const orderSql: Record<LeadSort, string> = {
  newest: "created_at desc, id desc",
  oldest: "created_at asc, id asc",
  updated: "updated_at desc, id desc",
  stale: "updated_at asc, id asc",
  name: "last_name, first_name, id",
  name_desc: "last_name desc, first_name desc, id desc",
};

describe.each(testDatabases)("reading a searched page on $name", (testDb) => {
  const database = useTestDatabase(testDb);

  /** Every page of the admin list for `search`, by its Next links: the ids in order. */
  async function listedIds(search: string): Promise<string[]> {
    const ids: string[] = [];
    let after = "";
    for (;;) {
      const page = await listLeads(
        admin,
        parseLeadListQuery(new URL(`http://leadworks.test/admin/leads?${search}${after}`)),
      );
      ids.push(...page.rows.map((r) => r.id));
      if (!page.next) return ids;
      after = `&after=${page.next}`;
    }
  }

  /** The ids the database gives for `where`, sorted plainly: what the list must show. */
  async function expectedIds(where: string, sort: LeadSort): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql.raw(`select id::text as id from leads where ${where} order by ${orderSql[sort]}`),
    );
    return rows.map((r) => r.id);
  }

  it("seeds a book where one word is in every lead and another in a few", async () => {
    await database.db.execute(
      sql`insert into "user" (id, name, email) values (${admin.id}, 'Admin', 'search-admin@x.test')`,
    );
    // Every lead lives in Lakewood; one in 500 is on Juniper Way; statuses cycle; times tie in tens.
    await database.db.execute(sql`
      insert into leads (first_name, last_name, phone, address, city, state, zip_code, lead_status,
        created_at, updated_at)
      select (array['Ana','Ben','Cy'])[i % 3 + 1], (array['Moss','Nye','Ortiz','Park'])[i % 4 + 1],
        '+1303555' || lpad(i::text, 4, '0'),
        i || case when i % 500 = 0 then ' Juniper Way' else ' Elm Street' end, 'Lakewood', 'CO', '80226',
        (array['new','dead','qualified'])[i % 3 + 1]::lead_status,
        timestamptz '2026-05-01 00:00:00+00' + (i / 10) * interval '1 second',
        timestamptz '2026-06-01 00:00:00+00' - (i % 97) * interval '1 minute'
      from generate_series(1, ${BOOK}) as i`);
    // The statistics the reading is chosen from, as maintenance or autovacuum would leave them.
    expect(await tidyTables(database.db, { all: true })).toContain("leads");
  });

  it.each(sorts)("a term in every lead, walked, lists each match once in the %s order", async (sort) => {
    const ids = await listedIds(`q=LAKEWOOD&status=new&status=qualified&sort=${sort}`);
    expect(ids).toEqual(await expectedIds(`lead_status in ('new', 'qualified')`, sort));
    expect(ids).toHaveLength((BOOK * 2) / 3);
  });

  it.each(sorts)("a rare term, sorted, lists each match once in the %s order", async (sort) => {
    const ids = await listedIds(`q=juniper&sort=${sort}`);
    expect(ids).toEqual(await expectedIds(`address like '%Juniper%'`, sort));
    expect(ids).toHaveLength(BOOK / 500);
  });

  it("says a common term's total as 10,000+ or an estimate, and a rare one's exactly", async () => {
    const query = (q: string) => parseLeadListQuery(new URL(`http://leadworks.test/admin/leads?q=${q}`));
    const common = (await listLeads(admin, query("lakewood"))).total;
    // Counting 6,000 matches may be cheap enough to be exact; if not, it says it is an estimate.
    if (common.estimated) expect(Math.abs(common.count - BOOK)).toBeLessThan(BOOK * 0.25);
    else expect(common).toEqual({ count: BOOK, capped: false });
    expect((await listLeads(admin, query("juniper"))).total).toEqual({ count: BOOK / 500, capped: false });
  });

  it("vacuums and analyzes a table that grew by a fifth, and leaves it alone once it is known", async () => {
    await database.db.execute(sql`
      insert into leads (first_name, last_name, phone, address, city, state, zip_code)
      select 'Grown', 'Lead', '+1720555' || lpad(i::text, 4, '0'), i || ' Pine Road', 'Golden', 'CO', '80401'
      from generate_series(1, ${BOOK}) as i`);
    expect(await tidyTables(database.db)).toContain("leads");
    const [known] = await queryRows<{ relpages: number; pages: number }>(
      database.db,
      sql`select relpages, (pg_relation_size('leads') / current_setting('block_size')::int)::int as pages
          from pg_class where relname = 'leads' and relnamespace = to_regnamespace(current_schema())`,
    );
    expect(known!.relpages).toBe(known!.pages);
    expect(await tidyTables(database.db)).not.toContain("leads");
  });
});
