/**
 * Client agreements (issue 15), through the real routes with real sessions on both databases: only
 * admins read and change agreements, a client reads only their own (read-only), every change is a new
 * version with the terms it changed, the form's messages come back under the fields, and two admins
 * saving at once never collide.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientAgreements, profiles, user, userRoles } from "~/db/schema";
import { saveAgreement } from "~/features/leads/agreements/agreements.server";
import { permissionsOf } from "~/lib/permissions";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/clients/detail";
import { loader as listLoader } from "~/routes/admin/clients/list";
import { loader as ownLoader } from "~/routes/client/agreement";
import { testDatabases } from "../support/databases";
import { stubAuthEnv, signedInAccounts, useTestDatabase } from "../support/integration-fixtures";
import { answer, callRoute, formRequest, getRequest, redirectOf, statusOf } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";

type Account = "plain" | "clientA" | "clientB" | "admin";
type Who = "anonymous" | Account;

const accounts: Record<Account, { role?: "admin" | "client"; companyName?: string }> = {
  plain: {},
  clientA: { role: "client", companyName: "Alpha Homes" },
  clientB: { role: "client", companyName: "Bravo Capital" },
  admin: { role: "admin" },
};

const terms = (overrides: Record<string, string> = {}) => ({
  leadsPerMonth: "100",
  startsOn: "2026-12-01",
  pricePerLead: "$45.50",
  returnWindowDays: "7",
  returnCapPercent: "20",
  targetMarkets: "Cook County, IL; ZIPs 60601-60661",
  buyBox: "Single family up to $350,000",
  ...overrides,
});

describe.each(testDatabases)("client agreements on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);

  const call = (who: Who) => (who === "anonymous" ? {} : { cookie: cookies[who] });
  const detail = (who: Who, clientId: string) =>
    callRoute(detailLoader, getRequest(`/admin/clients/${clientId}`, call(who)), { id: clientId });
  const save = (who: Who, clientId: string, fields: Record<string, string>) =>
    callRoute(detailAction, formRequest(`/admin/clients/${clientId}`, fields, call(who)), { id: clientId });
  const versions = (clientId: string) =>
    database.db.select().from(clientAgreements).where(eq(clientAgreements.clientId, clientId));

  it("keeps everyone but admins out of the admin pages, and their posts change nothing", async () => {
    expect(redirectOf(await callRoute(listLoader, getRequest("/admin/clients"))).location).toBe(
      "/auth?redirectTo=%2Fadmin%2Fclients",
    );
    for (const who of ["plain", "clientA"] as const) {
      const denied = redirectOf(await callRoute(listLoader, getRequest("/admin/clients", call(who))));
      expect(denied.location).toBe("/");
      expect(denied.flash).toMatchObject({ title: "Access Denied" });
      expect(redirectOf(await detail(who, ids.clientA)).location).toBe("/");
      expect(redirectOf(await save(who, ids.clientA, terms())).location).toBe("/");
    }
    expect(redirectOf(await save("anonymous", ids.clientA, terms())).location).toMatch(/^\/auth/);
    expect(await versions(ids.clientA)).toHaveLength(0);
  });

  it("lists every client account, none of the others, with 'no agreement' before one is set", async () => {
    const { clients } = answer(await callRoute(listLoader, getRequest("/admin/clients", call("admin"))))
      .data as unknown as { clients: { id: string; companyName: string; agreement: unknown }[] };
    expect(clients.map((c) => c.companyName)).toEqual(["Alpha Homes", "Bravo Capital"]);
    expect(clients.every((c) => c.agreement === null)).toBe(true);
  });

  it("shows the clients in pages of 50, each client once, in the order asked for", async () => {
    const added = Array.from({ length: 60 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(900 + i).padStart(12, "0")}`,
      name: `Paged Client ${String(i).padStart(2, "0")}`,
      email: `paged${i}@example.com`,
    }));
    await database.db.insert(user).values(added);
    await database.db
      .insert(profiles)
      .values(added.map((a) => ({ userId: a.id, email: a.email, companyName: a.name })));
    // A client role makes a one-person company of its account (the trigger of issue 26's migration).
    await database.db.insert(userRoles).values(added.map((a) => ({ userId: a.id, role: "client" as const })));
    const page = async (query: string) =>
      answer(await callRoute(listLoader, getRequest(`/admin/clients${query}`, call("admin"))))
        .data as unknown as {
        clients: { companyName: string }[];
        page: number;
        pageCount: number;
        total: number;
      };
    const first = await page("?sort=name");
    const second = await page("?sort=name&page=2");
    expect([first.total, first.pageCount, first.clients.length, second.clients.length]).toEqual([
      62, 2, 50, 12,
    ]);
    const names = [...first.clients, ...second.clients].map((c) => c.companyName);
    expect(new Set(names).size).toBe(62);
    expect(names.slice(0, 3)).toEqual(["Alpha Homes", "Bravo Capital", "Paged Client 00"]);
    expect(names.at(-1)).toBe("Paged Client 59");
    expect((await page("?sort=name_desc")).clients[0]!.companyName).toBe("Paged Client 59");
    // A page past the end shows the last; one that is not a number the first.
    expect((await page("?sort=name&page=99")).page).toBe(2);
    expect((await page("?sort=name&page=x")).clients[0]!.companyName).toBe("Alpha Homes");
  });

  it("answers 404 for an account that is not a client's and for an unknown id", async () => {
    for (const id of [ids.plain, ids.admin, "no-such-account", "x".repeat(300)]) {
      expect(statusOf(await detail("admin", id))).toBe(404);
      expect(statusOf(await save("admin", id, terms()))).toBe(404);
    }
    expect(await database.db.select().from(clientAgreements)).toHaveLength(0);
  });

  it("refuses bad terms with a message under each field and saves nothing", async () => {
    const refused = answer(
      await save("admin", ids.clientA, {
        leadsPerMonth: "0",
        startsOn: "2026-02-30",
        pricePerLead: "forty",
        returnWindowDays: "91",
        returnCapPercent: "12.5",
        targetMarkets: "x".repeat(2001),
        buyBox: "",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.toast).toMatchObject({ title: "Validation Error" });
    expect(refused.data.fieldErrors).toEqual({
      leadsPerMonth: "Leads per month must be at least 1",
      startsOn: "Enter the start date as a real date, e.g. 2026-12-01",
      pricePerLead: "Enter the price per lead in dollars, e.g. 45 or 45.50",
      returnWindowDays: "Return window can be at most 90 days",
      returnCapPercent: "Monthly return cap must be a whole number",
      targetMarkets: "Target markets must be at most 2,000 characters",
    });
    // Everything the admin typed comes back to correct, the 2,001 characters too.
    expect(refused.data.values?.targetMarkets).toHaveLength(2001);
    const empty = answer(await save("admin", ids.clientA, terms({ leadsPerMonth: "", pricePerLead: "" })));
    expect(empty.data.fieldErrors).toMatchObject({
      leadsPerMonth: "Leads per month is required",
      pricePerLead: "Price per lead is required",
    });
    expect(await versions(ids.clientA)).toHaveLength(0);
  });

  it("saves versions, keeps each one, and marks what each changed", async () => {
    const first = redirectOf(await save("admin", ids.clientA, terms()));
    expect(first.location).toBe(`/admin/clients/${ids.clientA}`);
    expect(first.flash).toMatchObject({ title: "Success", text: "Agreement saved" });

    const again = redirectOf(await save("admin", ids.clientA, terms({ pricePerLead: "45.50" })));
    expect(again.flash).toMatchObject({ title: "No changes" });
    expect(await versions(ids.clientA)).toHaveLength(1);

    const changed = redirectOf(
      await save("admin", ids.clientA, terms({ leadsPerMonth: "150", returnWindowDays: "10" })),
    );
    expect(changed.flash).toMatchObject({ text: "Agreement saved" });
    const page = answer(await detail("admin", ids.clientA)).data as unknown as {
      name: string;
      current: { version: number; leadsPerMonth: number; pricePerLead: number; startsOn: string };
      history: { version: number; changed: string[]; createdBy: string }[];
    };
    expect(page.name).toBe("Alpha Homes");
    expect(page.current).toMatchObject({
      version: 2,
      leadsPerMonth: 150,
      pricePerLead: 45.5,
      startsOn: "2026-12-01",
    });
    expect(page.history.map((v) => [v.version, v.changed])).toEqual([
      [2, ["leadsPerMonth", "returnWindowDays"]],
      [
        1,
        [
          "leadsPerMonth",
          "startsOn",
          "pricePerLead",
          "returnWindowDays",
          "returnCapPercent",
          "targetMarkets",
          "buyBox",
          "markets",
          "propertyTypes",
          "maxPrice",
          "dailyPace",
        ],
      ],
    ]);
    expect(page.history[0]!.createdBy).toBe("admin Tester");
    // Client B's agreement is untouched by A's.
    expect(await versions(ids.clientB)).toHaveLength(0);
  });

  it("shows a client their own agreement only, read-only, and keeps admins and others out", async () => {
    const own = answer(await callRoute(ownLoader, getRequest("/client/agreement", call("clientA"))))
      .data as unknown as { agreement: { leadsPerMonth: number; buyBox: string } | null };
    expect(own.agreement).toMatchObject({ leadsPerMonth: 150, buyBox: "Single family up to $350,000" });
    const other = answer(await callRoute(ownLoader, getRequest("/client/agreement", call("clientB"))))
      .data as unknown as { agreement: unknown };
    expect(other.agreement).toBeNull();
    for (const who of ["plain", "admin"] as const) {
      expect(
        redirectOf(await callRoute(ownLoader, getRequest("/client/agreement", call(who)))).location,
      ).toBe("/");
    }
  });

  it("takes two admins saving at once one after the other: versions never collide", async () => {
    const admin = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    const parsed = (leadsPerMonth: number) => ({
      leadsPerMonth,
      startsOn: "2027-01-01",
      pricePerLead: 50,
      returnWindowDays: 7,
      returnCapPercent: 20,
      targetMarkets: "",
      buyBox: "",
      markets: [],
      propertyTypes: [],
      maxPrice: null,
      dailyPace: null,
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saveAgreement(admin, ids.clientB, parsed(200 + i))),
    );
    expect(results.every((r) => r.ok && r.changed)).toBe(true);
    const stored = await versions(ids.clientB);
    expect(stored.map((v) => v.version).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
