/**
 * New-lead e-mails for every member of a client company (issue 26 §2, ADR 050) on both databases: each
 * person hears as they chose (at once, a daily digest, or nothing), read as the mails arrive over SMTP;
 * another company's people hear nothing; each message carries its own recipient's one-click
 * unsubscribe; a person locked out of the company is not mailed.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  clientAgreements,
  clientMembers,
  mailOutbox,
  notificationSettings,
  user,
  userRoles,
} from "~/db/schema";
import { assignmentNotice } from "~/features/leads/assignment-notice.server";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { assignLead } from "~/features/leads/lead-commands.server";
import { DIGEST_PERIOD_MS, sendNewLeadDigests } from "~/features/leads/new-lead-digest.server";
import { env } from "~/lib/env.server";
import { deliverDueMail } from "~/lib/mail/outbox.server";
import { notificationSettingsOf } from "~/lib/mail/notification-settings.server";
import { smtpTransport } from "~/lib/mail/transports.server";
import { permissionsOf } from "~/lib/permissions";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { testDatabases } from "../support/databases";
import {
  confirmedUser,
  postAccount,
  sessionCookie,
  signedInAccounts,
  stubAuthEnv,
  useTestDatabase,
} from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { parseMail } from "../support/mail";
import { answer, call, formRequest } from "../support/route-calls";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher";
import { joinTeams, teamAccounts, type TeamPerson } from "../support/teams";

stubAuthEnv({ IP_RATE_LIMITS: "off" });

const PASSWORD = "Harbor-Light-42";
const accounts = teamAccounts;
type Person = TeamPerson;

describe.each(testDatabases)("new-lead e-mails for each member on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  // Ann and Bob work for Red Oak, Cal for Blue Sky (ADR 037).
  joinTeams(database, ids);
  const admin = () => ({ id: ids.Admin, permissions: permissionsOf(["admin"]) });
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    for (const clientId of [ids.Red, ids.Blue]) {
      await database.db.insert(clientAgreements).values({
        clientId,
        version: 1,
        leadsPerMonth: 100,
        startsOn: "2020-01-01",
        pricePerLead: 40,
      });
    }
  });
  afterAll(() => catcher.stop());
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    await database.db.delete(notificationSettings);
    catcher.received.length = 0;
  });

  /** Each person chooses on /account, as they would. */
  async function choose(choices: Partial<Record<Person, "immediate" | "digest" | "none">>) {
    for (const [who, newLeads] of Object.entries(choices)) {
      const saved = await postAccount(
        { intent: "notifications", newLeads, on: "returns" },
        cookies[who as Person],
      );
      expect(answer(saved).status).toBe(200);
    }
  }

  /** The mails that arrived over SMTP since the last look, sorted by recipient. */
  async function arrived() {
    await deliverDueMail(database.db, smtpTransport(catcher.url), env().MAIL_FROM, 50);
    const mails = catcher.received
      .map((mail) => ({ to: mail.to, subject: mail.subject, ...parseMail(mail.raw) }))
      .sort((a, b) => a.to.localeCompare(b.to));
    catcher.received.length = 0;
    return mails;
  }

  it("owner at once, a member in the digest, a member not at all: exactly the expected recipients", async () => {
    await choose({ Ann: "digest", Bob: "none" });
    const [lead] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    const now = await arrived();
    expect(now.map((m) => m.to)).toEqual(["red@example.com"]);
    expect(now[0]!.subject).toMatch(/^New lead: Seller No\d+, /);
    expect(now[0]!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // A day later only Ann's digest comes, with the lead delivered to her company.
    const later = new Date(Date.now() + DIGEST_PERIOD_MS + 60_000);
    expect(await sendNewLeadDigests(database.db, later)).toBe(1);
    const digests = await arrived();
    expect(digests.map((m) => m.to)).toEqual(["ann@example.com"]);
    expect(digests[0]!.text).toContain("Hello Ann,");
    expect(digests[0]!.text).toContain(`http://leadworks.test/client/leads/${lead}`);
    expect(digests[0]!.text).toContain(
      "You get this daily digest because you chose one e-mail a day about new leads for Red Oak Property Group.",
    );
    expect(await sendNewLeadDigests(database.db, later)).toBe(0);
    expect(await arrived()).toEqual([]);
  });

  it("every member who chose 'at once' gets their own message; another company's people get none", async () => {
    await choose({ Bob: "none" });
    const batch = await deliverLeads(database.db, null, 3);
    await bulkLeadAction(admin(), { ids: batch }, { kind: "assign", clientId: ids.Red });
    const mails = await arrived();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["ann@example.com", "3 new leads assigned to you"],
      ["red@example.com", "3 new leads assigned to you"],
    ]);
    const [ann, red] = mails;
    expect(ann!.text).toContain("Hello Ann,");
    expect(red!.text).toContain("Hello Red,");
    expect(ann!.text).toContain("You get this e-mail because new leads for Red Oak Property Group");
    // Each carries its own recipient's unsubscribe: Ann's turns off Ann's, not the owner's.
    const annLink = new URL(ann!.headers["list-unsubscribe"]!.slice(1, -1));
    expect(red!.headers["list-unsubscribe"]).not.toBe(ann!.headers["list-unsubscribe"]);
    const done = await call(
      unsubscribeAction,
      formRequest(annLink.pathname + annLink.search, { "List-Unsubscribe": "One-Click" }),
    );
    expect(answer(done).status).toBe(200);
    expect((await notificationSettingsOf(database.db, ids.Ann)).newLeads).toBe("none");
    expect((await notificationSettingsOf(database.db, ids.Red)).newLeads).toBe("immediate");

    const [blue] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), blue!, ids.Blue)).toBe(true);
    expect((await arrived()).map((m) => m.to)).toEqual(["blue@example.com", "cal@example.com"]);
  });

  it("a person who has never signed in gets no lead e-mail; after their first sign-in they do", async () => {
    await choose({ Ann: "none", Bob: "none" });
    await confirmedUser({
      email: "dora@example.com",
      password: PASSWORD,
      role: "client",
      firstName: "Dora",
      lastName: "Tester",
    });
    const [dora] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "dora@example.com"));
    await database.db
      .update(clientMembers)
      .set({ companyId: ids.Red, role: "member" })
      .where(eq(clientMembers.userId, dora!.id));
    const [first] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), first!, ids.Red)).toBe(true);
    expect((await arrived()).map((m) => m.to)).toEqual(["red@example.com"]);

    await sessionCookie("dora@example.com", PASSWORD);
    const [second] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), second!, ids.Red)).toBe(true);
    expect((await arrived()).map((m) => m.to)).toEqual(["dora@example.com", "red@example.com"]);
    await database.db.delete(clientMembers).where(eq(clientMembers.userId, dora!.id));
  });

  it("the admin's sentence counts how the team hears; a locked-out member is not mailed", async () => {
    await choose({ Ann: "digest", Bob: "none" });
    expect(await assignmentNotice(ids.Red)).toBe(
      "Assigned to Red Oak Property Group; of its 3 people, 1 is e-mailed about it, 1 gets it in a daily e-mail, 1 turned lead e-mails off.",
    );
    // Ann at once again, then her client role revoked: she can no longer act for the company.
    await choose({ Ann: "immediate" });
    await database.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, ids.Ann), eq(userRoles.role, "client")));
    const [lead] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    expect((await arrived()).map((m) => m.to)).toEqual(["red@example.com"]);
    await database.db.insert(userRoles).values({ userId: ids.Ann, role: "client" });
  });
});
