/**
 * The guarantee's ledger (issue 15) on both databases, for a scripted stretch checked to the unit:
 * deliveries and returns written as the product writes them (assignments through the trigger, returns
 * through requestReturn/decideReturn), then moved in time; the figures per month, the promise of the
 * version in force, the milestones, and every client ranked on /admin/clients. Clients see only theirs.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  agreementFirstMonths,
  clientAgreements,
  leadDeliveries,
  leadReturns,
  leads,
  user,
} from "~/db/schema";
import { clientGuarantee, guaranteeStandings, ownGuarantee } from "~/features/leads/agreements/ledger.server";
import { NotAllowedError, permissionsOf } from "~/lib/permissions";
import { loader as listLoader } from "~/routes/admin/clients/list";
import { testDatabases } from "../support/databases";
import { deliverLeads } from "../support/lead-deliveries";
import { confirmedUser, sessionCookie, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { answer, callRoute, getRequest } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";

describe.each(testDatabases)("the guarantee ledger on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const ids = {} as Record<"admin" | "steady" | "late" | "idle", string>;
  let adminCookie = "";

  beforeAll(async () => {
    for (const [who, role] of [
      ["admin", "admin"],
      ["steady", "client"],
      ["late", "client"],
      ["idle", "client"],
    ] as const) {
      const email = `${who}@example.com`;
      await confirmedUser({
        email,
        password: PASSWORD,
        role,
        companyName: role === "client" ? `${who} Co` : undefined,
      });
      const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      ids[who] = row!.id;
    }
    adminCookie = await sessionCookie("admin@example.com", PASSWORD);
    const agreement = (clientId: string, version: number, leadsPerMonth: number, createdAt: string) => ({
      clientId,
      version,
      leadsPerMonth,
      startsOn: "2026-09-01",
      pricePerLead: 40,
      createdAt: new Date(createdAt),
    });
    await database.db.insert(clientAgreements).values([
      // Steady: 50 a month from September 1, raised to 60 in October.
      agreement(ids.steady, 1, 50, "2026-08-20T00:00:00Z"),
      agreement(ids.steady, 2, 60, "2026-10-10T00:00:00Z"),
      // Late: 50 a month from September 1, and nothing delivered in the first 7 days.
      agreement(ids.late, 1, 50, "2026-08-20T00:00:00Z"),
    ]);
  });

  const deliver = (client: string, n: number, from: string, stepMinutes = 60) =>
    deliverLeads(database.db, client, n, new Date(from), stepMinutes);
  /** Returns written as decided, with the states given (approved ones count in the ledger). */
  async function returns(client: string, leadIds: string[], state: "approved" | "rejected" | "requested") {
    const deliveries = await database.db
      .select({ id: leadDeliveries.id, leadId: leadDeliveries.leadId })
      .from(leadDeliveries)
      .where(and(inArray(leadDeliveries.leadId, leadIds), isNull(leadDeliveries.endedAt)));
    await database.db.insert(leadReturns).values(
      deliveries.map((d) => ({
        deliveryId: d.id,
        leadId: d.leadId,
        clientId: client,
        reason: "wrong_number" as const,
        state,
      })),
    );
  }

  const admin = () => ({ id: ids.admin, permissions: permissionsOf(["admin"]) });
  const client = (who: "steady" | "late" | "idle") => ({
    id: ids[who],
    permissions: permissionsOf(["client"]),
  });
  const now = new Date("2026-10-20T12:00:00Z");

  it("writes a scripted September and October", async () => {
    // September: 55 delivered from Sep 3, one an hour; 3 returns approved, 1 rejected, 1 waiting.
    const september = await deliver(ids.steady, 55, "2026-09-03T00:00:00Z");
    await returns(ids.steady, september.slice(0, 3), "approved");
    await returns(ids.steady, september.slice(3, 4), "rejected");
    await returns(ids.steady, september.slice(4, 5), "requested");
    // October so far: 32 delivered, 2 returns approved.
    const october = await deliver(ids.steady, 32, "2026-10-01T08:00:00Z", 30);
    await returns(ids.steady, october.slice(0, 2), "approved");
    // Late: its first lead on September 9, then 20 more.
    await deliver(ids.late, 21, "2026-09-09T00:00:00Z");
    // A lead reassigned away from Steady in October still counts as delivered to Steady in October.
    const moved = await deliver(ids.steady, 1, "2026-10-05T00:00:00Z");
    await database.db.update(leads).set({ assignedToClientId: ids.late }).where(eq(leads.id, moved[0]!));
    await database.db
      .update(leadDeliveries)
      .set({ deliveredAt: new Date("2026-10-06T00:00:00Z") })
      .where(and(eq(leadDeliveries.leadId, moved[0]!), isNull(leadDeliveries.endedAt)));
  });

  it("adds up each month to the unit, with the promise of the version in force", async () => {
    const guarantee = await clientGuarantee(admin(), ids.steady, now);
    expect(guarantee).not.toBeNull();
    expect(guarantee!.months).toEqual([
      {
        month: "2026-10-01",
        promised: 60,
        delivered: 33,
        returned: 2,
        replacementsOwed: 2,
        replacementsDelivered: 0,
        netDelivered: 31,
        short: 29,
        over: 0,
      },
      {
        month: "2026-09-01",
        promised: 50,
        delivered: 55,
        returned: 3,
        replacementsOwed: 3,
        replacementsDelivered: 3,
        netDelivered: 52,
        short: 0,
        over: 2,
      },
    ]);
  });

  it("marks the start's milestones: met by Steady, the first lead missed by Late", async () => {
    const steady = await clientGuarantee(admin(), ids.steady, now);
    expect(steady!.milestones.map((m) => [m.state, m.count])).toEqual([
      ["met", 1],
      ["met", 50],
    ]);
    const late = await clientGuarantee(admin(), ids.late, now);
    expect(late!.milestones.map((m) => [m.state, m.count])).toEqual([
      ["missed", 1],
      ["missed", 21],
    ]);
    expect(await clientGuarantee(admin(), ids.idle, now)).toBeNull();
  });

  it("shows a client their own guarantee only, and refuses them everyone else's", async () => {
    expect((await ownGuarantee(client("late"), now))!.months[1]).toMatchObject({ delivered: 21 });
    expect(await ownGuarantee(client("idle"), now)).toBeNull();
    await expect(clientGuarantee(client("late"), ids.steady, now)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(guaranteeStandings(client("steady"), now)).rejects.toBeInstanceOf(NotAllowedError);
  });

  it("ranks every client for the account manager: a missed milestone first, no agreement last", async () => {
    const standings = await guaranteeStandings(admin(), now);
    expect(standings.get(ids.late)).toMatchObject({ risk: 0, thisMonth: { delivered: 1, promised: 50 } });
    // Steady: 31 net on October 20 (of 60) is behind a steady pace (60 x 19.5/31 days = 37).
    expect(standings.get(ids.steady)).toMatchObject({
      risk: 2,
      thisMonth: { netDelivered: 31, promised: 60 },
    });
    expect(standings.has(ids.idle)).toBe(false);
    const list = answer(await callRoute(listLoader, getRequest("/admin/clients", { cookie: adminCookie })))
      .data as unknown as { clients: { companyName: string }[] };
    expect(list.clients.map((c) => c.companyName)).toEqual(["late Co", "steady Co", "idle Co"]);
  });

  it("promises the start month's share when an agreement starts after the 1st, and keeps pace from the start", async () => {
    await database.db.insert(clientAgreements).values({
      clientId: ids.idle,
      version: 1,
      leadsPerMonth: 62,
      startsOn: "2026-10-22",
      pricePerLead: 40,
      createdAt: new Date("2026-10-01T00:00:00Z"),
    });
    // October 22-31 is 10 of 31 days: 20 of the 62 leads.
    const october = new Date("2026-10-24T00:00:00Z");
    expect((await clientGuarantee(admin(), ids.idle, october))!.months).toMatchObject([
      { month: "2026-10-01", promised: 20, delivered: 0 },
    ]);
    // Two days in of ten: 4 leads keep the pace, 3 do not.
    await deliver(ids.idle, 3, "2026-10-22T01:00:00Z");
    expect((await guaranteeStandings(admin(), october)).get(ids.idle)).toMatchObject({ risk: 2 });
    await deliver(ids.idle, 1, "2026-10-23T01:00:00Z");
    expect((await guaranteeStandings(admin(), october)).get(ids.idle)).toMatchObject({ risk: 4 });
    expect(
      (await clientGuarantee(admin(), ids.idle, new Date("2026-11-05T00:00:00Z")))!.months[0],
    ).toMatchObject({
      month: "2026-11-01",
      promised: 62,
    });
  });

  it("keeps a first month once nothing can change it, and reads it from there", async () => {
    const kept = () =>
      database.db
        .select({ clientId: agreementFirstMonths.clientId, startsOn: agreementFirstMonths.startsOn })
        .from(agreementFirstMonths);
    const states = async (who: "steady" | "late", at: Date) =>
      (await clientGuarantee(admin(), ids[who], at))!.milestones.map((m) => [m.state, m.count]);
    // October 20: within the month's return windows, nothing is kept.
    await guaranteeStandings(admin(), now);
    expect(await kept()).toEqual([]);
    // January 2027: past September 1 + 30 days + the longest return window (90 days). Late's month is
    // kept; Steady's waits, one of its September returns not decided yet.
    const january = new Date("2027-01-15T12:00:00Z");
    await guaranteeStandings(admin(), january);
    expect(await kept()).toEqual([{ clientId: ids.late, startsOn: "2026-09-01" }]);
    expect(await states("late", january)).toEqual([
      ["missed", 1],
      ["missed", 21],
    ]);
    // Read from the kept month: its first lead deleted later leaves the record as it was.
    const [gone] = await database.db
      .select({ id: leadDeliveries.leadId })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.clientId, ids.late))
      .orderBy(leadDeliveries.deliveredAt)
      .limit(1);
    await database.db.delete(leads).where(eq(leads.id, gone!.id));
    expect(await states("late", january)).toEqual([
      ["missed", 1],
      ["missed", 21],
    ]);
    // The waiting return decided: Steady's month is kept at the next reading, and reads the same.
    const live = await states("steady", january);
    await database.db
      .update(leadReturns)
      .set({ state: "rejected" })
      .where(and(eq(leadReturns.clientId, ids.steady), eq(leadReturns.state, "requested")));
    await guaranteeStandings(admin(), january);
    expect((await kept()).map((k) => k.clientId).sort()).toEqual([ids.late, ids.steady].sort());
    expect(await states("steady", january)).toEqual(live);
    expect(live).toEqual([
      ["met", 1],
      ["met", 50],
    ]);
    // An agreement that moves its start is read live again for the new start.
    await database.db.insert(clientAgreements).values({
      clientId: ids.late,
      version: 2,
      leadsPerMonth: 50,
      startsOn: "2026-09-09",
      pricePerLead: 40,
      createdAt: new Date("2026-12-01T00:00:00Z"),
    });
    // From September 9 its first lead came on the day (met); 20 of September's and the one moved to it
    // on October 6 are qualified.
    expect(await states("late", january)).toEqual([
      ["met", 1],
      ["missed", 21],
    ]);
  });
});
