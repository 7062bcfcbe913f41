/**
 * Returns (issue 15) on both databases: deliveries kept by the database whatever way a lead is
 * assigned; the return window and the monthly cap at their edges (time frozen); the request and the
 * decision through the real routes with real sessions, each writing the timeline and an e-mail to the
 * other side; and a client never sees or touches another client's returns.
 */
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  clientAgreements,
  leadActivities,
  leadDeliveries,
  leadReturns,
  leads,
  mailOutbox,
} from "~/db/schema";
import { guaranteeStandings } from "~/features/leads/agreements/ledger.server";
import { submitFeedback } from "~/features/leads/client-leads.server";
import { leadTimeline } from "~/features/leads/lead-queries.server";
import { unavailableText } from "~/features/leads/returns/return-standing";
import { decideReturn, requestReturn, returnStanding } from "~/features/leads/returns/returns.server";
import { permissionsOf } from "~/lib/permissions";
import { loader as clientsLoader } from "~/routes/admin/clients/list";
import { action as queueAction, loader as queueLoader } from "~/routes/admin/returns";
import { action as clientLeadAction, loader as clientLeadLoader } from "~/routes/client/lead";
import { testDatabases } from "../support/databases";
import { deliverLeads } from "../support/lead-deliveries";
import { stubAuthEnv, signedInAccounts, useTestDatabase } from "../support/integration-fixtures";
import { answer, callRoute, formRequest, getRequest, redirectOf, statusOf } from "../support/route-calls";

stubAuthEnv({ NOTIFY_EMAIL: "staff@leadworks.test" });

const PASSWORD = "Harbor-Light-42";
const DAY = 24 * 60 * 60 * 1000;

type Account = "plain" | "clientA" | "clientB" | "admin";
type Who = "anonymous" | Account;

const accounts: Record<Account, { role?: "admin" | "client"; companyName?: string }> = {
  plain: {},
  clientA: { role: "client", companyName: "Alpha Homes" },
  clientB: { role: "client", companyName: "Bravo Capital" },
  admin: { role: "admin" },
};

describe.each(testDatabases)("returns on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  const actorOf = (who: Account) => ({
    id: ids[who],
    permissions: permissionsOf(accounts[who].role ? [accounts[who].role!] : []),
  });

  beforeAll(async () => {
    // Client A's agreement: 7 days to return, at most 20% of a month's deliveries.
    await database.db.insert(clientAgreements).values({
      clientId: ids.clientA,
      version: 1,
      leadsPerMonth: 50,
      startsOn: "2026-11-01",
      pricePerLead: 40,
      returnWindowDays: 7,
      returnCapPercent: 20,
    });
  });

  /** Leads assigned to `client` (the trigger opens their deliveries), then moved to `deliveredAt`. */
  const deliver = (client: Account | null, n: number, deliveredAt?: Date) =>
    deliverLeads(database.db, client ? ids[client] : null, n, deliveredAt);
  const deliveriesOf = (leadId: string) =>
    database.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, leadId))
      .orderBy(asc(leadDeliveries.deliveredAt), asc(leadDeliveries.endedAt));
  const lastMail = async () =>
    (await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1))[0]!;

  const call = (who: Who) => (who === "anonymous" ? {} : { cookie: cookies[who] });
  const clientPost = (who: Who, leadId: string, fields: Record<string, string>) =>
    callRoute(clientLeadAction, formRequest(`/client/leads/${leadId}`, fields, call(who)), { id: leadId });
  const clientPage = (who: Who, leadId: string) =>
    callRoute(clientLeadLoader, getRequest(`/client/leads/${leadId}`, call(who)), { id: leadId });
  const queue = (who: Who, search = "") =>
    callRoute(queueLoader, getRequest(`/admin/returns${search}`, call(who)));
  const decide = (who: Who, fields: Record<string, string>) =>
    callRoute(queueAction, formRequest("/admin/returns?state=requested", fields, call(who)));

  it("keeps a delivery for every way a lead changes hands, and only then", async () => {
    const [leadId] = await deliver("clientA", 1);
    expect(await deliveriesOf(leadId!)).toMatchObject([{ clientId: ids.clientA, endedAt: null }]);
    await database.db.update(leads).set({ city: "Evanston" }).where(eq(leads.id, leadId!));
    expect(await deliveriesOf(leadId!)).toHaveLength(1);
    await database.db.update(leads).set({ assignedToClientId: ids.clientB }).where(eq(leads.id, leadId!));
    await database.db.update(leads).set({ assignedToClientId: null }).where(eq(leads.id, leadId!));
    const [first, second] = await deliveriesOf(leadId!);
    expect(first).toMatchObject({ clientId: ids.clientA });
    expect(first!.endedAt).not.toBeNull();
    expect(second).toMatchObject({ clientId: ids.clientB });
    expect(second!.endedAt).not.toBeNull();
    // A bulk assignment (one UPDATE of many rows) opens one delivery per lead.
    const pool = await deliver(null, 25);
    await database.db.update(leads).set({ assignedToClientId: ids.clientB }).where(inArray(leads.id, pool));
    const open = await database.db
      .select()
      .from(leadDeliveries)
      .where(and(inArray(leadDeliveries.leadId, pool), isNull(leadDeliveries.endedAt)));
    expect(open).toHaveLength(25);
  });

  it("opens the window for exactly the agreement's days after delivery", async () => {
    const deliveredAt = new Date("2026-03-10T15:00:00Z");
    await deliver("clientA", 10, deliveredAt); // 10 in March: 2 returns allowed
    const [leadId] = await deliver("clientA", 1, deliveredAt);
    const client = actorOf("clientA");
    const lastMoment = new Date(deliveredAt.getTime() + 7 * DAY - 1);
    expect(await returnStanding(client, leadId!, lastMoment)).toMatchObject({ kind: "available", left: 2 });
    const closed = await returnStanding(client, leadId!, new Date(deliveredAt.getTime() + 7 * DAY));
    expect(closed).toMatchObject({ kind: "window_closed", days: 7 });
    expect(unavailableText(closed)).toBe(
      "Returns for this lead closed on Mar 17, 2026: your agreement allows 7 days after delivery.",
    );
    const late = await requestReturn(
      client,
      leadId!,
      { reason: "not_owner", note: "" },
      new Date("2026-03-20T00:00:00Z"),
    );
    expect(late).toMatchObject({ ok: false, standing: { kind: "window_closed" } });
  });

  it("caps a month's returns at the agreement's share of that month's deliveries, rounded down", async () => {
    const client = actorOf("clientA");
    const april = new Date("2026-04-30T23:59:59Z");
    const leadIds = await deliver("clientA", 14, april); // 14 x 20% = 2.8: 2 returns
    const now = new Date("2026-05-02T00:00:00Z");
    const ask = (leadId: string) => requestReturn(client, leadId, { reason: "wrong_number", note: "" }, now);
    expect(await ask(leadIds[0]!)).toEqual({ ok: true });
    expect(await returnStanding(client, leadIds[1]!, now)).toMatchObject({ kind: "available", left: 1 });
    expect(await ask(leadIds[1]!)).toEqual({ ok: true });
    const over = await returnStanding(client, leadIds[2]!, now);
    expect(over).toMatchObject({ kind: "over_cap", used: 2, allowed: 2, delivered: 14, percent: 20 });
    expect(unavailableText(over)).toBe(
      "Your agreement allows 2 returns for the 14 leads delivered in April 2026 (20%, and always at least one), and 2 have been asked for. If this lead is not what we promised, tell your account manager.",
    );
    // May's deliveries have a cap of their own: one delivered on May 1 is not held back by April's.
    const may = await deliver("clientA", 5, new Date("2026-05-01T00:00:00Z")); // 5 x 20% = 1
    expect(await returnStanding(client, may[0]!, now)).toMatchObject({ kind: "available", left: 1 });
    // A rejected return gives its place back.
    const [waiting] = await database.db
      .select({ id: leadReturns.id })
      .from(leadReturns)
      .where(eq(leadReturns.leadId, leadIds[0]!));
    expect(
      await decideReturn(actorOf("admin"), {
        returnId: waiting!.id,
        decision: "reject",
        decisionNote: "It is the owner",
      }),
    ).toEqual({ ok: true });
    expect(await returnStanding(client, leadIds[2]!, now)).toMatchObject({ kind: "available", left: 1 });
    // Too few deliveries for one whole return (4 x 20% = 0.8): still one, so a bad lead can go back.
    const june = await deliver("clientA", 4, new Date("2026-06-03T00:00:00Z"));
    expect(await returnStanding(client, june[0]!, new Date("2026-06-04T00:00:00Z"))).toMatchObject({
      kind: "available",
      left: 1,
    });
  });

  it("lets a new client return the first lead of a month, under the default 20% cap", async () => {
    // Client B has no agreement: the default terms (7 days, 20%). One lead is 0.2 of a return: one.
    const client = actorOf("clientB");
    const [first] = await deliver("clientB", 1, new Date("2026-08-05T10:00:00Z"));
    const now = new Date("2026-08-06T00:00:00Z");
    expect(await returnStanding(client, first!, now)).toMatchObject({ kind: "available", left: 1 });
    expect(await requestReturn(client, first!, { reason: "wrong_number", note: "" }, now)).toEqual({
      ok: true,
    });
    // The second lead of August (2 x 20% = 0.4): still one in all, and it is taken.
    const [second] = await deliver("clientB", 1, new Date("2026-08-05T11:00:00Z"));
    const over = await returnStanding(client, second!, now);
    expect(over).toMatchObject({ kind: "over_cap", used: 1, allowed: 1, delivered: 2, percent: 20 });
    expect(unavailableText(over)).toBe(
      "Your agreement allows 1 return for the 2 leads delivered in August 2026 (20%, and always at least one), and 1 has been asked for. If this lead is not what we promised, tell your account manager.",
    );
    // Decided, so the queue's tests below see client A's requests only.
    const [asked] = await database.db
      .select({ id: leadReturns.id })
      .from(leadReturns)
      .where(eq(leadReturns.leadId, first!));
    const decision = { returnId: asked!.id, decision: "reject" as const, decisionNote: "Not a wrong number" };
    expect(await decideReturn(actorOf("admin"), decision)).toEqual({ ok: true });
  });

  it("lets two requests race for the last return of the cap: exactly one wins", async () => {
    const client = actorOf("clientA");
    const july = await deliver("clientA", 5, new Date("2026-07-01T12:00:00Z")); // 1 return
    const now = new Date("2026-07-02T00:00:00Z");
    const results = await Promise.all(
      july.slice(0, 3).map((id) => requestReturn(client, id, { reason: "duplicate", note: "" }, now)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("takes a client's request through the lead page: messages, the e-mail to staff, the timeline", async () => {
    const [leadId] = await deliver("clientA", 1);
    await deliver("clientA", 9); // ten this month: two returns
    const bad = answer(await clientPost("clientA", leadId!, { intent: "return", reason: "", note: "" }));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ reason: "Choose why you are returning this lead" });
    const other = answer(
      await clientPost("clientA", leadId!, { intent: "return", reason: "other", note: "" }),
    );
    expect(other.data.fieldErrors).toEqual({ note: "Tell us why in the note" });
    const long = answer(
      await clientPost("clientA", leadId!, { intent: "return", reason: "other", note: "n".repeat(1001) }),
    );
    expect(long.data.fieldErrors).toEqual({ note: "Note must be at most 1,000 characters" });
    expect(long.data.values?.note).toHaveLength(1001);

    // Client B does not hold the lead: as missing as an unknown one.
    expect(
      statusOf(await clientPost("clientB", leadId!, { intent: "return", reason: "not_owner", note: "" })),
    ).toBe(404);
    expect(await database.db.select().from(leadReturns).where(eq(leadReturns.leadId, leadId!))).toHaveLength(
      0,
    );

    const done = redirectOf(
      await clientPost("clientA", leadId!, {
        intent: "return",
        reason: "not_owner",
        note: "Tenant, not the owner",
      }),
    );
    expect(done.location).toBe(`/client/leads/${leadId}`);
    expect(done.flash).toMatchObject({ title: "Return requested" });
    const mail = await lastMail();
    expect(mail.toAddress).toBe("staff@leadworks.test");
    expect(mail.subject).toBe("Return requested: Seller No" + mail.subject.split("Seller No")[1]);
    expect(mail.textBody).toContain("Not the owner");
    expect(mail.textBody).toContain("Tenant, not the owner");

    const again = answer(
      await clientPost("clientA", leadId!, { intent: "return", reason: "not_owner", note: "" }),
    );
    expect(again.status).toBe(409);
    expect(again.data.toast).toMatchObject({ text: "You have already asked to return this lead." });

    const page = answer(await clientPage("clientA", leadId!)).data as unknown as {
      returnStanding: { kind: string; request: { state: string } };
      lead: { activities: { activityType: string }[] };
    };
    expect(page.returnStanding).toMatchObject({ kind: "made", request: { state: "requested" } });
    expect(page.lead.activities[0]).toMatchObject({ activityType: "return_requested" });
  });

  it("records Not Interested at once, takes its reason afterwards, and keeps a closed deal's figures, for the client and the agency only", async () => {
    const [leadId] = await deliver("clientA", 1);
    const feedback = (who: Who, fields: Record<string, string>) =>
      clientPost(who, leadId!, {
        notes: "",
        notInterestedReason: "",
        dealPurchasePrice: "",
        dealProfit: "",
        ...fields,
      });
    // Not Interested is never refused for want of a reason (spec 02: the four buttons have no condition).
    const first = answer(
      await feedback("clientA", { feedbackStatus: "not_interested", notes: "Too far out of town" }),
    );
    expect(first.status).toBe(200);
    let row = (await database.db.select().from(leads).where(eq(leads.id, leadId!)))[0]!;
    expect(row).toMatchObject({ clientFeedbackStatus: "not_interested", notInterestedReason: null });
    // The page then asks why; the answer comes as the same feedback with its reason, the note kept.
    const refused = answer(
      await feedback("clientA", { feedbackStatus: "not_interested", notInterestedReason: "cheap" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ notInterestedReason: "Choose why it is not a fit" });
    expect(
      answer(
        await feedback("clientA", {
          feedbackStatus: "not_interested",
          notes: "Too far out of town",
          notInterestedReason: "location",
        }),
      ).status,
    ).toBe(200);
    row = (await database.db.select().from(leads).where(eq(leads.id, leadId!)))[0]!;
    expect(row.clientNotes).toBe("Too far out of town");
    expect(row).toMatchObject({ clientFeedbackStatus: "not_interested", notInterestedReason: "location" });
    const [entry] = await database.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.leadId, leadId!))
      .orderBy(desc(leadActivities.createdAt))
      .limit(1);
    expect(entry!.description).toBe("Feedback: Not Interested (Location)");

    expect(
      answer(
        await feedback("clientA", {
          feedbackStatus: "deal_closed",
          dealPurchasePrice: "$182,500",
          dealProfit: "14,000",
        }),
      ).status,
    ).toBe(200);
    row = (await database.db.select().from(leads).where(eq(leads.id, leadId!)))[0]!;
    expect(row).toMatchObject({ notInterestedReason: null, dealPurchasePrice: 182500, dealProfit: 14000 });
    // Client B cannot write figures on A's lead: 404, nothing changed.
    expect(statusOf(await feedback("clientB", { feedbackStatus: "deal_closed", dealProfit: "1" }))).toBe(404);
    expect((await database.db.select().from(leads).where(eq(leads.id, leadId!)))[0]!.dealProfit).toBe(14000);
  });

  it("keeps the queue and its decisions to admins, and decides each return once", async () => {
    for (const who of ["plain", "clientA"] as const) {
      expect(redirectOf(await queue(who)).location).toBe("/");
      expect(
        redirectOf(
          await decide(who, { returnId: crypto.randomUUID(), decision: "approve", decisionNote: "" }),
        ).location,
      ).toBe("/");
    }
    const waiting = answer(await queue("admin")).data as unknown as {
      rows: { id: string; leadId: string; client: string; state: string }[];
      total: number;
    };
    expect(waiting.rows.length).toBeGreaterThan(0);
    expect(waiting.rows.every((r) => r.state === "requested" && r.client === "Alpha Homes")).toBe(true);
    const onlyB = answer(await queue("admin", `?client=${ids.clientB}`)).data as unknown as {
      rows: unknown[];
    };
    expect(onlyB.rows).toHaveLength(0);
    const byReason = answer(await queue("admin", "?reason=not_owner")).data as unknown as {
      rows: { reason: string }[];
    };
    expect(byReason.rows.length).toBeGreaterThan(0);
    expect(byReason.rows.every((r) => r.reason === "not_owner")).toBe(true);

    const target = waiting.rows.at(-1)!;
    const noNote = answer(
      await decide("admin", { returnId: target.id, decision: "reject", decisionNote: "" }),
    );
    expect(noNote.status).toBe(400);
    expect(noNote.data.fieldErrors).toEqual({
      decisionNote: "Say why the return is rejected: the client sees it",
    });

    const approved = redirectOf(
      await decide("admin", { returnId: target.id, decision: "approve", decisionNote: "" }),
    );
    // Back to the queue (waiting, its default) with what was done, which stays on the page.
    expect(approved.location).toBe("/admin/returns?done=approve.1.0.0");
    expect(approved.flash).toMatchObject({ title: "Return approved" });
    const mail = await lastMail();
    expect(mail.toAddress).toBe("clienta@example.com");
    expect(mail.subject).toMatch(/^Return approved: /);
    expect(mail.textBody).toContain("we owe you a replacement lead");

    const twice = answer(
      await decide("admin", { returnId: target.id, decision: "reject", decisionNote: "No" }),
    );
    expect(twice.status).toBe(409);
    expect(twice.data.toast).toMatchObject({ title: "Already decided" });
    expect(
      statusOf(
        await decide("admin", { returnId: crypto.randomUUID(), decision: "approve", decisionNote: "" }),
      ),
    ).toBe(404);

    const page = answer(await clientPage("clientA", target.leadId)).data as unknown as {
      returnStanding: { request: { state: string } };
    };
    expect(page.returnStanding.request.state).toBe("approved");

    // The lead goes to client B: B's timeline shows none of A's return.
    await database.db
      .update(leads)
      .set({ assignedToClientId: ids.clientB })
      .where(eq(leads.id, target.leadId));
    const forB = await leadTimeline(target.leadId, { forClient: ids.clientB });
    expect(forB.filter((a) => a.activityType.startsWith("return_"))).toEqual([]);
    const forA = await leadTimeline(target.leadId, { forClient: ids.clientA });
    expect(forA.map((a) => a.activityType)).toEqual(
      expect.arrayContaining(["return_requested", "return_approved"]),
    );
    const entries = await database.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.leadId, target.leadId));
    expect(entries.find((e) => e.activityType === "return_approved")?.description).toBe(
      "Return approved: a replacement lead is owed",
    );
  });

  it("decides ticked returns in bulk with one note, each as a single decision, for admins only", async () => {
    const admin = actorOf("admin");
    // Enough deliveries this month for four more of A's returns, and one of B's.
    const forA = await deliver("clientA", 30);
    const [forB] = await deliver("clientB", 1);
    const askA = forA.slice(0, 4);
    for (const leadId of askA) {
      expect(await requestReturn(actorOf("clientA"), leadId, { reason: "not_owner", note: "" })).toEqual({
        ok: true,
      });
    }
    expect(await requestReturn(actorOf("clientB"), forB!, { reason: "duplicate", note: "Had it" })).toEqual({
      ok: true,
    });
    // The client's feedback on a lead before they asked: the queue carries it as evidence.
    await submitFeedback(actorOf("clientA"), askA[0]!, {
      feedbackStatus: "contacted",
      notes: "Voicemail full twice; a tenant answered the third time",
    });
    const returnOf = async (leadId: string) =>
      (await database.db.select().from(leadReturns).where(eq(leadReturns.leadId, leadId)))[0]!;
    const [a1, a2, a3, a4] = await Promise.all(askA.map(returnOf));
    const b1 = await returnOf(forB!);

    type Row = {
      id: string;
      client: string;
      feedback: { status: string; notes: string }[];
      windowDays: number;
    };
    const byClient = answer(await queue("admin", "?sort=client")).data as unknown as { rows: Row[] };
    const clientsInOrder = byClient.rows.map((r) => r.client);
    expect(clientsInOrder).toEqual([...clientsInOrder].sort());
    expect(clientsInOrder).toContain("Bravo Capital");
    const backwards = answer(await queue("admin", "?sort=client_desc")).data as unknown as { rows: Row[] };
    expect(backwards.rows[0]!.client).toBe("Bravo Capital");
    const evidence = byClient.rows.find((r) => r.id === a1!.id)!;
    expect(evidence.windowDays).toBe(7);
    expect(evidence.feedback).toEqual([
      expect.objectContaining({
        status: "contacted",
        notes: "Voicemail full twice; a tenant answered the third time",
      }),
    ]);
    expect(byClient.rows.find((r) => r.id === b1.id)!.windowDays).toBe(7);

    const bulk = (who: Who, ids: string[], decision: string, decisionNote: string, search = "") =>
      callRoute(
        queueAction,
        formRequest(
          `/admin/returns${search}`,
          [
            ...ids.map((id) => ["returnId", id] as [string, string]),
            ["decision", decision],
            ["decisionNote", decisionNote],
          ],
          call(who),
        ),
      );
    const waitingCount = async () =>
      (await database.db.select().from(leadReturns).where(eq(leadReturns.state, "requested"))).length;
    const before = await waitingCount();

    // Not an admin: sent away, nothing decided.
    for (const who of ["plain", "clientA"] as const) {
      expect(redirectOf(await bulk(who, [a1!.id, b1.id], "approve", "")).location).toBe("/");
    }
    // Refusals at the bar, with the single decision's messages; nothing decided.
    const noNote = answer(await bulk("admin", [a1!.id, a2!.id], "reject", "  "));
    expect(noNote.status).toBe(400);
    expect(noNote.data.fieldErrors).toEqual({
      decisionNote: "Say why the return is rejected: the client sees it",
    });
    const none = answer(await bulk("admin", [], "approve", ""));
    expect(none.status).toBe(400);
    expect(none.data.fieldErrors).toEqual({ returnId: "Tick the returns to decide" });
    const noChoice = answer(await bulk("admin", [a1!.id], "", ""));
    expect(noChoice.data.fieldErrors).toEqual({ decision: "Choose approve or reject" });
    expect(await waitingCount()).toBe(before);

    // A, A and B approved with one note; one already decided, one unknown and one not an id reported.
    const standingBefore = (await guaranteeStandings(admin)).get(ids.clientA)!.thisMonth;
    const outboxBefore = (await database.db.select().from(mailOutbox)).length;
    const alreadyDecided = (
      await database.db.select().from(leadReturns).where(eq(leadReturns.state, "approved"))
    )[0]!;
    const done = redirectOf(
      await bulk(
        "admin",
        [a1!.id, a2!.id, b1.id, a1!.id, alreadyDecided.id, crypto.randomUUID(), "not-an-id"],
        "approve",
        "Replacements go out this week",
        `?sort=client&state=requested&done=reject.9.9.9`,
      ),
    );
    expect(done.location).toBe("/admin/returns?sort=client&done=approve.3.1.2");
    expect(done.flash).toMatchObject({
      title: "Returns approved",
      text: "Approved 3 returns; 1 was already decided; 2 were not found. Each client is told by e-mail.",
    });
    for (const r of [a1!, a2!, b1]) {
      expect(await returnOf(r.leadId)).toMatchObject({
        state: "approved",
        decidedBy: ids.admin,
        decisionNote: "Replacements go out this week",
      });
      const [entry] = await database.db
        .select()
        .from(leadActivities)
        .where(and(eq(leadActivities.leadId, r.leadId), eq(leadActivities.activityType, "return_approved")));
      expect(entry!.description).toBe(
        "Return approved: a replacement lead is owed. Replacements go out this week",
      );
    }
    // The ledger: A's two approved returns leave this month's net deliveries and owe replacements.
    const standingAfter = (await guaranteeStandings(admin)).get(ids.clientA)!.thisMonth;
    expect(standingAfter.returned - standingBefore.returned).toBe(2);
    expect(standingAfter.netDelivered - standingBefore.netDelivered).toBe(-2);
    expect(standingAfter.replacementsOwed - standingBefore.replacementsOwed).toBe(2);
    // One e-mail per client return decided, to that client, with the note; none for the others.
    const mails = (await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt))).slice(
      outboxBefore,
    );
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      "clienta@example.com",
      "clienta@example.com",
      "clientb@example.com",
    ]);
    expect(mails.every((m) => /^Return approved: /.test(m.subject))).toBe(true);
    expect(mails.every((m) => m.textBody.includes("Replacements go out this week"))).toBe(true);

    // The queue shows what was done while the URL says so.
    const shown = answer(await queue("admin", "?done=approve.3.1.2")).data as unknown as {
      query: { done: unknown };
      rows: { id: string }[];
    };
    expect(shown.query.done).toEqual({ decision: "approve", decided: 3, already: 1, missing: 2 });
    expect(shown.rows.map((r) => r.id)).not.toContain(a1!.id);

    // Rejected in bulk with one note: each client told why.
    const rejected = redirectOf(await bulk("admin", [a3!.id, a4!.id], "reject", "Both reached the owner"));
    expect(rejected.location).toBe("/admin/returns?done=reject.2.0.0");
    expect(rejected.flash).toMatchObject({
      title: "Returns rejected",
      text: "Rejected 2 returns. Each client is told by e-mail.",
    });
    for (const r of [a3!, a4!]) {
      expect(await returnOf(r.leadId)).toMatchObject({
        state: "rejected",
        decisionNote: "Both reached the owner",
      });
    }
    const [rejectMail] = await database.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(rejectMail!.subject).toMatch(/^Return not accepted: /);
    expect(rejectMail!.textBody).toContain("Both reached the owner");

    // Nothing left to decide among those ticked: the single decision's refusals, never a 500.
    const again = answer(await bulk("admin", [a1!.id, a3!.id], "approve", ""));
    expect(again.status).toBe(409);
    expect(again.data.toast).toMatchObject({ title: "Already decided" });
    const unknown = answer(await bulk("admin", [crypto.randomUUID(), "x".repeat(100)], "approve", ""));
    expect(unknown.status).toBe(404);
    expect(unknown.data.toast).toMatchObject({ title: "Error", text: "Return not found" });
    expect(await returnOf(a3!.leadId)).toMatchObject({ state: "rejected" });

    // /admin/clients counts each client's returns waiting and this month's deliveries, and sorts by them.
    const listed = answer(
      await callRoute(clientsLoader, getRequest("/admin/clients?sort=returns", call("admin"))),
    ).data as unknown as {
      sort: string;
      clients: {
        id: string;
        returnsWaiting: number;
        deliveredThisMonth: number;
        lastDeliveredAt: Date | null;
      }[];
    };
    expect(listed.sort).toBe("returns");
    const waitingOf = async (clientId: string) =>
      (
        await database.db
          .select()
          .from(leadReturns)
          .where(and(eq(leadReturns.clientId, clientId), eq(leadReturns.state, "requested")))
      ).length;
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const deliveredOf = async (clientId: string) =>
      (await database.db.select().from(leadDeliveries).where(eq(leadDeliveries.clientId, clientId))).filter(
        (d) => d.deliveredAt >= monthStart,
      ).length;
    const [first, second] = listed.clients;
    expect(first).toMatchObject({ id: ids.clientA, returnsWaiting: await waitingOf(ids.clientA) });
    expect(first!.returnsWaiting).toBeGreaterThan(0);
    expect(second).toMatchObject({
      id: ids.clientB,
      returnsWaiting: 0,
      deliveredThisMonth: await deliveredOf(ids.clientB),
    });
    expect(second!.lastDeliveredAt).toBeInstanceOf(Date);
  });
});
