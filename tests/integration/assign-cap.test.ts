/**
 * Distribution that honours the agreement (issue 24) on both databases: an assignment, single or bulk,
 * that would pass the client's monthly cap (the month's promise less its net deliveries, as the ledger
 * counts them) assigns nothing and asks; "only the N that fit" takes the first N of the list's order;
 * "all anyway" is an explicit override; a client without an agreement is assigned to, and the answer says
 * so; two bulk assignments at once cannot together pass the cap; the standing flags the month's excess.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  clientAgreements,
  leadDeliveries,
  leadReturns,
  leads,
  notificationSettings,
  profiles,
  user,
  userRoles,
} from "~/db/schema";
import { guaranteeStandings } from "~/features/leads/agreements/ledger.server";
import { overText, riskTexts } from "~/features/leads/agreements/guarantee";
import { handleBulkPost } from "~/features/leads/bulk-action.server";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { handleLeadPost } from "~/features/leads/lead-actions.server";
import { assignLead } from "~/features/leads/lead-commands.server";
import { capMessages, type OverCap } from "~/features/leads/agreements/capacity";
import type { Actor } from "~/lib/actor";
import { permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { answer, ORIGIN, redirectOf } from "../support/route-calls";

// The lead form takes a client id only as a UUID (spec 02).
const ids = {
  admin: crypto.randomUUID(),
  capped: crypto.randomUUID(),
  other: crypto.randomUUID(),
  none: crypto.randomUUID(),
  paced: crypto.randomUUID(),
};
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const adminActor: Actor = {
  ...admin,
  kind: "user",
  email: "admin@cap.test",
  name: "admin@cap.test",
  sessionId: "cap-session",
  roles: ["admin"],
  clientId: null,
  companyRole: null,
  profile: null,
};
const CAP = 25;

const post = (path: string, fields: [string, string][]) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields) });
const bulkPost = (fields: [string, string][]) => handleBulkPost(post("/admin/leads", fields), adminActor);
const leadPost = (leadId: string, fields: [string, string][]) =>
  handleLeadPost(post(`/admin/leads/${leadId}`, fields), adminActor, leadId);
const ticked = (leadIds: readonly string[]) => leadIds.map((id) => ["id", id] as [string, string]);

describe.each(testDatabases)("assigning within the agreement on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;

  beforeAll(async () => {
    const people = [
      { id: ids.admin, role: "admin" as const, company: null },
      { id: ids.capped, role: "client" as const, company: "Cedar Capped" },
      { id: ids.other, role: "client" as const, company: "Oak Other" },
      { id: ids.none, role: "client" as const, company: "Nora Homes" },
      { id: ids.paced, role: "client" as const, company: "Pine Paced" },
    ];
    await db()
      .insert(user)
      .values(
        people.map((p) => ({
          id: p.id,
          email: `${p.company ?? "admin"}@cap.test`.replace(" ", "."),
          name: p.id,
          // In use (signed in before): only such accounts get lead e-mails.
          firstSignedInAt: new Date(),
        })),
      );
    await db()
      .insert(profiles)
      .values(
        people.map((p) => ({
          userId: p.id,
          email: `${p.company ?? "admin"}@cap.test`.replace(" ", "."),
          companyName: p.company,
        })),
      );
    await db()
      .insert(userRoles)
      .values(people.map((p) => ({ userId: p.id, role: p.role })));
    // 25 a month, in force since long before this month: the whole promise is this month's.
    await db().insert(clientAgreements).values({
      clientId: ids.capped,
      version: 1,
      leadsPerMonth: CAP,
      startsOn: "2024-01-01",
      pricePerLead: 40,
    });
    // Room in the month, but at most 2 a day.
    await db().insert(clientAgreements).values({
      clientId: ids.paced,
      version: 1,
      leadsPerMonth: 100,
      dailyPace: 2,
      startsOn: "2024-01-01",
      pricePerLead: 40,
    });
  });
  beforeEach(async () => {
    await db().delete(leads);
  });

  /** Unassigned leads with these last names (the list's "name" order), their ids in the order given. */
  async function unassigned(lastNames: readonly string[]): Promise<string[]> {
    const rows = await db()
      .insert(leads)
      .values(
        lastNames.map((lastName, i) => ({
          firstName: "Cap",
          lastName,
          phone: `+1415555${String(2000 + i)}`,
          address: `${i} Pine St`,
          city: "Austin",
          state: "TX",
          zipCode: "78701",
        })),
      )
      .returning({ id: leads.id, lastName: leads.lastName });
    return lastNames.map((name) => rows.find((r) => r.lastName === name)!.id);
  }
  const holderOf = async (leadIds: readonly string[]) =>
    (
      await db()
        .select({ id: leads.id, to: leads.assignedToClientId })
        .from(leads)
        .where(inArray(leads.id, leadIds))
    )
      .filter((r) => r.to === ids.capped)
      .map((r) => r.id);
  const deliveriesTo = async (clientId: string) =>
    (
      await db()
        .select({ id: leadDeliveries.id })
        .from(leadDeliveries)
        .where(eq(leadDeliveries.clientId, clientId))
    ).length;

  it("holds an assignment to the agreement's daily pace as routing does: asks, names the limit, takes what fits", async () => {
    const three = await unassigned(["P", "Q", "R"]);
    const asked = await bulkLeadAction(admin, { ids: three }, { kind: "assign", clientId: ids.paced });
    expect(asked).toMatchObject({
      overCap: { limit: "day", asked: 3, fit: 2, over: 1, today: 0, dailyPace: 2 },
    });
    const { overCap } = asked as { overCap: OverCap };
    expect(capMessages.over(overCap)).toBe("1 over the daily limit of 2 (0 already today)");
    expect(capMessages.toastOf(overCap).title).toBe("Over today's limit");
    expect(await deliveriesTo(ids.paced)).toBe(0);

    const fitted = await bulkLeadAction(
      admin,
      { ids: three },
      { kind: "assign", clientId: ids.paced, cap: "fit" },
    );
    expect(fitted).toMatchObject({ changed: 2, overCapLeft: 1, limit: "day" });
    expect(capMessages.leftOver(1, false, "day")).toBe("1 lead over today's limit left as they were");
    // Today is full: one more asks again, with nothing left.
    const [fourth] = await unassigned(["S"]);
    expect(
      await bulkLeadAction(admin, { ids: [fourth!] }, { kind: "assign", clientId: ids.paced }),
    ).toMatchObject({ overCap: { limit: "day", fit: 0, over: 1, today: 2 } });
  });

  it("assigns exactly up to the cap, and asks at one over without assigning anything", async () => {
    await deliverLeads(db(), ids.capped, 20);
    const five = await unassigned(["A", "B", "C", "D", "E"]);
    expect(
      await bulkLeadAction(admin, { ids: five }, { kind: "assign", clientId: ids.capped }),
    ).toMatchObject({
      selected: 5,
      changed: 5,
    });
    expect(await deliveriesTo(ids.capped)).toBe(CAP);

    const [one] = await unassigned(["F"]);
    const asked = await bulkLeadAction(admin, { ids: [one!] }, { kind: "assign", clientId: ids.capped });
    const overCap: OverCap = {
      clientId: ids.capped,
      client: "Cedar Capped",
      asked: 1,
      fit: 0,
      over: 1,
      promised: CAP,
      delivered: CAP,
      returned: 0,
      limit: "month",
      today: expect.any(Number) as number,
      dailyPace: null,
      outside: [],
    };
    expect(asked).toEqual({ overCap });
    expect(capMessages.over(overCap)).toBe("1 over this month's cap of 25 (25 already delivered)");
    expect(await holderOf([one!])).toEqual([]);
    expect(await deliveriesTo(ids.capped)).toBe(CAP);

    // The single lead's form asks the same, 200 with the question and nothing changed.
    const single = answer(
      await leadPost(one!, [
        ["intent", "assign"],
        ["assignedToClientId", ids.capped],
      ]),
    );
    expect(single).toMatchObject({
      status: 200,
      data: { ok: false, intent: "assign", toast: capMessages.toast },
    });
    expect((single.data as { overCap?: OverCap }).overCap).toEqual(overCap);
    expect(await holderOf([one!])).toEqual([]);
    // Overridden: assigned.
    const forced = answer(
      await leadPost(one!, [
        ["intent", "assign"],
        ["assignedToClientId", ids.capped],
        ["capChoice", "all"],
      ]),
    );
    expect(forced).toMatchObject({
      status: 200,
      data: {
        ok: true,
        toast: { text: "Lead updated successfully" },
        // Beside the spec's toast, what was done and to whom, as the client's settings make them hear it.
        done: "Assigned to Cedar Capped; they are e-mailed about it.",
      },
    });
    expect(await holderOf([one!])).toEqual([one]);
  });

  it("counts an approved return as room for its replacement, as the ledger does", async () => {
    const held = await deliverLeads(db(), ids.capped, CAP);
    const [delivery] = await db()
      .select({ id: leadDeliveries.id })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, held[0]!));
    await db().insert(leadReturns).values({
      deliveryId: delivery!.id,
      leadId: held[0]!,
      clientId: ids.capped,
      reason: "wrong_number",
      state: "approved",
    });
    const [replacement, extra] = await unassigned(["R", "S"]);
    expect(await assignLead(admin, replacement!, ids.capped)).toBe(true);
    expect(await assignLead(admin, extra!, ids.capped)).toMatchObject({
      overCap: { promised: CAP, delivered: CAP + 1, returned: 1, fit: 0, over: 1 },
    });
  });

  it("asks when a bulk assignment passes the cap, then assigns only the first N of the list's order", async () => {
    await deliverLeads(db(), ids.capped, 20);
    // Ticked in another order than the list's: the list is sorted by name, so B, C, D, E, F fit.
    const byName = await unassigned(["B", "C", "D", "E", "F", "G", "H"]);
    const shuffled = [byName[6]!, byName[2]!, byName[0]!, byName[5]!, byName[3]!, byName[1]!, byName[4]!];
    const fields: [string, string][] = [
      ["scope", "ticked"],
      ["filters", "?sort=name"],
      ...ticked(shuffled),
      ["bulkAction", "assign"],
      ["clientId", ids.capped],
    ];
    const question = answer(await bulkPost(fields));
    expect(question).toMatchObject({
      status: 200,
      data: {
        confirmOverCap: {
          overCap: { client: "Cedar Capped", asked: 7, fit: 5, over: 2, promised: CAP, delivered: 20 },
          input: { bulkAction: "assign", clientId: ids.capped, id: shuffled, filters: "?sort=name" },
        },
      },
    });
    const { overCap } = (question.data as unknown as { confirmOverCap: { overCap: OverCap } }).confirmOverCap;
    expect(capMessages.over(overCap)).toBe("2 over this month's cap of 25 (20 already delivered)");
    expect(capMessages.fit(overCap)).toBe("Assign only the 5 that fit");
    expect(capMessages.all(overCap)).toBe("Assign all 7 anyway");
    expect(await holderOf(byName)).toEqual([]);

    const done = redirectOf(await bulkPost([...fields, ["capChoice", "fit"]]));
    expect(done.location).toMatch(/^\/admin\/leads\?sort=name&done=[0-9a-f-]{36}$/);
    expect(done.flash).toMatchObject({
      kind: "success",
      text: "5 leads assigned. 2 leads over this month's cap left as they were",
    });
    expect((await holderOf(byName)).sort()).toEqual(byName.slice(0, 5).sort());
    expect(await deliveriesTo(ids.capped)).toBe(CAP);
  });

  it("takes the first N of every lead matching the filters, in the list's order", async () => {
    await deliverLeads(db(), ids.capped, 22);
    const byName = await unassigned(["K", "L", "M", "N"]);
    const done = redirectOf(
      await bulkPost([
        ["scope", "matching"],
        ["filters", "?client=unassigned&sort=name"],
        ["bulkAction", "assign"],
        ["clientId", ids.capped],
        ["capChoice", "fit"],
      ]),
    );
    expect(done.flash).toMatchObject({
      text: "3 leads assigned. 1 lead over this month's cap left as they were",
    });
    expect((await holderOf(byName)).sort()).toEqual(byName.slice(0, 3).sort());
  });

  it("assigns all of them on the explicit override, and the standing says how far over the month went", async () => {
    // The start's milestones met long ago (50 leads in its first days), so this month is all that shows.
    await deliverLeads(db(), ids.capped, 50, new Date("2024-01-02T00:00:00Z"), 10);
    await deliverLeads(db(), ids.capped, 20);
    const eight = await unassigned(["P", "Q", "R", "S", "T", "U", "V", "W"]);
    const done = redirectOf(
      await bulkPost([
        ...ticked(eight),
        ["bulkAction", "assign"],
        ["clientId", ids.capped],
        ["capChoice", "all"],
      ]),
    );
    expect(done.flash).toMatchObject({ text: "8 leads assigned" });
    expect(await deliveriesTo(ids.capped)).toBe(50 + 28);
    const standing = (await guaranteeStandings(admin)).get(ids.capped)!;
    expect(standing.thisMonth).toMatchObject({ promised: CAP, netDelivered: 28, over: 3, short: 0 });
    expect(overText(standing.thisMonth)).toBe("Over by 3 this month");
    expect(riskTexts[standing.risk]).toBe("Over this month's promise");
  });

  it("assigns to a client without an agreement, and says that no cap was checked", async () => {
    const three = await unassigned(["X", "Y", "Z"]);
    const done = redirectOf(
      await bulkPost([...ticked(three.slice(0, 2)), ["bulkAction", "assign"], ["clientId", ids.none]]),
    );
    expect(done.flash).toMatchObject({
      kind: "success",
      text: "2 leads assigned. Nora Homes has no agreement yet, so no monthly cap was checked",
    });
    const single = answer(
      await leadPost(three[2]!, [
        ["intent", "assign"],
        ["assignedToClientId", ids.none],
      ]),
    );
    expect(single).toMatchObject({
      status: 200,
      data: {
        ok: true,
        toast: { text: "Lead updated successfully" },
      },
    });
    expect((single.data as { note?: string }).note).toBe(
      "Nora Homes has no agreement yet, so no monthly cap was checked.",
    );
    const held = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.assignedToClientId, ids.none));
    expect(held).toHaveLength(3);
    // A client with an agreement and room: the toast says nothing more.
    const [fits] = await unassigned(["Q"]);
    const quiet = answer(
      await leadPost(fits!, [
        ["intent", "assign"],
        ["assignedToClientId", ids.capped],
      ]),
    );
    expect(quiet.data.toast?.text).toBe("Lead updated successfully");
    expect((quiet.data as { note?: string }).note).toBeUndefined();
    // A client who chose a daily digest: the sentence says so.
    await db().insert(notificationSettings).values({ userId: ids.other, newLeads: "digest" });
    const [daily] = await unassigned(["R"]);
    const digest = answer(
      await leadPost(daily!, [
        ["intent", "assign"],
        ["assignedToClientId", ids.other],
      ]),
    );
    expect((digest.data as { done?: string }).done).toBe(
      "Assigned to Oak Other; it goes in their daily e-mail of new leads.",
    );
  });

  it("lets two bulk assignments at once take the cap one after the other: together never past it", async () => {
    await deliverLeads(db(), ids.capped, 5);
    const first = await unassigned(
      Array.from({ length: 15 }, (_, i) => `First${String(i).padStart(2, "0")}`),
    );
    const second = await unassigned(
      Array.from({ length: 15 }, (_, i) => `Second${String(i).padStart(2, "0")}`),
    );
    const results = await Promise.all(
      [first, second].map((batch) =>
        bulkLeadAction(admin, { ids: batch }, { kind: "assign", clientId: ids.capped }),
      ),
    );
    // 5 + 15 fit; the other 15 would make 35 of 25: that one asks, whichever came second.
    const assigned = results.filter((r) => "changed" in r);
    const asked = results.filter((r) => "overCap" in r);
    expect(assigned).toMatchObject([{ selected: 15, changed: 15 }]);
    expect(asked).toMatchObject([{ overCap: { asked: 15, fit: 5, over: 10, delivered: 20 } }]);
    expect(await deliveriesTo(ids.capped)).toBe(20);

    // Both taking "only those that fit" at once: 5 left, and 5 is all they get together.
    const third = await unassigned(Array.from({ length: 4 }, (_, i) => `Third${i}`));
    const fourth = await unassigned(Array.from({ length: 4 }, (_, i) => `Fourth${i}`));
    const fitted = await Promise.all(
      [third, fourth].map((batch) =>
        bulkLeadAction(admin, { ids: batch }, { kind: "assign", clientId: ids.capped, cap: "fit" }),
      ),
    );
    expect(fitted.map((r) => ("changed" in r ? r.changed : -1)).sort()).toEqual([1, 4]);
    expect(await deliveriesTo(ids.capped)).toBe(CAP);
    const rows = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.assignedToClientId, ids.capped), inArray(leads.id, [...third, ...fourth])))
      .orderBy(asc(leads.lastName));
    expect(rows).toHaveLength(5);
  });
});
