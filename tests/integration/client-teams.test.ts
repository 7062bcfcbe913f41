/**
 * Client companies with several people (issue 26, ADR 037), through the real routes and sessions: an
 * owner invites a member by e-mail, who sets a password and signs in; the member sees every lead of the
 * company and nothing of another company's (a matrix of member, owner, other company's member, admin
 * and anonymous over every client route, data endpoint and event stream); roles change with at least
 * one owner left; a removed member is signed out at once and loses access; feedback and returns name
 * the member who gave them, and the admin's timeline shows their name.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  clientAgreements,
  clientMembers,
  leadActivities,
  leads,
  mailOutbox,
  rateLimitHits,
  session,
  user,
  userRoles,
  webhookEndpoints,
} from "~/db/schema";
import { getActor } from "~/features/auth/access.server";
import { INVITATION_LIMITS, releaseExpiredTeamInvitations } from "~/features/auth/client-team.server";
import { assignLead } from "~/features/leads/lead-commands.server";
import { leadTimeline } from "~/features/leads/lead-queries.server";
import { permissionsOf } from "~/lib/permissions";
import { action as adminClientAction, loader as adminClientLoader } from "~/routes/admin/clients/detail";
import { action as resetAction } from "~/routes/auth/reset-password";
import { loader as agreementLoader } from "~/routes/client/agreement";
import { loader as dashboardLoader } from "~/routes/client/dashboard";
import { loader as eventsLoader } from "~/routes/client/events";
import { loader as insightsExportLoader } from "~/routes/client/insights-export";
import { loader as insightsLoader } from "~/routes/client/insights";
import { loader as layoutLoader } from "~/routes/client/layout";
import { action as leadAction, loader as leadLoader } from "~/routes/client/lead";
import { loader as leadsLoader } from "~/routes/client/leads";
import { loader as settingsEventsLoader } from "~/routes/client/settings-events";
import { action as settingsAction, loader as settingsLoader } from "~/routes/client/settings";
import { action as teamAction, loader as teamLoader } from "~/routes/client/team";
import { testDatabases } from "../support/databases";
import {
  sessionCookie,
  signedInAccounts,
  stubAuthEnv,
  useTestDatabase,
} from "../support/integration-fixtures";
import {
  ORIGIN,
  answer,
  callRoute,
  formRequest,
  getRequest,
  redirectOf,
  statusOf,
  type RouteFn,
} from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
const MEMBER_PASSWORD = "Quiet-Harbor-77!";

const accounts = {
  ownerA: { role: "client", companyName: "Alpha Homes" },
  ownerB: { role: "client", companyName: "Bravo Capital" },
  admin: { role: "admin" },
} as const;
type Seeded = keyof typeof accounts;
/** Everyone the matrix asks as: the seeded accounts, the invited members, and nobody. */
type Who = Seeded | "memberA" | "memberB" | "anonymous";

describe.each(testDatabases)("client teams on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  const memberIds = {} as Record<"memberA" | "memberB", string>;
  const memberCookies = {} as Record<"memberA" | "memberB", string>;

  const cookieOf = (who: Who) =>
    who === "anonymous"
      ? undefined
      : who === "memberA" || who === "memberB"
        ? memberCookies[who]
        : cookies[who];
  const get = (who: Who, path: string) => getRequest(path, { cookie: cookieOf(who) });
  const post = (who: Who, path: string, fields: Record<string, string>) =>
    formRequest(path, fields, { cookie: cookieOf(who) });

  /** The path and query of the link in the latest e-mail to `email`. */
  async function linkInLatestMail(email: string) {
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(mailOutbox.createdAt);
    const latest = mails.at(-1);
    expect(latest, `an e-mail to ${email}`).toBeDefined();
    const url = new URL(/https?:\/\/\S+/.exec(latest!.textBody)![0]);
    return { path: url.pathname + url.search, mail: latest! };
  }

  /** Sets the invitee's password through the e-mailed link and signs them in; their session cookie. */
  async function acceptInvitation(email: string) {
    const { path } = await linkInLatestMail(email);
    const token = new URLSearchParams(path.split("?")[1]).get("token")!;
    const done = redirectOf(
      await callRoute(
        resetAction,
        formRequest(path, {
          token,
          invite: "1",
          password: MEMBER_PASSWORD,
          confirmPassword: MEMBER_PASSWORD,
        }),
      ),
    );
    expect(done.flash).toMatchObject({ title: "Password set" });
    return sessionCookie(email, MEMBER_PASSWORD);
  }

  const memberRow = async (userId: string) =>
    (await database.db.select().from(clientMembers).where(eq(clientMembers.userId, userId)))[0];

  let seeded = 0;
  async function seedLead(client: string, lastName: string) {
    seeded += 1;
    const [row] = await database.db
      .insert(leads)
      .values({
        firstName: "Seller",
        lastName,
        phone: `+1217555${String(1000 + seeded)}`,
        address: `${100 + seeded} Main St`,
        city: "Peoria",
        state: "IL",
        zipCode: "61602",
        assignedToClientId: client,
      })
      .returning({ id: leads.id });
    return row!.id;
  }

  const aLeads: string[] = [];
  const bLeads: string[] = [];
  /** What of company B must never reach company A's people (and the other way round). */
  const markers = {
    A: ["Alpha Homes", "Ashwood", "Aldergrove", "Applewhite"],
    B: ["Bravo Capital", "Birchfield", "Blackthorn"],
  };

  beforeAll(async () => {
    for (const name of markers.A.slice(1)) aLeads.push(await seedLead(ids.ownerA, name));
    for (const name of markers.B.slice(1)) bLeads.push(await seedLead(ids.ownerB, name));
    await database.db.insert(clientAgreements).values({
      clientId: ids.ownerA,
      version: 1,
      leadsPerMonth: 50,
      startsOn: "2026-11-01",
      pricePerLead: 40,
      returnWindowDays: 7,
      returnCapPercent: 50,
    });
  });

  // ---------------------------------------------------------------- the migration's groundwork

  it("makes every client a one-person company and acts for it", async () => {
    expect(await memberRow(ids.ownerA)).toMatchObject({ companyId: ids.ownerA, role: "owner" });
    expect(await memberRow(ids.admin)).toBeUndefined();
    const owner = await getActor(get("ownerA", "/client"));
    expect(owner).toMatchObject({ clientId: ids.ownerA, companyRole: "owner" });
    expect(owner!.permissions).toEqual(permissionsOf(["client"], "owner"));
    expect(await getActor(get("admin", "/admin"))).toMatchObject({ clientId: null, companyRole: null });
  });

  // ---------------------------------------------------------------- invitations

  it("lets an owner invite a member by e-mail, who joins the owner's company", async () => {
    const invalid = answer(
      await callRoute(
        teamAction,
        post("ownerA", "/client/team", { intent: "invite-member", email: "nope", role: "boss" }),
      ),
    );
    expect(invalid).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: "Invalid email address", role: "Choose owner or member" } },
    });

    const email = `sam-${testDb.name}@alpha.example`;
    const sent = answer(
      await callRoute(
        teamAction,
        post("ownerA", "/client/team", {
          intent: "invite-member",
          email: email.toUpperCase(),
          firstName: "Sam",
          lastName: "Acquist",
          role: "member",
        }),
      ),
    );
    expect(sent).toMatchObject({
      status: 200,
      data: { ok: true, toast: { text: `Invitation sent to ${email}` } },
    });
    const { path, mail } = await linkInLatestMail(email);
    expect(path).toMatch(/^\/auth\/reset-password\?token=\w+&invite=1$/);
    expect(mail.subject).toBe("Your Leadworks client portal account");
    // The company's name as the agency set it, never a name the owner typed on their profile.
    expect(mail.textBody).toContain("An owner of Alpha Homes added you to its team");
    expect(mail.textBody).not.toContain("ownerA Tester");
    memberCookies.memberA = await acceptInvitation(email);

    // An address that has an account (here Sam's, now on the team; then B's owner, of another company)
    // is answered as any invitation: whether an address has an account is not the inviter's to learn.
    // The address itself is told by e-mail, and nothing changes.
    for (const address of [email, "ownerb@example.com"]) {
      const again = answer(
        await callRoute(
          teamAction,
          post("ownerA", "/client/team", { intent: "invite-member", email: address, role: "owner" }),
        ),
      );
      expect(again, address).toMatchObject({
        status: 200,
        data: { ok: true, toast: { text: `Invitation sent to ${address}` } },
      });
      const { path: told, mail: notice } = await linkInLatestMail(address);
      expect(told).toBe("/auth");
      expect(notice.subject).toBe("An invitation to a team in the Leadworks client portal");
      expect(notice.textBody).toContain(
        `An owner of Alpha Homes tried to add ${address} to its team in the Leadworks client portal.`,
      );
    }
    expect(await memberRow(ids.ownerB)).toMatchObject({ companyId: ids.ownerB, role: "owner" });

    const actor = await getActor(get("memberA", "/client"));
    memberIds.memberA = actor!.id;
    expect(actor).toMatchObject({
      clientId: ids.ownerA,
      companyRole: "member",
      profile: { companyName: "Alpha Homes", firstName: "Sam" },
    });
    expect(actor!.permissions.has("team:manage:own")).toBe(false);
    expect(await memberRow(actor!.id)).toMatchObject({
      companyId: ids.ownerA,
      role: "member",
      invitedBy: ids.ownerA,
    });
  });

  it("limits an owner's invitations per hour (the staff's are not counted), then answers 429 with when to retry", async () => {
    const invite = async (who: "ownerB" | "admin", n: number) => {
      const email = `limit-${n}-${testDb.name}@bravo.example`;
      const fields = { intent: "invite-member", email, role: "member" };
      return who === "admin"
        ? answer(
            await callRoute(adminClientAction, post("admin", `/admin/clients/${ids.ownerB}`, fields), {
              id: ids.ownerB,
            }),
          )
        : answer(await callRoute(teamAction, post("ownerB", "/client/team", fields)));
    };
    const statuses: number[] = [];
    for (let n = 0; n < INVITATION_LIMITS.owner[0]!.max + 2; n++)
      statuses.push((await invite("ownerB", n)).status);
    expect(statuses).toEqual([...Array<number>(INVITATION_LIMITS.owner[0]!.max).fill(200), 429, 429]);
    const refused = await invite("ownerB", 99);
    expect(refused.data.toast?.text).toMatch(
      /^You have sent as many invitations as we allow for now\. Try again in \d+ minutes?/,
    );
    // Refused invitations send nothing.
    expect(
      await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, `limit-99-${testDb.name}@bravo.example`)),
    ).toEqual([]);
    expect((await invite("admin", 100)).status).toBe(200);
    // The other tests count B's team: the people invited here leave it.
    await database.db.delete(rateLimitHits).where(like(rateLimitHits.bucket, "invite:%"));
    await database.db.delete(user).where(like(user.email, `limit-%-${testDb.name}@bravo.example`));
  });

  it("releases an address whose team invitation was not taken up in 7 days; a taken one stays", async () => {
    const unused = `unused-${testDb.name}@alpha.example`;
    expect(
      answer(
        await callRoute(
          teamAction,
          post("ownerA", "/client/team", { intent: "invite-member", email: unused, role: "member" }),
        ),
      ).status,
    ).toBe(200);
    const [made] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, unused));
    expect(await releaseExpiredTeamInvitations(database.db)).toBe(0);
    const eightDaysOn = new Date(Date.now() + 8 * 24 * 3_600_000);
    expect(await releaseExpiredTeamInvitations(database.db, eightDaysOn)).toBe(1);
    expect(await database.db.select().from(user).where(eq(user.id, made!.id))).toEqual([]);
    expect(await memberRow(made!.id)).toBeUndefined();
    // Sam (who set a password), the owners and the company accounts are kept.
    expect(await memberRow(ids.ownerA)).toMatchObject({ companyId: ids.ownerA });
    expect(await memberRow(memberIds.memberA)).toMatchObject({ companyId: ids.ownerA });
    await database.db.delete(rateLimitHits).where(like(rateLimitHits.bucket, "invite:%"));
  });

  it("lets an admin invite a member from the client's page", async () => {
    const email = `bea-${testDb.name}@bravo.example`;
    const sent = answer(
      await callRoute(
        adminClientAction,
        post("admin", `/admin/clients/${ids.ownerB}`, {
          intent: "invite-member",
          email,
          firstName: "Bea",
          role: "member",
        }),
        { id: ids.ownerB },
      ),
    );
    expect(sent).toMatchObject({ status: 200, data: { ok: true } });
    memberCookies.memberB = await acceptInvitation(email);
    const actor = await getActor(get("memberB", "/client"));
    memberIds.memberB = actor!.id;
    expect(actor).toMatchObject({ clientId: ids.ownerB, companyRole: "member" });

    const page = answer(
      await callRoute(adminClientLoader, get("admin", `/admin/clients/${ids.ownerB}`), { id: ids.ownerB }),
    );
    const team = (
      page.data as unknown as { team: { email: string; role: string; companyAccount: boolean }[] }
    ).team;
    expect(team.map((m) => [m.email, m.role, m.companyAccount])).toEqual([
      ["ownerb@example.com", "owner", true],
      [email, "member", false],
    ]);
  });

  it("keeps members and admins' lists apart: a member is no client of their own", async () => {
    // Admins assign leads to companies only: a member's id is refused as a client.
    const adminActor = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    await expect(assignLead(adminActor, aLeads[0]!, memberIds.memberA)).rejects.toThrow();
  });

  // ---------------------------------------------------------------- the matrix

  const pages: [string, RouteFn, (who: Who) => string][] = [
    ["layout", layoutLoader, () => "/client"],
    ["dashboard", dashboardLoader, () => "/client"],
    ["leads", leadsLoader, () => "/client/leads"],
    ["agreement", agreementLoader, () => "/client/agreement"],
    ["insights", insightsLoader, () => "/client/insights"],
    ["settings", settingsLoader, () => "/client/settings"],
    ["team", teamLoader, () => "/client/team"],
  ];

  const companyOf = (who: Who) => (who === "memberA" || who === "ownerA" ? "A" : "B");

  it.each(["memberA", "ownerA", "memberB"] as const)(
    "shows %s every page with their company's data and none of the other's",
    async (who) => {
      const own = companyOf(who);
      const other = own === "A" ? "B" : "A";
      for (const [name, loader, path] of pages) {
        const result = await callRoute(loader, get(who, path(who)));
        const text = JSON.stringify(answer(result).data);
        for (const marker of markers[other]) expect(text, `${name} names ${marker}`).not.toContain(marker);
        const otherLeads = other === "A" ? aLeads : bLeads;
        for (const id of otherLeads) expect(text, `${name} holds ${id}`).not.toContain(id);
      }
      // The list holds every lead of the company, whoever of its people asks.
      const list = answer(await callRoute(leadsLoader, get(who, "/client/leads"))).data as unknown as {
        leads: { rows: { id: string }[] };
      };
      expect(list.leads.rows.map((r) => r.id).sort()).toEqual([...(own === "A" ? aLeads : bLeads)].sort());
      // Each of the company's leads opens; each of the other's is as missing as an unknown one.
      for (const id of own === "A" ? aLeads : bLeads) {
        expect(statusOf(await callRoute(leadLoader, get(who, `/client/leads/${id}`), { id })) ?? 200).toBe(
          200,
        );
      }
      for (const id of own === "A" ? bLeads : aLeads) {
        expect(statusOf(await callRoute(leadLoader, get(who, `/client/leads/${id}`), { id }))).toBe(404);
        const refused = await callRoute(
          leadAction,
          post(who, `/client/leads/${id}`, { feedbackStatus: "interested", notes: "not ours" }),
          { id },
        );
        expect(statusOf(refused)).toBe(404);
      }
      const csv = (await callRoute(
        insightsExportLoader,
        get(who, "/client/insights/export.csv?dataset=delivered"),
      )) as Response;
      expect(csv.status).toBe(200);
      const body = await csv.text();
      for (const marker of markers[other]) expect(body).not.toContain(marker);
    },
  );

  it("changes nothing of another company's leads when a member posts to them", async () => {
    const [before] = await database.db.select().from(leads).where(eq(leads.id, bLeads[0]!));
    expect(before!.clientFeedbackStatus).toBe("not_reviewed");
    expect(
      await database.db.select().from(leadActivities).where(eq(leadActivities.leadId, bLeads[0]!)),
    ).toEqual([]);
  });

  it.each(["anonymous", "admin"] as const)(
    "keeps %s out of every client page, endpoint and stream",
    async (who) => {
      for (const [name, loader, path] of pages) {
        const { location } = redirectOf(await callRoute(loader, get(who, path(who))));
        expect(location, name).toEqual(who === "anonymous" ? expect.stringMatching(/^\/auth/) : "/");
      }
      const id = aLeads[0]!;
      expect(
        redirectOf(await callRoute(leadLoader, get(who, `/client/leads/${id}`), { id })).location,
      ).not.toBe("");
      expect(
        redirectOf(
          await callRoute(leadAction, post(who, `/client/leads/${id}`, { feedbackStatus: "interested" }), {
            id,
          }),
        ).location,
      ).not.toBe("");
      expect(
        redirectOf(
          await callRoute(
            teamAction,
            post(who, "/client/team", { intent: "invite-member", email: "x@y.example", role: "owner" }),
          ),
        ).location,
      ).not.toBe("");
      expect(
        redirectOf(
          await callRoute(
            settingsAction,
            post(who, "/client/settings", { intent: "save", url: "https://hooks.example.com/leads" }),
          ),
        ).location,
      ).not.toBe("");
      for (const [path, loader] of [
        ["/client/insights/export.csv", insightsExportLoader],
        ["/client/events", eventsLoader],
        ["/client/settings/events", settingsEventsLoader],
      ] as const) {
        let status: number | undefined;
        try {
          status = statusOf(await callRoute(loader, get(who, path)));
        } catch (thrown) {
          status = statusOf(thrown);
        }
        expect(status, path).toBe(404);
      }
      const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
      expect(lead!.clientFeedbackStatus).toBe("not_reviewed");
      expect(await database.db.select().from(webhookEndpoints)).toEqual([]);
    },
  );

  it("tells a member about their company's leads only on the event stream", async () => {
    const controller = new AbortController();
    const request = new Request(ORIGIN + "/client/events", {
      headers: { Cookie: memberCookies.memberA },
      signal: controller.signal,
    });
    const response = (await callRoute(eventsLoader, request)) as Response;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (done: (t: string) => boolean) => {
      const deadline = Date.now() + 5000;
      while (!done(text) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value);
      }
    };
    await readUntil((t) => t.includes("event: ready"));
    const adminActor = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    const forB = await seedLead(ids.ownerB, "Bystream");
    const forA = await seedLead(ids.ownerA, "Astream");
    // Moving leads by the one change path notifies the streams: B's to B again, A's one to A.
    expect(await assignLead(adminActor, forB, ids.ownerA)).toBe(true);
    expect(await assignLead(adminActor, forB, ids.ownerB)).toBe(true);
    expect(await assignLead(adminActor, forA, ids.ownerB)).toBe(true);
    await readUntil((t) => (t.match(/event: lead/g) ?? []).length >= 3);
    controller.abort();
    await reader.cancel();
    const told = [...text.matchAll(/"leadId":"([^"]+)"/g)].map((m) => m[1]);
    // Every event names a lead that was A's before or after the change; a lead only ever B's never shows.
    expect(told).toEqual([forB, forB, forA]);
    expect(text).not.toContain(ids.ownerB);
    await database.db.delete(leads).where(eq(leads.id, forA));
    await database.db.delete(leads).where(eq(leads.id, forB));
  });

  // ---------------------------------------------------------------- who did what

  it("records the member who gave feedback or asked for a return, and shows them to the admin", async () => {
    const id = aLeads[0]!;
    const given = await callRoute(
      leadAction,
      post("memberA", `/client/leads/${id}`, { feedbackStatus: "contacted", notes: "Called from the truck" }),
      { id },
    );
    expect(answer(given).status).toBe(200);
    const returned = await callRoute(
      leadAction,
      post("memberA", `/client/leads/${aLeads[1]!}`, { intent: "return", reason: "wrong_number", note: "" }),
      { id: aLeads[1]! },
    );
    expect(redirectOf(returned).flash).toMatchObject({ kind: "success" });

    const [feedback] = await database.db
      .select()
      .from(leadActivities)
      .where(
        and(eq(leadActivities.leadId, id), eq(leadActivities.activityType, "client_feedback_submitted")),
      );
    expect(feedback).toMatchObject({ performedBy: memberIds.memberA, metadata: { clientId: ids.ownerA } });
    const [returnEntry] = await database.db
      .select()
      .from(leadActivities)
      .where(and(eq(leadActivities.leadId, aLeads[1]!), eq(leadActivities.activityType, "return_requested")));
    expect(returnEntry!.performedBy).toBe(memberIds.memberA);
    // The company stays on the lead.
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({ assignedToClientId: ids.ownerA, clientFeedbackStatus: "contacted" });

    // The admin's timeline names the person; the owner sees the teammate's feedback and notes.
    const adminView = await leadTimeline(id);
    expect(adminView.find((a) => a.activityType === "client_feedback_submitted")!.performedBy).toBe(
      "Sam Acquist",
    );
    const ownerPage = answer(await callRoute(leadLoader, get("ownerA", `/client/leads/${id}`), { id }))
      .data as unknown as {
      lead: { activities: { performedBy: string }[]; previousNotes: { notes: string }[] };
    };
    expect(ownerPage.lead.activities.map((a) => a.performedBy)).toContain("Sam Acquist");
    expect(ownerPage.lead.previousNotes.map((n) => n.notes)).toEqual(["Called from the truck"]);

    // Once the lead is another company's, A's feedback is not theirs to read.
    const adminActor = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    expect(await assignLead(adminActor, id, ids.ownerB)).toBe(true);
    const bPage = answer(await callRoute(leadLoader, get("memberB", `/client/leads/${id}`), { id }))
      .data as unknown as {
      lead: { activities: unknown[]; previousNotes: unknown[] };
    };
    expect(JSON.stringify(bPage.lead)).not.toContain("Called from the truck");
    expect(bPage.lead.previousNotes).toEqual([]);
    expect(await assignLead(adminActor, id, ids.ownerA)).toBe(true);
  });

  it("lets a member take a lead, and the list filter mine, not taken yet and everyone's", async () => {
    const id = aLeads[0]!;
    const claim = (who: Who, leadId: string, intent = "claim") =>
      callRoute(leadAction, post(who, `/client/leads/${leadId}`, { intent }), { id: leadId });
    expect(redirectOf(await claim("memberA", id)).flash).toMatchObject({ title: "Lead taken" });
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead!.claimedByUserId).toBe(memberIds.memberA);
    // Taken is taken: a teammate cannot take it over, another company cannot touch it.
    expect(answer(await claim("ownerA", id))).toMatchObject({
      status: 409,
      data: { toast: { text: "Someone else on your team has already taken this lead." } },
    });
    expect(statusOf(await claim("memberB", id))).toBe(404);

    const listed = async (who: Who, search: string) =>
      (
        answer(await callRoute(leadsLoader, get(who, `/client/leads${search}`))).data as unknown as {
          leads: { rows: { id: string }[] };
        }
      ).leads.rows
        .map((r) => r.id)
        .sort();
    expect(await listed("memberA", "?claim=mine")).toEqual([id]);
    expect(await listed("ownerA", "?claim=mine")).toEqual([]);
    expect(await listed("ownerA", "?claim=unclaimed")).toEqual(aLeads.filter((l) => l !== id).sort());
    expect(await listed("ownerA", "")).toEqual([...aLeads].sort());
    expect(await listed("ownerA", "?claim=whatever")).toEqual([...aLeads].sort());

    const ownerView = answer(await callRoute(leadLoader, get("ownerA", `/client/leads/${id}`), { id }))
      .data as unknown as {
      lead: { claim: unknown; activities: { description: string; performedBy: string }[] };
      canRelease: boolean;
    };
    expect(ownerView.lead.claim).toEqual({ mine: false, by: "Sam Acquist" });
    expect(ownerView.canRelease).toBe(true);
    expect(ownerView.lead.activities).toContainEqual(
      expect.objectContaining({ description: "Lead taken", performedBy: "Sam Acquist" }),
    );
    // The owner may let a teammate's lead go; a member only their own.
    expect(redirectOf(await claim("ownerA", id, "release")).flash).toMatchObject({ title: "Lead released" });
    expect(redirectOf(await claim("ownerA", id)).flash).toMatchObject({ title: "Lead taken" });
    expect(answer(await claim("memberA", id, "release")).status).toBe(409);
    expect(redirectOf(await claim("ownerA", id, "release")).flash).toMatchObject({ title: "Lead released" });
  });

  // ---------------------------------------------------------------- roles and removal

  it("refuses team changes to members and to other companies' owners", async () => {
    await expect(
      callRoute(
        teamAction,
        post("memberA", "/client/team", {
          intent: "invite-member",
          email: "x@alpha.example",
          role: "member",
        }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      callRoute(
        teamAction,
        post("memberA", "/client/team", {
          intent: "set-member-role",
          userId: memberIds.memberA,
          role: "owner",
        }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    // B's owner names A's member: not on B's team.
    const foreign = answer(
      await callRoute(
        teamAction,
        post("ownerB", "/client/team", { intent: "remove-member", userId: memberIds.memberA }),
      ),
    );
    expect(foreign).toMatchObject({ status: 404, data: { toast: { text: "Team member not found" } } });
    expect(await memberRow(memberIds.memberA)).toMatchObject({ companyId: ids.ownerA });
    // A member sees the team but no forms.
    const page = answer(await callRoute(teamLoader, get("memberA", "/client/team"))).data as unknown as {
      canManage: boolean;
      team: unknown[];
    };
    expect(page).toMatchObject({ canManage: false });
    expect(page.team).toHaveLength(2);
  });

  it("lets only the company's owners see and change its webhook", async () => {
    const settingsOf = async (who: Who) =>
      answer(await callRoute(settingsLoader, get(who, "/client/settings"))).data as unknown as {
        settings: unknown;
      };
    expect((await settingsOf("memberA")).settings).toBeNull();
    expect((await settingsOf("ownerA")).settings).not.toBeNull();
    await expect(
      callRoute(
        settingsAction,
        post("memberA", "/client/settings", { intent: "save", url: "https://hooks.example.com/member" }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    let status: number | undefined;
    try {
      status = statusOf(await callRoute(settingsEventsLoader, get("memberA", "/client/settings/events")));
    } catch (thrown) {
      status = statusOf(thrown);
    }
    expect(status).toBe(404);
    expect(await database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("changes roles, keeping at least one owner", async () => {
    const setRole = (who: Who, userId: string, role: string) =>
      callRoute(teamAction, post(who, "/client/team", { intent: "set-member-role", userId, role })).then(
        answer,
      );
    expect(await setRole("ownerA", ids.ownerA, "member")).toMatchObject({
      status: 409,
      data: { toast: { text: "A company needs at least one owner: make someone else an owner first." } },
    });
    expect(await setRole("ownerA", memberIds.memberA, "owner")).toMatchObject({
      status: 200,
      data: { toast: { text: `${(await getActor(get("memberA", "/client")))!.email} is now an owner` } },
    });
    expect((await getActor(get("memberA", "/client")))!.permissions.has("team:manage:own")).toBe(true);
    expect(await setRole("memberA", ids.ownerA, "member")).toMatchObject({ status: 200 });
    expect(await setRole("memberA", ids.ownerA, "owner")).toMatchObject({ status: 200 });
    expect(await setRole("ownerA", memberIds.memberA, "member")).toMatchObject({ status: 200 });
    expect(await memberRow(memberIds.memberA)).toMatchObject({ role: "member" });
  });

  it("removes a member: their sessions end at once and they lose access", async () => {
    const remove = (who: Who, userId: string) =>
      callRoute(teamAction, post(who, "/client/team", { intent: "remove-member", userId })).then(answer);
    expect(await remove("ownerA", ids.ownerA)).toMatchObject({ status: 409 });
    // A claim of theirs is freed with them.
    await database.db
      .update(leads)
      .set({ claimedByUserId: memberIds.memberA })
      .where(eq(leads.id, aLeads[2]!));

    // Their open stream is cut at its next check: the session is gone.
    const done = await remove("ownerA", memberIds.memberA);
    expect(done).toMatchObject({ status: 200, data: { ok: true } });
    expect(done.data.toast?.text).toMatch(/was removed from the team and signed out$/);
    expect(await database.db.select().from(session).where(eq(session.userId, memberIds.memberA))).toEqual([]);
    expect(await memberRow(memberIds.memberA)).toBeUndefined();
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, memberIds.memberA))).toEqual(
      [],
    );
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, aLeads[2]!));
    expect(lead!.claimedByUserId).toBeNull();

    // The old cookie opens nothing any more.
    expect(redirectOf(await callRoute(leadsLoader, get("memberA", "/client/leads"))).location).toMatch(
      /^\/auth/,
    );
    const id = aLeads[0]!;
    expect(
      redirectOf(await callRoute(leadLoader, get("memberA", `/client/leads/${id}`), { id })).location,
    ).toMatch(/^\/auth/);
    let status: number | undefined;
    try {
      status = statusOf(await callRoute(eventsLoader, get("memberA", "/client/events")));
    } catch (thrown) {
      status = statusOf(thrown);
    }
    expect(status).toBe(404);
    // Signing in again gives them no portal: they belong to no company now.
    const cookie = await sessionCookie(
      (await linkInLatestMail(`sam-${testDb.name}@alpha.example`)).mail.toAddress,
      MEMBER_PASSWORD,
    );
    const again = await getActor(getRequest("/client", { cookie }));
    expect(again).toMatchObject({ clientId: null, companyRole: null });
    expect(again!.permissions.has("area:client")).toBe(false);
    // What they did stays, in their name.
    expect((await leadTimeline(id)).map((a) => a.performedBy)).toContain("Sam Acquist");
  });

  it("lets an admin change and remove people of any company, but not the company's own account", async () => {
    const adminPost = (fields: Record<string, string>) =>
      callRoute(adminClientAction, post("admin", `/admin/clients/${ids.ownerB}`, fields), {
        id: ids.ownerB,
      }).then(answer);
    expect(
      await adminPost({ intent: "set-member-role", userId: memberIds.memberB, role: "owner" }),
    ).toMatchObject({
      status: 200,
    });
    expect(await adminPost({ intent: "remove-member", userId: ids.ownerB })).toMatchObject({
      status: 409,
      data: {
        toast: { text: "The company's own account can't be removed: the agreement and the leads are on it." },
      },
    });
    expect(await adminPost({ intent: "remove-member", userId: memberIds.memberB })).toMatchObject({
      status: 200,
    });
    expect(await memberRow(memberIds.memberB)).toBeUndefined();
    expect(await database.db.select().from(session).where(eq(session.userId, memberIds.memberB))).toEqual([]);
  });
});
