/**
 * Keyset paging of the lead lists (issue 13 §6, ADR 020) on both databases: in each admin order every
 * lead appears exactly once across the Next pages, also when many leads share a timestamp (to the
 * microsecond or not) or a name; Previous gives back exactly the page before; the total is exact up to
 * 10,000 and "10,000+" beyond; the client's list reaches every one of more than 1,000 leads.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { leads, profiles, user, userRoles } from "~/db/schema";
import { CLIENT_LEADS_PAGE_SIZE, listClientLeads } from "~/features/leads/client-leads.server";
import {
  LEADS_PAGE_SIZE,
  leadSorts,
  parseClientLeadQuery,
  parseLeadListQuery,
  type LeadSort,
} from "~/features/leads/lead-list.schema";
import { listLeads } from "~/features/leads/lead-queries.server";
import { COUNT_CAP } from "~/lib/paging";
import { permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";

const ids = { admin: "keyset-admin", client: "keyset-client", other: "keyset-other-client" };
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const client = { id: ids.client, permissions: permissionsOf(["client"]) };

const adminQuery = (search: string) =>
  parseLeadListQuery(new URL(`http://leadworks.test/admin/leads?${search}`));
const clientQuery = (search: string) =>
  parseClientLeadQuery(new URL(`http://leadworks.test/client/leads?${search}`));

/** Walks a list by its Next links from the first page: every page, in order. */
async function forwardPages<P extends { next: string | null; rows: { id: string }[] }>(
  read: (cursor: string) => Promise<P>,
): Promise<P[]> {
  const pages = [await read("")];
  while (pages.at(-1)!.next) pages.push(await read(`after=${pages.at(-1)!.next}`));
  return pages;
}

const TIED = 137;

describe.each(testDatabases)("keyset paging on $name", (testDb) => {
  const database = useTestDatabase(testDb);

  /** The ids in the order `sort` promises, computed here from the stored values (microseconds kept). */
  async function expectedOrder(sort: LeadSort, where = sql`true`): Promise<string[]> {
    const rows = await queryRows<{
      id: string;
      created: string;
      updated: string;
      first: string;
      last: string;
    }>(
      database.db,
      sql`select id::text as id, (extract(epoch from created_at) * 1000000)::bigint::text as created,
            (extract(epoch from updated_at) * 1000000)::bigint::text as updated,
            first_name as first, last_name as last
          from leads where ${where}`,
    );
    const big = (v: string) => BigInt(v);
    const cmp = (a: bigint | string, b: bigint | string) => (a < b ? -1 : a > b ? 1 : 0);
    const sorted = [...rows].sort((a, b) => {
      switch (sort) {
        case "newest":
          return cmp(big(b.created), big(a.created)) || cmp(b.id, a.id);
        case "oldest":
          return cmp(big(a.created), big(b.created)) || cmp(a.id, b.id);
        case "updated":
          return cmp(big(b.updated), big(a.updated)) || cmp(b.id, a.id);
        case "stale":
          return cmp(big(a.updated), big(b.updated)) || cmp(a.id, b.id);
        case "name":
          return cmp(a.last, b.last) || cmp(a.first, b.first) || cmp(a.id, b.id);
        case "name_desc":
          return cmp(b.last, a.last) || cmp(b.first, a.first) || cmp(b.id, a.id);
      }
    });
    return sorted.map((r) => r.id);
  }

  describe("the admin list", () => {
    it("seeds leads that tie on every key", async () => {
      const people = [
        { id: ids.admin, role: "admin" as const },
        { id: ids.client, role: "client" as const },
        { id: ids.other, role: "client" as const },
      ];
      await database.db
        .insert(user)
        .values(people.map((p) => ({ id: p.id, email: `${p.id}@x.test`, name: p.id })));
      await database.db
        .insert(profiles)
        .values(people.map((p) => ({ userId: p.id, email: `${p.id}@x.test`, firstName: p.id })));
      await database.db.insert(userRoles).values(people.map((p) => ({ userId: p.id, role: p.role })));
      // 137 leads: creation times in groups of 10 sharing one instant, some a microsecond apart (which
      // a JavaScript Date cannot tell apart); last and first names in groups sharing both; updated_at
      // the same for a third of them. Only ASCII letters of one case, so every collation agrees.
      await database.db.execute(sql`
        insert into leads (first_name, last_name, phone, address, city, state, zip_code, lead_status,
          created_at, updated_at)
        select (array['Anna','Bert','Cora'])[i % 3 + 1], (array['Adams','Baker','Clark','Dunn'])[i % 4 + 1],
          '+1303555' || lpad(i::text, 4, '0'), i || ' Quiet Road', 'Denver', 'CO', '80202',
          (case when i % 2 = 0 then 'new' else 'dead' end)::lead_status,
          timestamptz '2026-03-01 12:00:00+00' + (i / 10) * interval '1 second'
            + (case when i % 10 = 9 then interval '1 microsecond' else interval '0' end),
          case when i % 3 = 0 then timestamptz '2026-04-01 00:00:00+00'
            else timestamptz '2026-03-01 00:00:00+00' + i * interval '1 millisecond' end
        from generate_series(1, ${TIED}) as i`);
      expect((await listLeads(admin, adminQuery(""))).total).toEqual({ count: TIED, capped: false });
    });

    it.each(leadSorts.map((s) => s.value))(
      "shows every lead exactly once across the pages, in the order %s",
      async (sort) => {
        const pages = await forwardPages((cursor) => listLeads(admin, adminQuery(`sort=${sort}&${cursor}`)));
        expect(pages).toHaveLength(Math.ceil(TIED / LEADS_PAGE_SIZE));
        const seen = pages.flatMap((p) => p.rows.map((r) => r.id));
        expect(seen).toEqual(await expectedOrder(sort));
        expect(new Set(seen).size).toBe(TIED);
        expect(pages.map((p) => p.start)).toEqual(pages.map((_, i) => i * LEADS_PAGE_SIZE + 1));
        expect(pages.every((p) => p.total.count === TIED && !p.total.capped)).toBe(true);
        expect(pages[0]!.previous).toBeNull();
        expect(pages.at(-1)!.next).toBeNull();
      },
    );

    it.each(leadSorts.map((s) => s.value))(
      "gives back the same page by Previous, in the order %s",
      async (sort) => {
        const pages = await forwardPages((cursor) => listLeads(admin, adminQuery(`sort=${sort}&${cursor}`)));
        for (let i = 1; i < pages.length; i++) {
          const back = await listLeads(admin, adminQuery(`sort=${sort}&before=${pages[i]!.previous}`));
          expect(
            back.rows.map((r) => r.id),
            `page ${i}`,
          ).toEqual(pages[i - 1]!.rows.map((r) => r.id));
          expect(back.start).toBe(pages[i - 1]!.start);
          expect(back.next).not.toBeNull();
          expect(back.previous === null).toBe(i === 1);
        }
      },
    );

    it("keeps the filters from page to page", async () => {
      const pages = await forwardPages((cursor) =>
        listLeads(admin, adminQuery(`status=dead&sort=name&${cursor}`)),
      );
      const seen = pages.flatMap((p) => p.rows.map((r) => r.id));
      expect(seen).toEqual(await expectedOrder("name", sql`lead_status = 'dead'`));
      expect(seen).toHaveLength(Math.ceil(TIED / 2));
    });

    it("reads a cursor of one order in another as nothing: the first page", async () => {
      const first = await listLeads(admin, adminQuery("sort=newest"));
      // A newest-first cursor has two keys; the name order has three.
      const byName = await listLeads(admin, adminQuery(`sort=name&after=${first.next}`));
      expect(byName.start).toBe(1);
      expect(byName.rows.map((r) => r.id)).toEqual((await expectedOrder("name")).slice(0, LEADS_PAGE_SIZE));
    });
  });

  describe("the client's list and the capped total", () => {
    const MANY = COUNT_CAP + 1;
    const CLIENT_LEADS = 1_030;

    it("seeds more leads than the count reads", async () => {
      await database.db.delete(leads);
      await database.db.execute(sql`
        insert into leads (first_name, last_name, phone, address, city, state, zip_code, motivation_level,
          assigned_to_client_id, created_at)
        select 'Many', 'Sellers', '+1720555' || lpad(i::text, 4, '0'), i || ' Long Road', 'Denver', 'CO',
          '80203', (case when i % 2 = 0 then 'hot' else 'cold' end)::motivation_level,
          case when i <= ${CLIENT_LEADS} then ${ids.client} when i % 5 = 0 then ${ids.other} end,
          timestamptz '2026-05-01 00:00:00+00' + (i / 3) * interval '1 minute'
        from generate_series(1, ${MANY}) as i`);
    });

    it("counts exactly up to 10,000 matches and says 10,000+ beyond", async () => {
      expect((await listLeads(admin, adminQuery(""))).total).toEqual({ count: COUNT_CAP, capped: true });
      // One lead fewer: exactly 10,000 is still exact.
      const [{ id } = { id: "" }] = await database.db
        .select({ id: leads.id })
        .from(leads)
        .where(sql`${leads.assignedToClientId} is null`)
        .limit(1);
      expect((await listLeads(admin, adminQuery(`q=${encodeURIComponent("Long Road")}`))).total.capped).toBe(
        true,
      );
      await database.db.delete(leads).where(sql`${leads.id} = ${id}`);
      expect((await listLeads(admin, adminQuery(""))).total).toEqual({ count: COUNT_CAP, capped: false });
      expect((await listLeads(admin, adminQuery("motivation=hot"))).total.capped).toBe(false);
    });

    it("lists every one of the client's 1,030 leads across pages, newest first, with no cap", async () => {
      const pages = await forwardPages((cursor) => listClientLeads(client, clientQuery(cursor)));
      expect(pages).toHaveLength(Math.ceil(CLIENT_LEADS / CLIENT_LEADS_PAGE_SIZE));
      const seen = pages.flatMap((p) => p.rows.map((r) => r.id));
      expect(seen).toEqual(await expectedOrder("newest", sql`assigned_to_client_id = ${ids.client}`));
      expect(seen).toHaveLength(CLIENT_LEADS);
      expect(pages[0]!.total).toEqual({ count: CLIENT_LEADS, capped: false });
      const last = pages.at(-1)!;
      expect(last.start + last.rows.length - 1).toBe(CLIENT_LEADS);
      const back = await listClientLeads(client, clientQuery(`before=${last.previous}`));
      expect(back.rows.map((r) => r.id)).toEqual(pages.at(-2)!.rows.map((r) => r.id));
    });

    it("pages the client's filtered list, and never shows another client's lead", async () => {
      const pages = await forwardPages((cursor) =>
        listClientLeads(client, clientQuery(`motivation=hot&${cursor}`)),
      );
      const seen = pages.flatMap((p) => p.rows.map((r) => r.id));
      expect(seen).toEqual(
        await expectedOrder(
          "newest",
          sql`assigned_to_client_id = ${ids.client} and motivation_level = 'hot'`,
        ),
      );
      const other = { id: ids.other, permissions: permissionsOf(["client"]) };
      const theirs = await forwardPages((cursor) => listClientLeads(other, clientQuery(cursor)));
      const theirIds = new Set(theirs.flatMap((p) => p.rows.map((r) => r.id)));
      expect(seen.some((id) => theirIds.has(id))).toBe(false);
      expect(theirIds.size).toBeGreaterThan(0);
    });
  });
});
