/**
 * Response time per person (issue 26 §2, ADR 050) on both databases: a company's insights show, for each
 * member, the hours from delivery to the first feedback they gave (median, 90th percentile) and the leads
 * they took that still wait, plus the waiting leads nobody took; the agency's show each client company.
 * Figures from a scripted set checked to the hour; a company never sees another company's people; the
 * page's loader serves the team's rows to a member.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/db/client.server";
import { leads } from "~/db/schema";
import { submitFeedback } from "~/features/leads/client-leads.server";
import { agencyInsights, ownInsights, type Insights } from "~/features/leads/insights/insights.server";
import { insightTable } from "~/features/leads/insights/insight-tables";
import { permissionsOf } from "~/lib/permissions";
import { loader as clientPage } from "~/routes/client/insights";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { answer, callRoute, getRequest } from "../support/route-calls";
import { companyOf, joinTeams, teamAccounts, type TeamPerson } from "../support/teams";

stubAuthEnv({ IP_RATE_LIMITS: "off" });

const PASSWORD = "Harbor-Light-42";
const accounts = teamAccounts;
type Person = TeamPerson;

const range = { from: "2026-10-05", to: "2026-10-18" };
const query = `from=${range.from}&to=${range.to}`;
const DELIVERED = new Date("2026-10-06T14:00:00Z");

describe.each(testDatabases)("response time per person on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  joinTeams(database, ids);
  const actor = (who: Exclude<Person, "Admin">) => ({
    id: ids[who],
    permissions: permissionsOf(["client"], who === companyOf[who] ? "owner" : "member"),
    clientId: ids[companyOf[who]],
  });
  const admin = () => ({ id: ids.Admin, permissions: permissionsOf(["admin"]) });

  beforeAll(async () => {
    const db = database.db;
    /** Feedback given by `who`, its first answer dated `hours` after the delivery. */
    const answered = async (who: Exclude<Person, "Admin">, hours: number) => {
      const [lead] = await deliverLeads(db, ids[companyOf[who]], 1, DELIVERED);
      expect(await submitFeedback(actor(who), lead!, { feedbackStatus: "contacted", notes: "" })).toBe(true);
      // A teammate's later answer is not the first.
      if (who === "Ann") {
        expect(await submitFeedback(actor("Red"), lead!, { feedbackStatus: "interested", notes: "" })).toBe(
          true,
        );
      }
      await db.execute(sql`update lead_deliveries set first_feedback_at = delivered_at + ${`${hours} hours`}::interval
        where lead_id = ${lead!}`);
    };
    // Red Oak: Ann answers after 2 and 6 hours, the owner after 1; Bob took a lead and has not answered;
    // one lead waits that nobody took. Blue Sky: Cal answers after 3 hours.
    await answered("Ann", 2);
    await answered("Ann", 6);
    await answered("Red", 1);
    const [taken, free] = await deliverLeads(db, ids.Red, 2, DELIVERED);
    await db.update(leads).set({ claimedByUserId: ids.Bob }).where(eq(leads.id, taken!));
    expect(free).toBeDefined();
    await answered("Cal", 3);
  });

  const rows = (insights: Insights, dataset: "team-responsiveness" | "responsiveness") =>
    insightTable(insights, dataset).rows.map((r) => [r.label, r.values]);

  it("shows each member's median and 90th percentile hours, what they took that waits, and what nobody took", async () => {
    const red = await ownInsights(actor("Red"), range);
    expect(rows(red, "team-responsiveness")).toEqual([
      ["Ann Tester", { median: 4, p90: 5.6, answered: 2, waiting: 0 }],
      ["Red Tester", { median: 1, p90: 1, answered: 1, waiting: 0 }],
      ["Bob Tester", { median: null, p90: null, answered: 0, waiting: 1 }],
      ["Not taken by anyone", { median: null, p90: null, answered: 0, waiting: 1 }],
    ]);
    // A member reads the same team: the figures are the company's.
    expect((await ownInsights(actor("Bob"), range)).team).toEqual(red.team);
  });

  it("never shows a company another company's people", async () => {
    const red = (await ownInsights(actor("Ann"), range)).team!.map((m) => m.key);
    const blue = (await ownInsights(actor("Cal"), range)).team!;
    expect(red).not.toContain(ids.Cal);
    expect(red).not.toContain(ids.Blue);
    expect(blue.map((m) => [m.key, m.member, m.medianHours])).toEqual([[ids.Cal, "Cal Tester", 3]]);
    for (const who of ["Red", "Ann", "Bob"] as const) expect(blue.map((m) => m.key)).not.toContain(ids[who]);
  });

  it("shows the agency each client company's response time, and no team", async () => {
    const all = await agencyInsights(admin(), range);
    expect(rows(all, "responsiveness")).toEqual([
      ["Blue Sky Homes", { median: 3, p90: 3, answered: 1, delivered: 1 }],
      ["Red Oak Property Group", { median: 2, p90: 5.2, answered: 3, delivered: 5 }],
    ]);
    expect(all.team).toBeNull();
    expect(insightTable(all, "responsiveness").categoryLabel).toBe("Client company");
  });

  it("serves the team's rows on the portal's insights page, to a member, for their company only", async () => {
    const page = answer(
      await callRoute(clientPage, getRequest(`/client/insights?${query}`, { cookie: cookies.Bob })),
    ).data as unknown as { insights: Insights };
    expect(page.insights.team!.map((m) => m.member)).toEqual([
      "Ann Tester",
      "Red Tester",
      "Bob Tester",
      "Not taken by anyone",
    ]);
    const blue = answer(
      await callRoute(clientPage, getRequest(`/client/insights?${query}`, { cookie: cookies.Cal })),
    ).data as unknown as { insights: Insights };
    expect(blue.insights.team!.map((m) => m.member)).toEqual(["Cal Tester"]);
  });

  it("migration 0036 names who gave each past first feedback, from the timeline", async () => {
    const before = await ownInsights(actor("Red"), range);
    await database.db.execute(sql`update lead_deliveries set first_feedback_by = null`);
    expect((await ownInsights(actor("Red"), range)).team!.map((m) => m.member)).toEqual([
      "Bob Tester",
      "Former team members",
      "Not taken by anyone",
    ]);
    const file = fs.readFileSync(path.join(migrationsFolder, "0036_response_time_per_member.sql"), "utf8");
    const backfill = file.split("--> statement-breakpoint").at(-1)!;
    expect(backfill).toMatch(/UPDATE "lead_deliveries"/);
    await database.db.execute(sql.raw(backfill));
    expect((await ownInsights(actor("Red"), range)).team).toEqual(before.team);
  });
});
