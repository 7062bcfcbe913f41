/**
 * Speed to lead's reminders (issue 26 §2, ADR 045) on both databases: a delivered lead with no feedback
 * after the company's chosen business hours (default 4, Monday to Friday 9:00 to 18:00 in
 * AGENCY_TIME_ZONE) reminds the member who took it, or the whole team when nobody did: one e-mail per
 * person per run listing their leads, through the outbox, as a notification with its own setting and
 * one-click unsubscribe. Time edges with time frozen (just before and after, across 18:00, across a
 * weekend); each delivery reminded once across two servers at the same instant, a second run, a restart
 * and the job runtime with two holders; the company's choice set by its owner and by an admin.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  clientCompanySettings,
  leadDeliveries,
  leadReminders,
  leads,
  mailOutbox,
  notificationSettings,
  user,
} from "~/db/schema";
import { setLeadClaim, submitFeedback } from "~/features/leads/client-leads.server";
import { sendFeedbackReminders } from "~/features/leads/feedback-reminders.server";
import { assignLead } from "~/features/leads/lead-commands.server";
import { requestReturn } from "~/features/leads/returns/returns.server";
import { env } from "~/lib/env.server";
import { notificationSettingsOf } from "~/lib/mail/notification-settings.server";
import { permissionsOf } from "~/lib/permissions";
import { action as adminClientAction, loader as adminClientLoader } from "~/routes/admin/clients/detail";
import { action as teamAction, loader as teamLoader } from "~/routes/client/team";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { runOnTwoServers } from "../support/job-servers";
import { testDatabases } from "../support/databases";
import { postAccount, signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { answer, call, callRoute, formRequest, getRequest } from "../support/route-calls";
import { joinTeams, teamAccounts } from "../support/teams";

stubAuthEnv({ IP_RATE_LIMITS: "off" });

const PASSWORD = "Harbor-Light-42";
// The team of the shared fixture without Cal: Blue Sky is a company of one here.
const { Cal: _cal, ...accounts } = teamAccounts;

/** An instant given as the wall clock in New York (the default AGENCY_TIME_ZONE), winter time. */
const ny = (local: string) => new Date(`${local}-05:00`);

describe.each(testDatabases)("reminders of leads waiting for feedback on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  // Ann and Bob work for Red Oak (ADR 037): its leads are theirs too.
  joinTeams(database, ids, ["Ann", "Bob"]);
  beforeEach(async () => {
    await db().delete(leads);
    await db().delete(mailOutbox);
    await db().delete(notificationSettings);
    await db().delete(clientCompanySettings);
  });

  const member = (who: "Red" | "Ann" | "Bob" | "Blue") => ({
    id: ids[who],
    permissions: permissionsOf(["client"], who === "Red" || who === "Blue" ? "owner" : "member"),
    clientId: who === "Blue" ? ids.Blue : ids.Red,
  });
  const admin = () => ({ id: ids.Admin, permissions: permissionsOf(["admin"]) });
  /** The reminders written, as [recipient, subject] sorted, and the outbox emptied for the next step. */
  async function reminders(): Promise<[string, string][]> {
    const rows = await db().select().from(mailOutbox);
    await db().delete(mailOutbox);
    return rows.map((row): [string, string] => [row.toAddress, row.subject]).sort();
  }
  const mailTo = async (email: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0]!;
  const team = ["ann@example.com", "bob@example.com", "red@example.com"];

  it("reminds at 4 business hours, not a minute before, and the whole team when nobody took the lead", async () => {
    // Monday 10:00: due at 14:00.
    const [lead] = await deliverLeads(db(), ids.Red, 1, ny("2026-01-05T10:00:00"));
    const [name] = await db().select({ last: leads.lastName }).from(leads).where(eq(leads.id, lead!));
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T13:59:00"))).toEqual({
      leads: 0,
      mails: 0,
      texts: 0,
    });
    expect(await reminders()).toEqual([]);
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T14:00:00"))).toEqual({
      leads: 1,
      mails: 3,
      texts: 0,
    });
    const subject = `Waiting for your feedback: Seller ${name!.last}, Chicago, IL`;
    const ann = await mailTo("ann@example.com");
    expect(ann.textBody).toContain(
      "Hello Ann, this lead of Red Oak Property Group has waited 4 business hours",
    );
    expect(ann.textBody).toContain(
      "Delivered Monday, Jan 5, 10:00 AM Eastern Time · not taken by anyone yet",
    );
    expect(ann.textBody).toContain(`Open the lead: http://leadworks.test/client/leads/${lead}`);
    expect(ann.replyTo).toBe(env().CONTACT_EMAIL);
    // A notification: its own one-click unsubscribe and the settings.
    expect(ann.headers).toMatchObject({
      "Auto-Submitted": "auto-generated",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(ann.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/leadworks\.test\/unsubscribe\?token=/);
    expect(ann.textBody).toContain(
      "Choose which e-mails you get: http://leadworks.test/account#notifications",
    );
    expect(await reminders()).toEqual(team.map((to) => [to, subject]));
    // Once per delivery: the next look, and a restart's, remind nobody again.
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T14:05:00"))).toEqual({
      leads: 0,
      mails: 0,
      texts: 0,
    });
    expect(await sendFeedbackReminders(db(), ny("2026-01-06T14:05:00"))).toEqual({
      leads: 0,
      mails: 0,
      texts: 0,
    });
    expect(await reminders()).toEqual([]);
  });

  it("stops counting at 18:00 and over the weekend", async () => {
    // Tuesday 16:30: 1.5 h that day, 2.5 h on Wednesday from 9:00: due Wednesday 11:30.
    const [tuesday] = await deliverLeads(db(), ids.Red, 1, ny("2026-01-06T16:30:00"));
    // Friday 16:00: 2 h on Friday, 2 h on Monday: due Monday 11:00.
    const [friday] = await deliverLeads(db(), ids.Blue, 1, ny("2026-01-09T16:00:00"));
    // Saturday 10:00: nothing counts before Monday 9:00: due Monday 13:00.
    const [saturday] = await deliverLeads(db(), ids.Blue, 1, ny("2026-01-10T10:00:00"));
    expect((await sendFeedbackReminders(db(), ny("2026-01-06T20:30:00"))).leads).toBe(0);
    expect((await sendFeedbackReminders(db(), ny("2026-01-07T11:29:00"))).leads).toBe(0);
    expect(await sendFeedbackReminders(db(), ny("2026-01-07T11:30:00"))).toEqual({
      leads: 1,
      mails: 3,
      texts: 0,
    });
    expect((await reminders()).map(([to]) => to)).toEqual(team);

    expect((await sendFeedbackReminders(db(), ny("2026-01-10T12:00:00"))).leads).toBe(0); // Saturday
    expect((await sendFeedbackReminders(db(), ny("2026-01-12T10:59:00"))).leads).toBe(0); // Monday
    expect(await sendFeedbackReminders(db(), ny("2026-01-12T11:00:00"))).toEqual({
      leads: 1,
      mails: 1,
      texts: 0,
    });
    const first = await reminders();
    expect(first).toEqual([["blue@example.com", expect.stringContaining("Waiting for your feedback")]]);
    expect((await sendFeedbackReminders(db(), ny("2026-01-12T12:59:00"))).leads).toBe(0);
    expect(await sendFeedbackReminders(db(), ny("2026-01-12T13:00:00"))).toEqual({
      leads: 1,
      mails: 1,
      texts: 0,
    });
    expect(await reminders()).toHaveLength(1);
    const reminded = await db()
      .select({ id: leadDeliveries.leadId })
      .from(leadReminders)
      .innerJoin(leadDeliveries, eq(leadDeliveries.id, leadReminders.deliveryId));
    expect(reminded.map((row) => row.id).sort()).toEqual([tuesday, friday, saturday].sort());
  });

  it("one e-mail per person listing their leads: a taken lead reminds only its taker", async () => {
    const [a1, a2, free] = await deliverLeads(db(), ids.Red, 3, ny("2026-01-05T09:30:00"));
    expect(await setLeadClaim(member("Ann"), a1!, true)).toBe("taken");
    expect(await setLeadClaim(member("Ann"), a2!, true)).toBe("taken");
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T14:00:00"))).toEqual({
      leads: 3,
      mails: 3,
      texts: 0,
    });
    const mails = await db().select().from(mailOutbox);
    const of = (email: string) => mails.find((mail) => mail.toAddress === email)!;
    expect(of("ann@example.com").subject).toBe("3 leads wait for your feedback");
    expect(of("ann@example.com").textBody.match(/taken by you/g)).toHaveLength(2);
    expect(of("ann@example.com").textBody).toContain(`http://leadworks.test/client/leads/${free}`);
    expect(of("ann@example.com").textBody).toContain(
      "Open leads waiting for feedback: http://leadworks.test/client/leads?feedback=not_reviewed",
    );
    for (const other of ["bob@example.com", "red@example.com"]) {
      expect(of(other).subject).toMatch(/^Waiting for your feedback: /);
      expect(of(other).textBody).toContain(`/client/leads/${free}`);
      expect(of(other).textBody).not.toContain(`/client/leads/${a1}`);
    }
  });

  it("feedback or a return request before the time: no reminder; a new delivery may remind again", async () => {
    const delivered = ny("2026-01-05T10:00:00");
    const [answered, returned, moved] = await deliverLeads(db(), ids.Red, 3, delivered);
    expect(await submitFeedback(member("Bob"), answered!, { feedbackStatus: "interested", notes: "" })).toBe(
      true,
    );
    expect(
      await requestReturn(
        member("Red"),
        returned!,
        { reason: "wrong_number", note: "" },
        ny("2026-01-05T11:00:00"),
      ),
    ).toEqual({ ok: true });
    await db().delete(mailOutbox); // the return's receipt and the staff's notice
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T14:00:00"))).toEqual({
      leads: 1,
      mails: 3,
      texts: 0,
    });
    expect((await reminders()).every(([, subject]) => subject.startsWith("Waiting for your feedback"))).toBe(
      true,
    );

    // Moved to Blue Sky and back: a new delivery, reminded once more when it has waited its time.
    expect(await assignLead(admin(), moved!, ids.Blue)).toBe(true);
    expect(await assignLead(admin(), moved!, ids.Red)).toBe(true);
    await db().delete(mailOutbox);
    await db()
      .update(leadDeliveries)
      .set({ deliveredAt: ny("2026-01-06T10:00:00") })
      .where(and(eq(leadDeliveries.leadId, moved!), isNull(leadDeliveries.endedAt)));
    expect((await sendFeedbackReminders(db(), ny("2026-01-06T13:59:00"))).leads).toBe(0);
    expect(await sendFeedbackReminders(db(), ny("2026-01-06T14:00:00"))).toEqual({
      leads: 1,
      mails: 3,
      texts: 0,
    });
  });

  it("leads delivered more than a week ago do not remind: they are the account manager's", async () => {
    await deliverLeads(db(), ids.Red, 2, ny("2025-12-28T10:00:00"));
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T14:00:00"))).toEqual({
      leads: 0,
      mails: 0,
      texts: 0,
    });
  });

  it("honours each person's setting, and its one-click link turns off only reminders", async () => {
    // Ann turns reminders off on /account (she keeps returns on); Bob's account is disabled.
    expect(
      answer(
        await postAccount({ intent: "notifications", newLeads: "immediate", on: "returns" }, cookies.Ann),
      ).status,
    ).toBe(200);
    expect(await notificationSettingsOf(db(), ids.Ann)).toMatchObject({
      leadReminders: false,
      returns: true,
    });
    await db().update(user).set({ disabledAt: new Date() }).where(eq(user.id, ids.Bob));
    try {
      await deliverLeads(db(), ids.Red, 1, ny("2026-01-05T10:00:00"));
      expect(await sendFeedbackReminders(db(), ny("2026-01-05T14:00:00"))).toEqual({
        leads: 1,
        mails: 1,
        texts: 0,
      });
      const red = await mailTo("red@example.com");
      expect(await reminders()).toHaveLength(1);
      const url = new URL(red.headers["List-Unsubscribe"]!.slice(1, -1));
      const done = await call(
        unsubscribeAction,
        formRequest(url.pathname + url.search, { "List-Unsubscribe": "One-Click" }),
      );
      expect(answer(done)).toEqual({ status: 200, data: { done: true } });
      expect(await notificationSettingsOf(db(), ids.Red)).toMatchObject({
        leadReminders: false,
        returns: true,
        newLeads: "immediate",
      });
      await deliverLeads(db(), ids.Red, 1, ny("2026-01-05T11:00:00"));
      expect(await sendFeedbackReminders(db(), ny("2026-01-05T15:00:00"))).toEqual({
        leads: 1,
        mails: 0,
        texts: 0,
      });
    } finally {
      await db().update(user).set({ disabledAt: null }).where(eq(user.id, ids.Bob));
    }
  });

  it("the owner chooses the time on the team page, an admin on the client's page; members only read it", async () => {
    const teamPage = answer(await call(teamLoader, getRequest("/client/team", { cookie: cookies.Ann })));
    expect(teamPage.data).toMatchObject({ reminderHours: 4, canManage: false });
    await expect(
      callRoute(
        teamAction,
        formRequest("/client/team", { intent: "set-reminders", reminderHours: "1" }, { cookie: cookies.Ann }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    const junk = answer(
      await callRoute(
        teamAction,
        formRequest("/client/team", { intent: "set-reminders", reminderHours: "3" }, { cookie: cookies.Red }),
      ),
    );
    expect(junk).toMatchObject({
      status: 400,
      data: { fieldErrors: { reminderHours: "Choose when to remind" } },
    });

    const saved = answer(
      await callRoute(
        teamAction,
        formRequest("/client/team", { intent: "set-reminders", reminderHours: "1" }, { cookie: cookies.Red }),
      ),
    );
    expect(saved).toMatchObject({
      status: 200,
      data: { toast: { text: "Leads waiting for feedback now remind the team after 1 business hour" } },
    });
    const [early] = await deliverLeads(db(), ids.Red, 1, ny("2026-01-05T10:00:00"));
    // Blue Sky keeps the default.
    await deliverLeads(db(), ids.Blue, 1, ny("2026-01-05T10:00:00"));
    expect((await sendFeedbackReminders(db(), ny("2026-01-05T10:59:00"))).leads).toBe(0);
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T11:00:00"))).toEqual({
      leads: 1,
      mails: 3,
      texts: 0,
    });
    const ann = await mailTo("ann@example.com");
    expect(ann.textBody).toContain("has waited 1 business hour since delivery");
    expect(ann.textBody).toContain(`/client/leads/${early}`);

    // The admin turns them off for Red Oak on its client page.
    const page = answer(
      await callRoute(adminClientLoader, getRequest(`/admin/clients/${ids.Red}`, { cookie: cookies.Admin }), {
        id: ids.Red,
      }),
    );
    expect(page.data).toMatchObject({ reminderHours: 1 });
    const off = answer(
      await callRoute(
        adminClientAction,
        formRequest(
          `/admin/clients/${ids.Red}`,
          { intent: "set-reminders", reminderHours: "off" },
          { cookie: cookies.Admin },
        ),
        { id: ids.Red },
      ),
    );
    expect(off).toMatchObject({
      status: 200,
      data: { toast: { text: expect.stringContaining("Reminders are off") } },
    });
    await db().delete(mailOutbox);
    await deliverLeads(db(), ids.Red, 1, ny("2026-01-05T10:30:00"));
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T15:00:00"))).toEqual({
      leads: 1,
      mails: 1,
      texts: 0,
    });
    expect((await reminders()).map(([to]) => to)).toEqual(["blue@example.com"]);
  });

  it("two servers at the same instant remind each lead once", async () => {
    await deliverLeads(db(), ids.Red, 30, ny("2026-01-05T09:00:00"), 1);
    await deliverLeads(db(), ids.Blue, 10, ny("2026-01-05T09:00:00"), 1);
    const at = ny("2026-01-05T15:00:00");
    const outcomes = await Promise.all([sendFeedbackReminders(db(), at), sendFeedbackReminders(db(), at)]);
    expect(outcomes.reduce((sum, o) => sum + o.leads, 0)).toBe(40);
    expect(outcomes.reduce((sum, o) => sum + o.mails, 0)).toBe(4);
    expect(await db().$count(leadReminders)).toBe(40);
    const mails = await reminders();
    expect(mails).toEqual([
      ["ann@example.com", "30 leads wait for your feedback"],
      ["blue@example.com", "10 leads wait for your feedback"],
      ["bob@example.com", "30 leads wait for your feedback"],
      ["red@example.com", "30 leads wait for your feedback"],
    ]);
  });

  it("the job runtime reminds: two servers looking, one e-mail per person", async () => {
    await deliverLeads(db(), ids.Red, 2, ny("2026-01-05T09:00:00"));
    // Only the clock of this process is frozen; the schedule's times are the database's.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(ny("2026-01-05T13:10:00"));
    try {
      await runOnTwoServers(
        database.handle,
        "feedback-reminders",
        async () => (await db().$count(mailOutbox)) >= 3,
      );
    } finally {
      vi.useRealTimers();
    }
    expect(await reminders()).toEqual(team.map((to) => [to, "2 leads wait for your feedback"]));
  });
});
