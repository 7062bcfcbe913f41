/**
 * Routing (issue 24 §4) on both databases: only sources switched on are queued (by the trigger, whatever
 * inserted the lead); a lead goes to the client whose agreement it fits, within the month's promise and
 * the day's pace, the one furthest behind first; duplicates and leads no client can take are held with
 * their reason; every decision is on the timeline and in the log; two routers at once decide each lead
 * once and never pass a promise.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  clientAgreements,
  leadActivities,
  leadDeliveries,
  leadReturns,
  leadRouting,
  leads,
  profiles,
  routingQueue,
  routingWakeups,
  user,
  userRoles,
} from "~/db/schema";
import { requeueHeldLeads, routeQueuedLeads } from "~/features/leads/routing/routing.server";
import { routingOverview, saveRoutingSources } from "~/features/leads/routing/routing-settings.server";
import { permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";

const ids = {
  admin: crypto.randomUUID(),
  harbor: crypto.randomUUID(),
  prairie: crypto.randomUUID(),
  big: crypto.randomUUID(),
};
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };

describe.each(testDatabases)("routing new leads on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  let phone = 1000;

  beforeAll(async () => {
    const people = [
      { id: ids.admin, role: "admin" as const, company: null },
      { id: ids.harbor, role: "client" as const, company: "Harbor Houston" },
      { id: ids.prairie, role: "client" as const, company: "Prairie Okla" },
      { id: ids.big, role: "client" as const, company: "Big Sooner" },
    ];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails and texts.
      .values(
        people.map((p) => ({
          id: p.id,
          email: `${p.id}@routing.test`,
          name: p.id,
          firstSignedInAt: new Date(),
        })),
      );
    await db()
      .insert(profiles)
      .values(people.map((p) => ({ userId: p.id, email: `${p.id}@routing.test`, companyName: p.company })));
    await db()
      .insert(userRoles)
      .values(people.map((p) => ({ userId: p.id, role: p.role })));
    const terms = { version: 1, startsOn: "2024-01-01", pricePerLead: 40 };
    await db()
      .insert(clientAgreements)
      .values([
        // Houston only, 3 a day at most.
        {
          ...terms,
          clientId: ids.harbor,
          leadsPerMonth: 100,
          markets: ["Harris County, TX"],
          marketZips: ["77002", "77449"],
          dailyPace: 3,
        },
        // Two Oklahoma buyers: the one promised more is further behind, so it gets more.
        { ...terms, clientId: ids.prairie, leadsPerMonth: 10, markets: ["OK"], marketStates: ["OK"] },
        { ...terms, clientId: ids.big, leadsPerMonth: 1000, markets: ["OK"], marketStates: ["OK"] },
      ]);
    await saveRoutingSources(admin, ["online"]);
  });
  beforeEach(async () => {
    await db().delete(leads);
    await db().delete(routingQueue);
    await db().delete(routingWakeups);
  });

  async function arrive(
    places: { zip: string; state: string; source?: "online" | "cold_call"; phone?: string }[],
  ) {
    const rows = await db()
      .insert(leads)
      .values(
        places.map((p, i) => ({
          firstName: "Route",
          lastName: `Seller${String(phone + i)}`,
          phone: p.phone ?? `+1405555${String(phone + i)}`,
          address: `${phone + i} Elm St`,
          city: "Somewhere",
          state: p.state,
          zipCode: p.zip,
          leadSource: p.source ?? "online",
        })),
      )
      .returning({ id: leads.id });
    phone += places.length;
    return rows.map((r) => r.id);
  }
  const holder = async (leadId: string) =>
    (await db().select({ to: leads.assignedToClientId }).from(leads).where(eq(leads.id, leadId)))[0]?.to;

  it("queues only the sources switched on, routes by the agreement and writes why", async () => {
    const [houston, cold] = await arrive([
      { zip: "77002", state: "TX" },
      { zip: "77002", state: "TX", source: "cold_call" },
    ]);
    expect((await db().select().from(routingQueue)).map((q) => q.leadId)).toEqual([houston]);

    const decisions = await routeQueuedLeads(db());
    expect(decisions).toEqual([
      {
        leadId: houston,
        outcome: "routed",
        clientId: ids.harbor,
        reason: "Routed to Harbor Houston: ZIP 77002 in Harris County, TX; 1 of 100 this month",
      },
    ]);
    expect(await holder(houston!)).toBe(ids.harbor);
    expect(await holder(cold!)).toBeNull();
    expect(await db().select().from(routingQueue)).toEqual([]);
    const [entry] = await db()
      .select({ description: leadActivities.description })
      .from(leadActivities)
      .where(eq(leadActivities.leadId, houston!));
    expect(entry?.description).toBe(
      "Routed to Harbor Houston: ZIP 77002 in Harris County, TX; 1 of 100 this month",
    );
    const overview = await routingOverview(admin);
    expect(overview.sources.filter((s) => s.enabled).map((s) => s.value)).toEqual(["online"]);
    expect(overview.log[0]).toMatchObject({ leadId: houston, outcome: "routed", client: "Harbor Houston" });
    // Nothing left: a second pass decides nothing, and the decision is not made again.
    expect(await routeQueuedLeads(db())).toEqual([]);
  });

  it("keeps the day's pace, and holds duplicates and leads no client takes, saying why", async () => {
    const houston = await arrive([
      { zip: "77002", state: "TX" },
      { zip: "77002", state: "TX" },
      { zip: "77002", state: "TX" },
      { zip: "77002", state: "TX" },
    ]);
    const [desert] = await arrive([{ zip: "85009", state: "AZ" }]);
    const [first] = await db().select({ phone: leads.phone }).from(leads).where(eq(leads.id, houston[0]!));
    const [twin] = await arrive([{ zip: "73101", state: "OK", phone: first!.phone }]);
    const decisions = await routeQueuedLeads(db());
    const byLead = new Map(decisions.map((d) => [d.leadId, d]));
    const reasonOf = (leadId: string) => {
      const decision = byLead.get(leadId);
      return decision && "reason" in decision ? decision.reason : null;
    };
    // Leads that arrive together are decided in no set order: three of the four go, the fourth waits.
    expect(houston.map((id) => reasonOf(id)).sort()).toEqual([
      "Held for review: Harbor Houston has no room this month or today",
      "Routed to Harbor Houston: ZIP 77002 in Harris County, TX; 1 of 100 this month",
      "Routed to Harbor Houston: ZIP 77002 in Harris County, TX; 2 of 100 this month",
      "Routed to Harbor Houston: ZIP 77002 in Harris County, TX; 3 of 100 this month",
    ]);
    expect(byLead.get(desert!)).toMatchObject({
      outcome: "held",
      reason: "Held for review: no client's agreement takes a lead in ZIP 85009 (AZ) of this type and price",
    });
    expect(reasonOf(twin!)).toMatch(
      /^Held for review: maybe the same seller as Route Seller\d+ \(same phone\)$/,
    );
    expect(await holder(desert!)).toBeNull();
  });

  it("gives more to the client further behind its promise, and two routers decide each lead once", async () => {
    // Prairie is promised 10 a month: once past its share it has no room left; Big Sooner takes the rest.
    const oklahoma = await arrive(Array.from({ length: 40 }, () => ({ zip: "73101", state: "OK" })));
    const [first, second] = await Promise.all([routeQueuedLeads(db()), routeQueuedLeads(db())]);
    const decided = [...first!, ...second!].map((d) => d.leadId);
    expect(decided.sort()).toEqual([...oklahoma].sort());
    const rows = await db()
      .select({ leadId: leadRouting.leadId, clientId: leadRouting.clientId })
      .from(leadRouting)
      .where(inArray(leadRouting.leadId, oklahoma));
    expect(rows).toHaveLength(40);
    const to = (clientId: string) => rows.filter((r) => r.clientId === clientId).length;
    expect(to(ids.prairie)).toBeLessThanOrEqual(10);
    expect(to(ids.big)).toBeGreaterThan(to(ids.prairie));
    expect(to(ids.prairie) + to(ids.big)).toBe(40);
    const assigned = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(and(inArray(leads.id, oklahoma), eq(leads.assignedToClientId, ids.prairie)));
    expect(assigned).toHaveLength(to(ids.prairie));
  });

  it("decides a held lead again when room may have come: the next day, a saved agreement, an approved return", async () => {
    const entriesOf = async (leadId: string) =>
      (
        await db()
          .select({ description: leadActivities.description })
          .from(leadActivities)
          .where(eq(leadActivities.leadId, leadId))
          .orderBy(leadActivities.createdAt)
      ).map((e) => e.description);
    const now = new Date();
    const tomorrow = new Date(now.getTime() + 86_400_000);
    // Harbor takes 3 a day: the fourth Houston lead waits for tomorrow; the Arizona one for an agreement.
    const houston = await arrive(Array.from({ length: 4 }, () => ({ zip: "77002", state: "TX" })));
    const [desert] = await arrive([{ zip: "85009", state: "AZ" }]);
    const [first] = await db().select({ phone: leads.phone }).from(leads).where(eq(leads.id, houston[0]!));
    const [twin] = await arrive([{ zip: "73101", state: "OK", phone: first!.phone }]);
    await routeQueuedLeads(db(), now);
    const [waiting] = await db()
      .select({
        leadId: leadRouting.leadId,
        heldFor: leadRouting.heldFor,
        retryAfter: leadRouting.retryAfter,
      })
      .from(leadRouting)
      .where(and(inArray(leadRouting.leadId, houston), eq(leadRouting.outcome, "held")));
    expect(waiting).toMatchObject({ heldFor: "no_room" });
    expect(waiting!.retryAfter!.getTime()).toBeGreaterThan(now.getTime());

    // Not before its time; then back in the queue, and routed on the next day.
    expect(await requeueHeldLeads(db(), now)).toBe(0);
    expect(await requeueHeldLeads(db(), tomorrow)).toBe(1);
    expect(await requeueHeldLeads(db(), tomorrow)).toBe(0);
    const [again] = await routeQueuedLeads(db(), tomorrow);
    expect(again).toMatchObject({ leadId: waiting!.leadId, outcome: "routed", clientId: ids.harbor });
    expect(await holder(waiting!.leadId)).toBe(ids.harbor);
    expect(await entriesOf(waiting!.leadId)).toEqual([
      "Held for review: Harbor Houston has no room this month or today",
      again!.reason,
    ]);

    // A saved agreement wakes every hold but a possible duplicate; held again for the same reason, the
    // lead keeps its one entry and its place in the log.
    const [logged] = await db()
      .select({ decidedAt: leadRouting.decidedAt })
      .from(leadRouting)
      .where(eq(leadRouting.leadId, desert!));
    await db()
      .insert(clientAgreements)
      .values({
        clientId: ids.prairie,
        version: 2,
        startsOn: "2024-01-01",
        pricePerLead: 40,
        leadsPerMonth: 12,
        markets: ["OK"],
        marketStates: ["OK"],
      });
    expect(await requeueHeldLeads(db(), now)).toBe(1);
    expect(await db().select({ leadId: routingQueue.leadId }).from(routingQueue)).toEqual([
      { leadId: desert },
    ]);
    const [still] = await routeQueuedLeads(db(), now);
    expect(still).toMatchObject({ leadId: desert, outcome: "held", heldFor: "no_fit" });
    expect(await entriesOf(desert!)).toHaveLength(1);
    const [relogged] = await db()
      .select({ decidedAt: leadRouting.decidedAt, retryAfter: leadRouting.retryAfter })
      .from(leadRouting)
      .where(eq(leadRouting.leadId, desert!));
    expect(relogged).toEqual({ decidedAt: logged!.decidedAt, retryAfter: null });
    expect(await holder(twin!)).toBeNull();

    // An approved return wakes the holds for want of room (and only a decision to approve does).
    const [delivery] = await db()
      .select({ id: leadDeliveries.id, leadId: leadDeliveries.leadId })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, houston[0]!));
    const [request] = await db()
      .insert(leadReturns)
      .values({
        deliveryId: delivery!.id,
        leadId: delivery!.leadId,
        clientId: ids.harbor,
        reason: "wrong_number",
      })
      .returning({ id: leadReturns.id });
    await db().update(leadReturns).set({ state: "rejected" }).where(eq(leadReturns.id, request!.id));
    expect(await db().select().from(routingWakeups)).toEqual([]);
    await db().update(leadReturns).set({ state: "approved" }).where(eq(leadReturns.id, request!.id));
    expect(
      (await db().select({ cause: routingWakeups.cause }).from(routingWakeups)).map((w) => w.cause),
    ).toEqual(["return"]);
  });
});
