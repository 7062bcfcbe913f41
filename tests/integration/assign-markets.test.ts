/**
 * Assignment that knows the agreement's markets and buy box (issue 24 §2, §3) on both databases: an
 * agreement's counties and radius are saved as the ZIP codes they cover; a county the ZIP table does not
 * know is refused at its field; an assignment (bulk or single) with leads outside the markets, of another
 * property type or over the price ceiling asks, naming each, and "only the N that fit" takes those inside.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientAgreements, leads, profiles, user, userRoles } from "~/db/schema";
import { handleAgreementPost } from "~/features/leads/agreements/agreement-action.server";
import { listClientStandings, saveAgreement } from "~/features/leads/agreements/agreements.server";
import { parseMarkets } from "~/features/leads/agreements/markets";
import { handleBulkPost } from "~/features/leads/bulk-action.server";
import { handleLeadPost } from "~/features/leads/lead-actions.server";
import { capMessages, type OverCap } from "~/features/leads/agreements/capacity";
import type { Actor } from "~/lib/actor";
import { permissionsOf } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";
import { answer, ORIGIN, redirectOf } from "../support/route-calls";

const ids = { admin: crypto.randomUUID(), harbor: crypto.randomUUID() };
const admin: Actor = {
  id: ids.admin,
  permissions: permissionsOf(["admin"]),
  kind: "user",
  email: "admin@markets.test",
  name: "admin@markets.test",
  sessionId: "markets-session",
  roles: ["admin"],
  clientId: null,
  companyRole: null,
  profile: null,
};

const post = (path: string, fields: [string, string][]) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields) });

const agreementFields = (markets: string): [string, string][] => [
  ["leadsPerMonth", "1000"],
  ["startsOn", "2024-01-01"],
  ["pricePerLead", "40"],
  ["returnWindowDays", "7"],
  ["returnCapPercent", "20"],
  ["targetMarkets", ""],
  ["buyBox", ""],
  ["markets", markets],
  ["propertyTypes", "single_family"],
  ["maxPrice", "$250,000"],
];

describe.each(testDatabases)("assigning within the markets and buy box on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;

  beforeAll(async () => {
    await db()
      .insert(user)
      .values([
        { id: ids.admin, email: "admin@markets.test", name: "Admin", firstSignedInAt: new Date() },
        { id: ids.harbor, email: "harbor@markets.test", name: "Harbor", firstSignedInAt: new Date() },
      ]);
    await db()
      .insert(profiles)
      .values([
        { userId: ids.admin, email: "admin@markets.test" },
        { userId: ids.harbor, email: "harbor@markets.test", companyName: "Harbor Houston Buyers" },
      ]);
    await db()
      .insert(userRoles)
      .values([
        { userId: ids.admin, role: "admin" },
        { userId: ids.harbor, role: "client" },
      ]);
  });
  beforeEach(async () => {
    await db().delete(leads);
  });

  /** Leads in these places, in the list's "name" order A, B, C...; their ids in that order. */
  async function leadsAt(
    places: { zip: string; state: string; type?: "single_family" | "condo"; asking?: number }[],
  ) {
    const rows = await db()
      .insert(leads)
      .values(
        places.map((place, i) => ({
          firstName: "Seller",
          lastName: String.fromCharCode(65 + i),
          phone: `+1713555${String(3000 + i)}`,
          address: `${i} Main St`,
          city: "Somewhere",
          state: place.state,
          zipCode: place.zip,
          propertyType: place.type ?? "single_family",
          askingPrice: place.asking ?? null,
        })),
      )
      .returning({ id: leads.id, lastName: leads.lastName });
    return places.map((_, i) => rows.find((r) => r.lastName === String.fromCharCode(65 + i))!.id);
  }
  const heldByHarbor = async (leadIds: readonly string[]) =>
    (
      await db()
        .select({ id: leads.id, to: leads.assignedToClientId })
        .from(leads)
        .where(inArray(leads.id, leadIds))
    )
      .filter((r) => r.to === ids.harbor)
      .map((r) => r.id)
      .sort();

  it("saves counties and a radius as the ZIP codes they cover, and refuses a county it does not know", async () => {
    const unknown = answer(
      await handleAgreementPost(
        post(`/admin/clients/${ids.harbor}`, agreementFields("Harris Cnty, TX")),
        admin,
        ids.harbor,
      ),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data.fieldErrors?.markets).toBe('We know no county named "Harris Cnty" in TX');

    const parsed = parseMarkets("harris county, tx; 10 miles of 77002\nOK");
    if (!("items" in parsed)) throw new Error(parsed.error);
    const saved = await saveAgreement(admin, ids.harbor, {
      leadsPerMonth: 1000,
      startsOn: "2024-01-01",
      pricePerLead: 40,
      returnWindowDays: 7,
      returnCapPercent: 20,
      targetMarkets: "",
      buyBox: "",
      markets: parsed.items,
      propertyTypes: [],
      maxPrice: null,
      dailyPace: null,
    });
    expect(saved).toMatchObject({ ok: true, changed: true });
    const [stored] = await db()
      .select()
      .from(clientAgreements)
      .where(eq(clientAgreements.clientId, ids.harbor));
    expect(stored!.markets).toEqual(["Harris County, TX", "10 miles of 77002", "OK"]);
    expect(stored!.marketStates).toEqual(["OK"]);
    // Harris County has over 100 ZIP codes; Katy (77449) is in it, Austin (78701) is not.
    expect(stored!.marketZips.length).toBeGreaterThan(100);
    expect(stored!.marketZips).toContain("77449");
    expect(stored!.marketZips).not.toContain("78701");
    await db().delete(clientAgreements).where(eq(clientAgreements.clientId, ids.harbor));
  });

  it("asks before assigning leads outside the agreement, names each, then assigns only those that fit", async () => {
    // A saved agreement answers with a redirect, thrown as React Router takes it.
    const saved = redirectOf(
      await handleAgreementPost(
        post(`/admin/clients/${ids.harbor}`, agreementFields("Harris County, TX")),
        admin,
        ids.harbor,
      ).catch((thrown: unknown) => thrown),
    );
    expect(saved.flash).toMatchObject({ text: "Agreement saved" });
    // /admin/clients shows the markets beside the promise.
    const standing = (await listClientStandings(admin)).find((c) => c.id === ids.harbor);
    expect(standing?.agreement?.markets).toEqual(["Harris County, TX"]);

    const [a, b, c, d, e] = await leadsAt([
      { zip: "77002", state: "TX", asking: 200_000 },
      { zip: "78701", state: "TX" },
      { zip: "77449-1234", state: "TX" },
      { zip: "77002", state: "TX", type: "condo", asking: 300_000 },
      { zip: "85009", state: "AZ", asking: 150_000 },
    ]);
    const fields: [string, string][] = [
      ["scope", "ticked"],
      ["filters", "?sort=name"],
      ...[a!, b!, c!, d!, e!].map((id) => ["id", id] as [string, string]),
      ["bulkAction", "assign"],
      ["clientId", ids.harbor],
    ];
    const question = answer(await handleBulkPost(post("/admin/leads", fields), admin));
    expect(question.status).toBe(200);
    const { overCap } = (question.data as unknown as { confirmOverCap: { overCap: OverCap } }).confirmOverCap;
    expect(overCap).toMatchObject({ client: "Harbor Houston Buyers", asked: 5, fit: 2, over: 0 });
    expect(capMessages.reasons(overCap)).toEqual([
      "2 leads outside Harris County, TX",
      "1 lead not Single Family",
      "1 lead priced over $250,000",
    ]);
    expect(capMessages.toastOf(overCap).title).toBe("Outside the agreement");
    expect(capMessages.fit(overCap)).toBe("Assign only the 2 that fit");
    expect(await heldByHarbor([a!, b!, c!, d!, e!])).toEqual([]);

    const done = redirectOf(
      await handleBulkPost(post("/admin/leads", [...fields, ["capChoice", "fit"]]), admin),
    );
    expect(done.flash).toMatchObject({
      text: "2 leads assigned. 3 leads that did not fit the agreement left as they were",
    });
    expect(await heldByHarbor([a!, b!, c!, d!, e!])).toEqual([a!, c!].sort());

    // One lead: inside goes at once; outside asks, and the override assigns it.
    const [inside, outside] = await leadsAt([
      { zip: "77002", state: "TX" },
      { zip: "85009", state: "AZ" },
    ]);
    const quiet = answer(
      await handleLeadPost(
        post(`/admin/leads/${inside}`, [
          ["intent", "assign"],
          ["assignedToClientId", ids.harbor],
        ]),
        admin,
        inside!,
      ),
    );
    expect(quiet.data).toMatchObject({ ok: true, toast: { text: "Lead updated successfully" } });
    const single = answer(
      await handleLeadPost(
        post(`/admin/leads/${outside}`, [
          ["intent", "assign"],
          ["assignedToClientId", ids.harbor],
        ]),
        admin,
        outside!,
      ),
    );
    expect(single.data).toMatchObject({
      ok: false,
      toast: capMessages.outsideToast,
      overCap: { asked: 1, fit: 0, over: 0, outside: ["1 lead outside Harris County, TX"] },
    });
    const forced = answer(
      await handleLeadPost(
        post(`/admin/leads/${outside}`, [
          ["intent", "assign"],
          ["assignedToClientId", ids.harbor],
          ["capChoice", "all"],
        ]),
        admin,
        outside!,
      ),
    );
    expect(forced.data).toMatchObject({ ok: true });
    expect(await heldByHarbor([inside!, outside!])).toEqual([inside!, outside!].sort());
  });
});
