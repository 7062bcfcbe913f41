/**
 * The loaders of the signed-in areas' frames on both databases, with real sessions: who is signed in
 * (the account menu), and the badges' counts, each scoped on the server: every return waiting for a
 * decision for the admin; only the company's own leads waiting for its feedback for a client.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leadDeliveries, leadReturns, leads, userRoles } from "~/db/schema";
import { countReturnsAwaitingDecision } from "~/features/leads/returns/returns.server";
import { countLeadsAwaitingFeedback } from "~/features/leads/client-leads.server";
import { NotAllowedError, permissionsOf } from "~/lib/permissions";
import { loader as adminFrame } from "~/routes/admin/layout";
import { loader as clientFrame } from "~/routes/client/layout";
import { testDatabases } from "../support/databases";
import { deliverLeads } from "../support/lead-deliveries";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { answer, callRoute, getRequest, redirectOf } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";

type Account = "admin" | "clientA" | "clientB" | "both";

const accounts: Record<Account, { role?: "admin" | "client"; companyName?: string }> = {
  admin: { role: "admin" },
  clientA: { role: "client", companyName: "Alpha Homes" },
  clientB: { role: "client", companyName: "Bravo Capital" },
  // Signed up as a client, made admin as well (user_roles holds both).
  both: { role: "client", companyName: "Both Ways LLC" },
};

describe.each(testDatabases)("the areas' frames on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  const admin = (path = "/admin") => callRoute(adminFrame, getRequest(path, { cookie: cookies.admin }));
  const client = (who: Account, path = "/client") =>
    callRoute(clientFrame, getRequest(path, { cookie: cookies[who] }));

  beforeAll(async () => {
    await database.db.insert(userRoles).values({ userId: ids.both, role: "admin" });
    // Client A: three leads, one already answered; client B: two; one lead nobody holds.
    const [answered] = await deliverLeads(database.db, ids.clientA, 3);
    await database.db
      .update(leads)
      .set({ clientFeedbackStatus: "interested" })
      .where(eq(leads.id, answered!));
    const forB = await deliverLeads(database.db, ids.clientB, 2);
    await deliverLeads(database.db, null, 1);
    // Client B asked to return both: one waits for a decision, one is decided.
    const deliveries = await database.db
      .select({ id: leadDeliveries.id, leadId: leadDeliveries.leadId })
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, forB));
    await database.db.insert(leadReturns).values(
      deliveries.map((delivery, i) => ({
        deliveryId: delivery.id,
        leadId: delivery.leadId,
        clientId: ids.clientB,
        reason: "wrong_number" as const,
        ...(i === 0 ? {} : { state: "approved" as const, decidedAt: new Date(), decidedBy: ids.admin }),
      })),
    );
  });

  it("gives the admin frame the returns waiting for a decision and the admin's account", async () => {
    const { data } = answer(await admin("/admin/leads"));
    expect(data).toEqual({
      returnsWaiting: 1,
      account: {
        name: "admin Tester",
        email: "admin@example.com",
        links: [
          { to: "/account", label: "Account" },
          { to: "/", label: "Leadworks website" },
        ],
      },
    });
  });

  it("counts for each client only their company's leads waiting for feedback", async () => {
    expect(answer(await client("clientA")).data).toMatchObject({
      awaitingFeedback: 2,
      account: { name: "Alpha Homes", email: "clienta@example.com" },
    });
    expect(answer(await client("clientB")).data).toMatchObject({
      awaitingFeedback: 2,
      account: { name: "Bravo Capital" },
    });
    expect(answer(await client("both")).data).toMatchObject({
      awaitingFeedback: 0,
      account: {
        links: [
          { to: "/account", label: "Account" },
          { to: "/admin", label: "Admin" },
          { to: "/", label: "Leadworks website" },
        ],
      },
    });
    expect(
      answer(await callRoute(adminFrame, getRequest("/admin", { cookie: cookies.both }))).data,
    ).toMatchObject({
      account: { links: expect.arrayContaining([{ to: "/client", label: "Client portal" }]) },
    });
  });

  it("counts nothing for those outside the area: sign-in (coming back) or 'Access Denied'", async () => {
    expect(
      redirectOf(await callRoute(clientFrame, getRequest("/client/leads?feedback=not_reviewed"))).location,
    ).toBe(`/auth?redirectTo=${encodeURIComponent("/client/leads?feedback=not_reviewed")}`);
    const refused = redirectOf(await client("admin"));
    expect(refused.location).toBe("/");
    expect(refused.flash).toMatchObject({ title: "Access Denied" });
    expect(
      redirectOf(await callRoute(adminFrame, getRequest("/admin", { cookie: cookies.clientA }))).location,
    ).toBe("/");
  });

  it("refuses the counts to actors without the permission, in the data layer too", async () => {
    const clientActor = { id: ids.clientA, permissions: permissionsOf(["client"]) };
    const adminActor = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    await expect(countReturnsAwaitingDecision(clientActor)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(countLeadsAwaitingFeedback(adminActor)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(countLeadsAwaitingFeedback(clientActor)).resolves.toBe(2);
    await expect(countReturnsAwaitingDecision(adminActor)).resolves.toBe(1);
  });
});
