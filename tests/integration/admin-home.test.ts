/**
 * The admin home's things to do (issue 25 §2) on both databases: each count follows the rows that make
 * it (unassigned and arrived today, returns waiting with the oldest's age, deliveries with no feedback
 * after 48 h by client, clients over their month, failed imports, failing webhooks), and a client may
 * not read it.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  clientAgreements,
  leadDeliveries,
  leadImports,
  leadReturns,
  leadRouting,
  leads,
  profiles,
  user,
  userRoles,
  webhookEndpoints,
} from "~/db/schema";
import { adminHome } from "~/features/leads/admin-home.server";
import { permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";

const ids = { admin: crypto.randomUUID(), redOak: crypto.randomUUID(), lake: crypto.randomUUID() };
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const client: ActorRef = { id: ids.redOak, permissions: permissionsOf(["client"]) };
const now = new Date();
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe.each(testDatabases)("the admin home on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;

  beforeAll(async () => {
    const people = [
      { id: ids.admin, role: "admin" as const, company: null },
      { id: ids.redOak, role: "client" as const, company: "Red Oak Property Group" },
      { id: ids.lake, role: "client" as const, company: "Lakeshore Capital" },
    ];
    await db()
      .insert(user)
      // Accounts in use (signed in before): only those get lead e-mails and texts.
      .values(
        people.map((p) => ({
          id: p.id,
          email: `${p.id}@home.test`,
          name: p.id,
          firstSignedInAt: new Date(),
        })),
      );
    await db()
      .insert(profiles)
      .values(people.map((p) => ({ userId: p.id, email: `${p.id}@home.test`, companyName: p.company })));
    await db()
      .insert(userRoles)
      .values(people.map((p) => ({ userId: p.id, role: p.role })));
  });

  it("counts what waits, and each count follows its rows", async () => {
    const empty = await adminHome(admin, now);
    expect(empty).toMatchObject({
      unassigned: { count: 0, capped: false },
      routingHeld: { count: 0, capped: false },
      returnsWaiting: 0,
      oldestReturnHours: null,
      untouched: 0,
      importsFailed: 0,
      webhooksFailing: 0,
      clientsOver: 0,
    });

    // Three unassigned leads, one of them made yesterday.
    const waiting = await deliverLeads(db(), null, 3);
    const [yesterday] = waiting;
    await db()
      .update(leads)
      .set({ createdAt: hoursAgo(30) })
      .where(eq(leads.id, yesterday!));
    // Red Oak: 5 delivered three days ago, 2 answered; Lakeshore: 1 delivered an hour ago (not yet late).
    const redOak = await deliverLeads(db(), ids.redOak, 5, hoursAgo(72));
    await deliverLeads(db(), ids.lake, 1, hoursAgo(1));
    await db()
      .update(leadDeliveries)
      .set({ firstFeedbackAt: hoursAgo(70) })
      .where(inArray(leadDeliveries.leadId, redOak.slice(0, 2)));
    // A return asked for 26 hours ago, on one of Red Oak's leads.
    const [delivery] = await db()
      .select({ id: leadDeliveries.id })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, redOak[4]!));
    await db()
      .insert(leadReturns)
      .values({
        deliveryId: delivery!.id,
        leadId: redOak[4]!,
        clientId: ids.redOak,
        reason: "wrong_number",
        requestedAt: hoursAgo(26),
      });
    // Red Oak's agreement promises 2 a month: 5 delivered this month (if the 72 h stay in it) is over.
    await db().insert(clientAgreements).values({
      clientId: ids.redOak,
      version: 1,
      leadsPerMonth: 2,
      startsOn: "2026-01-01",
      pricePerLead: 30,
      createdBy: ids.admin,
    });
    await db()
      .insert(leadImports)
      .values({
        fileName: "broken.csv",
        status: "failed",
        createdBy: ids.admin,
        finishedAt: hoursAgo(2),
      });
    await db()
      .insert(webhookEndpoints)
      .values({
        clientId: ids.lake,
        url: "https://hooks.example.com/lake",
        sealedSecret: "sealed",
        failingSince: hoursAgo(5),
      });

    // Routing held one of the unassigned leads, and one an admin has since assigned by hand.
    await db()
      .insert(leadRouting)
      .values([
        { leadId: waiting[1]!, outcome: "held", heldFor: "no_fit", reason: "Held for review: no client" },
        { leadId: redOak[0]!, outcome: "held", heldFor: "no_room", reason: "Held for review: no room" },
      ]);

    const home = await adminHome(admin, now);
    expect(home.unassigned).toEqual({ count: 3, capped: false });
    expect(home.routingHeld).toEqual({ count: 1, capped: false });
    expect(home.unassignedToday).toEqual({ count: 2, capped: false });
    expect(home.returnsWaiting).toBe(1);
    expect(home.oldestReturnHours).toBeCloseTo(26, 0);
    expect(home.untouched).toBe(3);
    expect(home.untouchedBy).toEqual([{ clientId: ids.redOak, client: "Red Oak Property Group", count: 3 }]);
    expect(home.importsFailed).toBe(1);
    expect(home.webhooksFailing).toBe(1);
    const thisMonth = hoursAgo(72).getUTCMonth() === now.getUTCMonth();
    expect(home.clientsOver).toBe(thisMonth ? 1 : 0);
  });

  it("is the agency's: a client is refused", async () => {
    await expect(adminHome(client, now)).rejects.toThrow();
  });
});
