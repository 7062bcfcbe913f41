/**
 * The admin lead list's filters and orders of issue 13 on both databases: several statuses, motivations
 * and sources at once, client (or unassigned), creator, created date range (whole days, both ends
 * included), the four orders, and every filter combined with the search.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { installDatabase } from "~/db/db.server";
import { leads, profiles, user, userRoles } from "~/db/schema";
import { parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { listAdmins, listLeads } from "~/features/leads/lead-queries.server";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";

const ids = {
  ada: "filters-admin-ada",
  ben: "filters-admin-ben",
  client: "filters-client-carl",
};
const ada: ActorRef = { id: ids.ada, permissions: permissionsOf(["admin"]) };

type Row = typeof leads.$inferInsert;
const at = (iso: string) => new Date(iso);
const lead = (firstName: string, lastName: string, overrides: Partial<Row>): Row => ({
  firstName,
  lastName,
  phone: "+13035550000",
  address: "1 Quiet Road",
  city: "Denver",
  state: "CO",
  zipCode: "80202",
  ...overrides,
});

/** Eight leads spread over the filters' values; creation days around the end of January 2026. */
const rows: Row[] = [
  lead("Ann", "Baker", {
    leadStatus: "new",
    motivationLevel: "hot",
    leadSource: "referral",
    createdByUserId: ids.ada,
    assignedToClientId: ids.client,
    createdAt: at("2026-01-30T23:59:59Z"),
    updatedAt: at("2026-02-05T10:00:00Z"),
  }),
  lead("Bob", "Adams", {
    leadStatus: "under_contract",
    motivationLevel: "warm",
    leadSource: "online",
    createdByUserId: ids.ben,
    createdAt: at("2026-01-31T00:00:00Z"),
    updatedAt: at("2026-01-31T00:00:00Z"),
  }),
  lead("Cleo", "Adams", {
    leadStatus: "dead",
    motivationLevel: "cold",
    leadSource: "online",
    createdByUserId: ids.ada,
    assignedToClientId: ids.client,
    createdAt: at("2026-01-31T23:59:59Z"),
    updatedAt: at("2026-02-09T10:00:00Z"),
  }),
  lead("Dan", "Young", {
    leadStatus: "qualified",
    motivationLevel: "hot",
    leadSource: "cold_call",
    createdByUserId: null,
    createdAt: at("2026-02-01T00:00:00Z"),
    updatedAt: at("2026-02-01T00:00:00Z"),
    city: "Tampa",
  }),
  lead("Eve", "Young", {
    leadStatus: "new",
    motivationLevel: "cold",
    leadSource: "referral",
    createdByUserId: ids.ben,
    assignedToClientId: ids.client,
    createdAt: at("2026-02-02T12:00:00Z"),
    updatedAt: at("2026-02-02T12:00:00Z"),
    city: "Tampa",
  }),
];

describe.each(testDatabases)("the lead list's filters on $name", (testDb) => {
  let handle: DatabaseHandle;
  const names = async (search: string) =>
    (
      await listLeads(ada, parseLeadListQuery(new URL(`http://leadworks.test/admin/leads?${search}`)))
    ).rows.map((r) => r.firstName);

  beforeAll(async () => {
    handle = await testDb.open();
    installDatabase(handle);
    const people = [
      { id: ids.ada, email: "ada@filters.test", firstName: "Ada", role: "admin" as const },
      { id: ids.ben, email: "ben@filters.test", firstName: "Ben", role: "admin" as const },
      { id: ids.client, email: "carl@filters.test", firstName: "Carl", role: "client" as const },
    ];
    await handle.db.insert(user).values(people.map((p) => ({ id: p.id, email: p.email, name: p.firstName })));
    await handle.db.insert(profiles).values(
      // The admins' profiles name the agency as their company: the menu still names the person.
      people.map((p) => ({
        userId: p.id,
        email: p.email,
        firstName: p.firstName,
        lastName: "Test",
        companyName: p.role === "admin" ? "Leadworks" : null,
      })),
    );
    await handle.db.insert(userRoles).values(people.map((p) => ({ userId: p.id, role: p.role })));
    await handle.db.insert(leads).values(rows);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists newest first by default", async () => {
    expect(await names("")).toEqual(["Eve", "Dan", "Cleo", "Bob", "Ann"]);
  });

  it("keeps any of several statuses, motivations and sources, under_contract included", async () => {
    expect(await names("status=new&status=dead")).toEqual(["Eve", "Cleo", "Ann"]);
    expect(await names("status=under_contract")).toEqual(["Bob"]);
    expect(await names("motivation=hot&motivation=cold")).toEqual(["Eve", "Dan", "Cleo", "Ann"]);
    expect(await names("source=online")).toEqual(["Cleo", "Bob"]);
    expect(await names("source=online&source=cold_call")).toEqual(["Dan", "Cleo", "Bob"]);
    expect(await names("status=new&motivation=cold&source=referral")).toEqual(["Eve"]);
  });

  it("filters by client and by no client", async () => {
    expect(await names(`client=${ids.client}`)).toEqual(["Eve", "Cleo", "Ann"]);
    expect(await names("client=unassigned")).toEqual(["Dan", "Bob"]);
    expect(await names("client=nobody-with-this-id")).toEqual([]);
  });

  it("filters by the admin who created the lead", async () => {
    expect(await names(`createdBy=${ids.ada}`)).toEqual(["Cleo", "Ann"]);
    expect(await names(`createdBy=${ids.ben}&status=under_contract`)).toEqual(["Bob"]);
  });

  it("takes whole UTC days, both ends included", async () => {
    expect(await names("from=2026-01-31")).toEqual(["Eve", "Dan", "Cleo", "Bob"]);
    expect(await names("to=2026-01-31")).toEqual(["Cleo", "Bob", "Ann"]);
    expect(await names("from=2026-01-31&to=2026-01-31")).toEqual(["Cleo", "Bob"]);
    expect(await names("from=2026-02-03")).toEqual([]);
    expect(await names("from=2026-02-02&to=2026-01-30")).toEqual([]);
  });

  it("sorts oldest first, by last update, and by name", async () => {
    expect(await names("sort=oldest")).toEqual(["Ann", "Bob", "Cleo", "Dan", "Eve"]);
    expect(await names("sort=updated")).toEqual(["Cleo", "Ann", "Eve", "Dan", "Bob"]);
    expect(await names("sort=name")).toEqual(["Bob", "Cleo", "Ann", "Dan", "Eve"]);
    expect(await names("sort=name&status=new")).toEqual(["Ann", "Eve"]);
  });

  it("combines every filter with the search and counts what matches", async () => {
    expect(await names("q=tampa&motivation=hot")).toEqual(["Dan"]);
    expect(await names("q=young&client=unassigned")).toEqual(["Dan"]);
    expect(await names("q=adams&source=online&sort=oldest")).toEqual(["Bob", "Cleo"]);
    const list = await listLeads(ada, parseLeadListQuery(new URL("http://x/admin/leads?q=young")));
    expect(list.total.count).toBe(2);
  });

  it("offers the admins as creators, and only to admins", async () => {
    expect(await listAdmins(ada)).toEqual([
      { id: ids.ada, name: "Ada Test" },
      { id: ids.ben, name: "Ben Test" },
    ]);
    const client = { id: ids.client, permissions: permissionsOf(["client"]) };
    await expect(listAdmins(client)).rejects.toBeInstanceOf(NotAllowedError);
  });
});
