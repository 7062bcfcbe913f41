/**
 * The insights (issue 15) on both databases, for a scripted fortnight checked to the unit: deliveries
 * through the assignment trigger, then dated; statuses, feedback, returns and deals written as the
 * product stores them. Per week and source, the funnel, response times to the hour, returns, Not
 * Interested, deals and a client's return on spend; a client sees only theirs; bad ranges are refused.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clientAgreements, leadActivities, leadDeliveries, leadReturns, leads, user } from "~/db/schema";
import { submitFeedback } from "~/features/leads/client-leads.server";
import { agencyInsights, ownInsights, type Insights } from "~/features/leads/insights/insights.server";
import { insightTable } from "~/features/leads/insights/insight-tables";
import { NotAllowedError, permissionsOf } from "~/lib/permissions";
import { loader as adminPage } from "~/routes/admin/insights";
import { loader as adminCsv } from "~/routes/admin/insights-export";
import { loader as clientPage } from "~/routes/client/insights";
import { loader as clientCsv } from "~/routes/client/insights-export";
import { testDatabases } from "../support/databases";
import { deliverLeads } from "../support/lead-deliveries";
import { confirmedUser, sessionCookie, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { answer, callRoute, getRequest, statusOf } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
const range = { from: "2026-10-05", to: "2026-10-18" };
const HOUR = 60 * 60 * 1000;

describe.each(testDatabases)("insights on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const ids = {} as Record<"admin" | "alpha" | "beta", string>;
  const cookies = {} as Record<"admin" | "alpha" | "beta", string>;

  beforeAll(async () => {
    for (const [who, role] of [
      ["admin", "admin"],
      ["alpha", "client"],
      ["beta", "client"],
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
      cookies[who] = await sessionCookie(email, PASSWORD);
    }
    const db = database.db;
    // Alpha pays $40 a lead, $50 from October 12 (version 2); beta has no agreement.
    await db.insert(clientAgreements).values([
      {
        clientId: ids.alpha,
        version: 1,
        leadsPerMonth: 50,
        startsOn: "2026-09-01",
        pricePerLead: 40,
        createdAt: new Date("2026-09-01T00:00:00Z"),
      },
      {
        clientId: ids.alpha,
        version: 2,
        leadsPerMonth: 50,
        startsOn: "2026-09-01",
        pricePerLead: 50,
        createdAt: new Date("2026-10-12T00:00:00Z"),
      },
    ]);
    const deliver = async (client: string, at: string, source: string, status: string, zip = "60601") => {
      const [id] = await deliverLeads(db, client, 1, new Date(at));
      await db
        .update(leads)
        .set({
          leadSource: source as typeof leads.$inferInsert.leadSource,
          leadStatus: status as typeof leads.$inferInsert.leadStatus,
          zipCode: zip,
        })
        .where(eq(leads.id, id!));
      return id!;
    };
    // Alpha, in the range: three cold calls in the first week, two online and one direct mail (on the
    // range's last minute) in the second; outside it, one the evening before and one just after.
    const a1 = await deliver(ids.alpha, "2026-10-06T10:00:00Z", "cold_call", "new");
    const a2 = await deliver(ids.alpha, "2026-10-06T10:00:00Z", "cold_call", "qualified");
    const a3 = await deliver(ids.alpha, "2026-10-06T10:00:00Z", "cold_call", "sold");
    const a4 = await deliver(ids.alpha, "2026-10-13T10:00:00Z", "online", "contacted", "60602");
    const a5 = await deliver(ids.alpha, "2026-10-13T10:00:00Z", "online", "dead");
    const a6 = await deliver(ids.alpha, "2026-10-18T23:59:00Z", "direct_mail", "appointment_set");
    const before = await deliver(ids.alpha, "2026-10-04T23:59:00Z", "referral", "new");
    await deliver(ids.alpha, "2026-10-19T00:00:00Z", "referral", "new");
    // Beta: two referrals in the first week.
    const b1 = await deliver(ids.beta, "2026-10-07T08:00:00Z", "referral", "qualified");
    const b2 = await deliver(ids.beta, "2026-10-07T08:00:00Z", "referral", "sold");

    // First feedback after 2, 4, 10 and 20 hours (a later second answer and an admin's entry do not
    // count; nor does feedback on the lead delivered before the range); a5 and a6 unanswered.
    const feedback = (leadId: string, by: string, at: number) =>
      db.insert(leadActivities).values({
        leadId,
        activityType: "client_feedback_submitted",
        description: "Feedback",
        performedBy: by,
        createdAt: new Date(at),
      });
    const oct6 = Date.parse("2026-10-06T10:00:00Z");
    const oct13 = Date.parse("2026-10-13T10:00:00Z");
    await feedback(a1, ids.alpha, oct6 + 2 * HOUR);
    await feedback(a1, ids.alpha, oct6 + 30 * HOUR);
    await feedback(a2, ids.admin, oct6 + 1 * HOUR);
    await feedback(a2, ids.alpha, oct6 + 4 * HOUR);
    await feedback(a3, ids.alpha, oct6 + 10 * HOUR);
    await feedback(a4, ids.alpha, oct13 + 20 * HOUR);
    await feedback(before, ids.alpha, oct6);
    await feedback(b1, ids.beta, Date.parse("2026-10-07T13:00:00Z"));
    // Each delivery's first feedback, as migration 0015 derives it from the timeline for older ones
    // (submitFeedback writes it for new ones: tested below).
    await db.execute(sql`
      update lead_deliveries d set first_feedback_at = (
        select min(a.created_at) from lead_activities a
        where a.lead_id = d.lead_id and a.activity_type = 'client_feedback_submitted'
          and a.performed_by = d.client_id and a.created_at >= d.delivered_at
          and (d.ended_at is null or a.created_at < d.ended_at))`);

    // Not Interested: a2 for its price, a4 for timing (another ZIP); deals: a3 ($12,000), b2 ($3,000).
    await db
      .update(leads)
      .set({ clientFeedbackStatus: "not_interested", notInterestedReason: "price" })
      .where(eq(leads.id, a2));
    await db
      .update(leads)
      .set({ clientFeedbackStatus: "not_interested", notInterestedReason: "timing" })
      .where(eq(leads.id, a4));
    await db
      .update(leads)
      .set({ clientFeedbackStatus: "deal_closed", dealProfit: 12000 })
      .where(eq(leads.id, a3));
    await db
      .update(leads)
      .set({ clientFeedbackStatus: "deal_closed", dealProfit: 3000 })
      .where(eq(leads.id, b2));

    // Returns: a5 approved, a1 rejected, a6 waiting; beta's b1 approved.
    const returned = async (
      leadId: string,
      clientId: string,
      reason: "wrong_number" | "not_owner" | "duplicate",
      state: "approved" | "rejected" | "requested",
      at: string,
    ) => {
      const [delivery] = await db
        .select({ id: leadDeliveries.id })
        .from(leadDeliveries)
        .where(and(inArray(leadDeliveries.leadId, [leadId]), isNull(leadDeliveries.endedAt)));
      await db
        .insert(leadReturns)
        .values({ deliveryId: delivery!.id, leadId, clientId, reason, state, requestedAt: new Date(at) });
    };
    await returned(a5, ids.alpha, "wrong_number", "approved", "2026-10-14T00:00:00Z");
    await returned(a1, ids.alpha, "not_owner", "rejected", "2026-10-07T00:00:00Z");
    await returned(a6, ids.alpha, "not_owner", "requested", "2026-10-18T23:59:30Z");
    await returned(b1, ids.beta, "duplicate", "approved", "2026-10-08T00:00:00Z");
  });

  const admin = () => ({ id: ids.admin, permissions: permissionsOf(["admin"]) });
  const client = (who: "alpha" | "beta") => ({ id: ids[who], permissions: permissionsOf(["client"]) });
  const values = (insights: Insights, dataset: Parameters<typeof insightTable>[1]) =>
    Object.fromEntries(insightTable(insights, dataset).rows.map((r) => [r.key, r.values]));

  it("counts every client's deliveries per UTC week and source, the range's ends included", async () => {
    const insights = await agencyInsights(admin(), range);
    expect(insights.weeks).toEqual(["2026-10-05", "2026-10-12"]);
    expect(values(insights, "delivered")).toEqual({
      "2026-10-05": { cold_call: 3, referral: 2, online: 0, direct_mail: 0 },
      "2026-10-12": { cold_call: 0, referral: 0, online: 2, direct_mail: 1 },
    });
  });

  it("shows the funnel: leads at each status and those that reached it or a later stage", async () => {
    const alpha = await ownInsights(client("alpha"), range);
    expect(alpha.funnel.map((s) => [s.status, s.count, s.reached])).toEqual([
      ["new", 1, 5],
      ["qualified", 1, 4],
      ["contacted", 1, 3],
      ["appointment_set", 1, 2],
      ["under_contract", 0, 1],
      ["sold", 1, 1],
      ["dead", 1, 1],
    ]);
    const all = await agencyInsights(admin(), range);
    expect(all.funnel.find((s) => s.status === "sold")).toMatchObject({ count: 2 });
  });

  it("measures hours to the first feedback per client: median and 90th percentile", async () => {
    const all = await agencyInsights(admin(), range);
    expect(all.responsiveness).toEqual([
      { clientId: ids.alpha, client: "alpha Co", delivered: 6, answered: 4, medianHours: 7, p90Hours: 17 },
      { clientId: ids.beta, client: "beta Co", delivered: 2, answered: 1, medianHours: 5, p90Hours: 5 },
    ]);
  });

  it("keeps a delivery's first feedback when the client gives it, and only the first", async () => {
    const [leadId] = await deliverLeads(database.db, ids.beta, 1);
    const firstOf = async () =>
      (
        await database.db
          .select({ at: leadDeliveries.firstFeedbackAt })
          .from(leadDeliveries)
          .where(eq(leadDeliveries.leadId, leadId!))
      )[0]!.at;
    expect(await firstOf()).toBeNull();
    expect(await submitFeedback(client("beta"), leadId!, { feedbackStatus: "interested", notes: "" })).toBe(
      true,
    );
    const first = await firstOf();
    expect(first).toBeInstanceOf(Date);
    expect(await submitFeedback(client("beta"), leadId!, { feedbackStatus: "contacted", notes: "" })).toBe(
      true,
    );
    expect(await firstOf()).toEqual(first);
    // Another client's feedback cannot touch it (the lead is not theirs).
    expect(await submitFeedback(client("alpha"), leadId!, { feedbackStatus: "interested", notes: "" })).toBe(
      false,
    );
  });

  it("counts returns by reason and by source with their decisions", async () => {
    const all = await agencyInsights(admin(), range);
    expect(values(all, "returns-by-reason")).toEqual({
      wrong_number: { approved: 1, rejected: 0, waiting: 0 },
      not_owner: { approved: 0, rejected: 1, waiting: 1 },
      duplicate: { approved: 1, rejected: 0, waiting: 0 },
    });
    expect(values(all, "returns-by-source")).toEqual({
      cold_call: { approved: 0, rejected: 1, waiting: 0 },
      referral: { approved: 1, rejected: 0, waiting: 0 },
      online: { approved: 1, rejected: 0, waiting: 0 },
      direct_mail: { approved: 0, rejected: 0, waiting: 1 },
    });
  });

  it("breaks Not Interested down by source, reason and ZIP, and deals by source", async () => {
    const alpha = await ownInsights(client("alpha"), range);
    expect(values(alpha, "not-interested")).toEqual({
      cold_call: { price: 1, timing: 0 },
      online: { price: 0, timing: 1 },
    });
    expect(alpha.topZips).toEqual([
      { zip: "60601", count: 1 },
      { zip: "60602", count: 1 },
    ]);
    expect((await agencyInsights(admin(), range)).deals).toEqual([
      { source: "cold_call", deals: 1, profit: 12000 },
      { source: "referral", deals: 1, profit: 3000 },
    ]);
  });

  it("gives a client their return on spend at the price in force, and none without spend", async () => {
    // Kept: three at $40 (before version 2), a4 and a6 at $50; a5 was returned. 12000 / 220.
    const alpha = await ownInsights(client("alpha"), range);
    expect(alpha.returnOnSpend).toEqual({
      delivered: 6,
      returned: 1,
      spend: 220,
      profit: 12000,
      deals: 1,
      ratio: 12000 / 220,
    });
    const beta = await ownInsights(client("beta"), range);
    expect(beta.returnOnSpend).toMatchObject({ spend: 0, profit: 3000, ratio: null });
    expect((await agencyInsights(admin(), range)).returnOnSpend).toBeNull();
  });

  it("shows a client only their own figures, and refuses them the agency's", async () => {
    const beta = await ownInsights(client("beta"), range);
    expect(beta.delivered).toEqual([{ week: "2026-10-05", source: "referral", count: 2 }]);
    expect(beta.responsiveness.map((r) => r.clientId)).toEqual([ids.beta]);
    expect(beta.returns.map((r) => r.reason)).toEqual(["duplicate"]);
    expect(beta.notInterested).toEqual([]);
    expect(beta.deals).toEqual([{ source: "referral", deals: 1, profit: 3000 }]);
    await expect(agencyInsights(client("beta"), range)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(ownInsights(admin(), range)).rejects.toBeInstanceOf(NotAllowedError);
  });

  it("serves the pages and CSV downloads to their own readers only", async () => {
    const query = `from=${range.from}&to=${range.to}`;
    const page = answer(
      await callRoute(clientPage, getRequest(`/client/insights?${query}`, { cookie: cookies.beta })),
    ).data as unknown as { insights: Insights; problem: string | null };
    expect(page.problem).toBeNull();
    expect(page.insights.returnOnSpend).toMatchObject({ deals: 1 });

    const csv = (await callRoute(
      clientCsv,
      getRequest(`/client/insights/export.csv?dataset=delivered&${query}`, { cookie: cookies.beta }),
    )) as Response;
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(
      (await csv.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/),
    ).toEqual(["Week of,Referral", "Oct 5,2", "Oct 12,0"]);
    const adminFile = (await callRoute(
      adminCsv,
      getRequest(`/admin/insights/export.csv?dataset=responsiveness&${query}`, { cookie: cookies.admin }),
    )) as Response;
    expect(await adminFile.text()).toContain("alpha Co,7,17,4,6");

    // The agency's figures: a client gets a 404 for the download, the sign-in redirect's refusal for the page.
    expect(
      statusOf(
        await callRoute(
          adminCsv,
          getRequest(`/admin/insights/export.csv?dataset=delivered`, { cookie: cookies.alpha }),
        ),
      ),
    ).toBe(404);
    const refused = await callRoute(adminPage, getRequest("/admin/insights", { cookie: cookies.alpha }));
    expect(statusOf(refused)).toBe(302);
    expect((refused as Response).headers.get("Location")).toBe("/");
    expect(
      statusOf(await callRoute(clientCsv, getRequest("/client/insights/export.csv?dataset=delivered"))),
    ).toBe(404);
  });

  it("answers a bad range with a clear message: the page falls back to 12 weeks, the download is a 400", async () => {
    for (const query of [
      "from=2026-13-01&to=2026-10-18",
      "from=2026-10-18&to=2026-10-05",
      "from=2020-01-01&to=2026-10-18",
      "from=yesterday",
    ]) {
      const page = answer(
        await callRoute(adminPage, getRequest(`/admin/insights?${query}`, { cookie: cookies.admin })),
      );
      const data = page.data as unknown as { insights: Insights; problem: string | null };
      expect(page.status).toBe(200);
      expect(data.problem).toMatch(/Showing the last 12 weeks instead\.$/);
      expect(data.insights.weeks.length).toBeGreaterThanOrEqual(12);
      const download = await callRoute(
        adminCsv,
        getRequest(`/admin/insights/export.csv?dataset=funnel&${query}`, { cookie: cookies.admin }),
      );
      expect(statusOf(download)).toBe(400);
    }
    expect(
      statusOf(
        await callRoute(
          adminCsv,
          getRequest(`/admin/insights/export.csv?dataset=nope`, { cookie: cookies.admin }),
        ),
      ),
    ).toBe(400);
  });
});
