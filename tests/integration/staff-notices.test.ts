/**
 * The staff's two notifications (issue 27) on both databases, each caused the way the product causes it,
 * delivered through the outbox and the real SMTP transport to a local SMTP server, and read raw:
 * - the daily digest of client feedback: at opening time on business days in the agency's time zone (the
 *   edges with time frozen: 8:59, 9:00, 18:00, a Saturday, daylight saving time), of the feedback since
 *   the last digest (client, lead linked to its admin page, status with reason, notes, the person who gave
 *   it), nothing on a day without feedback, once a day however many servers look or restart, run by the
 *   job runtime;
 * - the notice of a paused client webhook: once per run of failures, not per attempt.
 * Each goes only to admins who want it, carries List-Unsubscribe, and its one-click link turns off only
 * its own kind.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clientMembers,
  feedbackDigests,
  leadActivities,
  mailOutbox,
  notificationSettings,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { submitFeedback } from "~/features/leads/client-leads.server";
import { FEEDBACK_SETTLE_MS, sendFeedbackDigest } from "~/features/leads/feedback-digest.server";
import { publicLeadSql } from "~/features/leads/public-lead.server";
import { resumeWebhook, saveWebhookUrl } from "~/features/webhooks/webhooks.server";
import { env } from "~/lib/env.server";
import { notificationSettingsOf } from "~/lib/mail/notification-settings.server";
import { deliverDueMail } from "~/lib/mail/outbox.server";
import { smtpTransport } from "~/lib/mail/transports.server";
import { permissionsOf } from "~/lib/permissions";
import { deliverDueWebhooks } from "~/lib/webhooks/delivery.server";
import { PAUSE_AFTER_MS, PAUSE_MIN_FAILURES } from "~/lib/webhooks/endpoint-health.server";
import { enqueueLeadEvents } from "~/lib/webhooks/outbox.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { runOnTwoServers } from "../support/job-servers";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { parseMail, type ParsedMail } from "../support/mail";
import { answer, call, formRequest, getRequest } from "../support/route-calls";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const SITE = "http://leadworks.test";
stubAuthEnv({ IP_RATE_LIMITS: "off", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });

const PASSWORD = "Harbor-Light-42";
const accounts = {
  Admin: { role: "admin" as const },
  Maria: { role: "admin" as const },
  Tom: { role: "client" as const, companyName: "Tom Buys Houses" },
  Sam: { role: "client" as const, companyName: "Tom Buys Houses" },
};

interface Arrived extends ParsedMail {
  to: string;
  subject: string;
}

/** An instant given as the wall clock in New York (the default AGENCY_TIME_ZONE) and its UTC offset. */
const newYork = (local: string, offset = "-05:00") => new Date(`${local}${offset}`);

describe.each(testDatabases)("the staff's notifications on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    // Sam works for Tom's company (issue 26): the feedback he gives is the company's, and his name says who.
    await db().update(clientMembers).set({ companyId: ids.Tom }).where(eq(clientMembers.userId, ids.Sam));
  });
  afterAll(() => catcher.stop());
  beforeEach(async () => {
    await db().delete(mailOutbox);
    await db().delete(notificationSettings);
    await db().delete(feedbackDigests);
    await db().delete(leadActivities).where(eq(leadActivities.activityType, "client_feedback_submitted"));
    catcher.received.length = 0;
  });

  /** Sends what waits in the outbox through SMTP; returns what arrived since the last call. */
  async function delivered(): Promise<Arrived[]> {
    const waiting = await db().$count(mailOutbox, eq(mailOutbox.status, "pending"));
    expect(await deliverDueMail(db(), smtpTransport(catcher.url), env().MAIL_FROM, 50)).toBe(waiting);
    const mails = catcher.received.splice(0);
    return mails.map((mail) => ({ to: mail.to, subject: mail.subject, ...parseMail(mail.raw) }));
  }
  const tom = () => ({ id: ids.Tom, permissions: permissionsOf(["client"], "owner"), clientId: ids.Tom });
  const sam = () => ({ id: ids.Sam, permissions: permissionsOf(["client"], "member"), clientId: ids.Tom });
  /** The /account notifications form as the browser posts it: one "on" per ticked box. */
  const saveSwitches = (who: "Admin" | "Maria" | "Tom", on: string[], newLeads = "") => {
    const request = formRequest("/account", { intent: "notifications", newLeads }, { cookie: cookies[who] });
    const body = new URLSearchParams({ intent: "notifications", newLeads });
    for (const value of on) body.append("on", value);
    return call(accountAction, new Request(request, { body: body.toString() }));
  };
  /** Gives feedback as the product does, then dates it `at` (the digests run on a frozen clock). */
  async function feedback(
    who: ReturnType<typeof tom>,
    leadId: string,
    at: Date,
    input: Parameters<typeof submitFeedback>[2],
  ) {
    expect(await submitFeedback(who, leadId, input)).toBe(true);
    await db()
      .update(leadActivities)
      .set({ createdAt: at })
      .where(
        and(eq(leadActivities.leadId, leadId), eq(leadActivities.activityType, "client_feedback_submitted")),
      );
  }
  /** Opens a message's unsubscribe page logged out (it names `what` stops), then POSTs as a mail client does. */
  async function unsubscribe(mail: Arrived, what: string) {
    const url = new URL(mail.headers["list-unsubscribe"]!.slice(1, -1));
    const asked = answer(await call(unsubscribeLoader, getRequest(url.pathname + url.search)));
    expect(asked.data).toMatchObject({ target: { what } });
    const done = await call(
      unsubscribeAction,
      formRequest(url.pathname + url.search, { "List-Unsubscribe": "One-Click" }),
    );
    expect(answer(done)).toEqual({ status: 200, data: { done: true } });
  }
  const expectNotification = (mail: Arrived) => {
    expect(mail.headers["auto-submitted"]).toBe("auto-generated");
    expect(mail.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/leadworks\.test\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const url = mail.headers["list-unsubscribe"]!.slice(1, -1);
    expect(mail.text).toContain(`Unsubscribe: ${url}`);
    expect(mail.html).toContain(`<a href="${url}">Unsubscribe</a>`);
    expect(mail.text).toContain(`Choose which e-mails you get: ${SITE}/account#notifications`);
  };
  const expectLink = (mail: Arrived, url: string) => {
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`<a href="${url.replaceAll("&", "&amp;")}"`);
  };

  it("the account page offers admins both switches, on by default; saving sets each", async () => {
    const page = answer(await call(accountLoader, getRequest("/account", { cookie: cookies.Admin })));
    expect(page.data).toMatchObject({
      notifications: { feedbackDigest: true, webhookAlerts: true, admin: true },
    });
    expect(answer(await saveSwitches("Maria", ["import_reports", "webhook_alerts"])).status).toBe(200);
    expect(await notificationSettingsOf(db(), ids.Maria)).toMatchObject({
      importReports: true,
      feedbackDigest: false,
      webhookAlerts: true,
    });
    // A client's form cannot reach the admins' switches: ticking one leaves it as it was.
    expect(answer(await saveSwitches("Tom", ["returns"], "immediate")).status).toBe(200);
    expect(await notificationSettingsOf(db(), ids.Tom)).toMatchObject({
      returns: true,
      feedbackDigest: true,
    });
    expect(answer(await saveSwitches("Tom", ["feedback_digest"], "immediate")).status).toBe(200);
    expect(await notificationSettingsOf(db(), ids.Tom)).toMatchObject({
      returns: false,
      feedbackDigest: true,
    });
  });

  it("the feedback digest: at 9:00 on business days, of the feedback since the last, once a day", async () => {
    // Maria turned the digest off; Admin has never chosen (the default: on).
    expect(answer(await saveSwitches("Maria", ["import_reports", "webhook_alerts"])).status).toBe(200);
    const [older, first, second, late] = await deliverLeads(db(), ids.Tom, 4);
    // Thursday Jan 1, 2026, before the first digest's window; Friday, in it; Monday just before 9:00,
    // in it; Monday 8:59:30, too close to the digest (its settling minute), so the next day's.
    await feedback(tom(), older!, newYork("2026-01-01T10:00:00"), { feedbackStatus: "contacted", notes: "" });
    await feedback(tom(), first!, newYork("2026-01-02T10:00:00"), {
      feedbackStatus: "interested",
      notes: "Walkthrough booked for Thursday; wants a cash offer.",
    });
    await feedback(sam(), second!, newYork("2026-01-05T08:58:00"), {
      feedbackStatus: "not_interested",
      notes: "Asking <$40k> over ARV & firm.",
      notInterestedReason: "price",
    });
    await feedback(tom(), late!, newYork("2026-01-05T08:59:30"), { feedbackStatus: "contacted", notes: "" });

    // Before opening, on a Saturday, at closing time: nothing, and no day is marked.
    for (const at of [
      newYork("2026-01-05T08:59:59"),
      newYork("2026-01-03T10:00:00"),
      newYork("2026-01-02T18:00:00"),
    ]) {
      expect(await sendFeedbackDigest(db(), at)).toEqual({ kind: "outside-hours" });
    }
    expect(await db().$count(feedbackDigests)).toBe(0);

    // 9:00 on Monday, two servers at the same moment: one digest.
    const monday = newYork("2026-01-05T09:00:00");
    const outcomes = await Promise.all([sendFeedbackDigest(db(), monday), sendFeedbackDigest(db(), monday)]);
    expect(outcomes).toContainEqual({ kind: "sent", day: "2026-01-05", entries: 2, recipients: 1 });
    expect(outcomes).toContainEqual({ kind: "already-sent", day: "2026-01-05" });
    // A restart later that day, or another server's next look: nothing more.
    expect(await sendFeedbackDigest(db(), newYork("2026-01-05T17:59:00"))).toEqual({
      kind: "already-sent",
      day: "2026-01-05",
    });

    const [digest, ...others] = await delivered();
    expect(others).toEqual([]);
    expect(digest!.to).toBe("admin@example.com");
    expect(digest!.subject).toBe("Client feedback digest: 2 updates");
    expectNotification(digest!);
    // A notice to staff: nobody to answer.
    expect(digest!.headers["reply-to"]).toBeUndefined();
    expect(digest!.text).toContain(
      "Hello Admin, here is the feedback clients gave on their leads since Friday, Jan 2, 8:59 AM Eastern Time: 2 updates.",
    );
    for (const lead of [first!, second!]) expectLink(digest!, `${SITE}/admin/leads/${lead}`);
    for (const lead of [older!, late!]) expect(digest!.text).not.toContain(lead);
    expect(digest!.text).toContain(
      `Tom Buys Houses: Interested\nNotes: Walkthrough booked for Thursday; wants a cash offer.\nBy Tom Tester (tom@example.com), Friday, Jan 2, 10:00 AM\n${SITE}/admin/leads/${first}`,
    );
    expect(digest!.text).toContain(
      "Tom Buys Houses: Not Interested (Price)\nNotes: Asking <$40k> over ARV & firm.\nBy Sam Tester (sam@example.com), Monday, Jan 5, 8:58 AM",
    );
    expect(digest!.html).toContain("Notes: Asking &lt;$40k&gt; over ARV &amp; firm.");
    expect(digest!.html).toContain("By Sam Tester (sam@example.com)");
    expectLink(digest!, `${SITE}/admin/leads?sort=updated`);

    // Tuesday: 18:00 is closed; 17:59 is open, and the digest holds the feedback of 8:59:30 on Monday.
    expect(await sendFeedbackDigest(db(), newYork("2026-01-06T18:00:00"))).toEqual({ kind: "outside-hours" });
    expect(await sendFeedbackDigest(db(), newYork("2026-01-06T17:59:00"))).toEqual({
      kind: "sent",
      day: "2026-01-06",
      entries: 1,
      recipients: 1,
    });
    const [tuesday] = await delivered();
    expect(tuesday!.subject).toBe("Client feedback digest: 1 update");
    expect(tuesday!.text).toContain("since Monday, Jan 5, 8:59 AM Eastern Time: 1 update.");
    expectLink(tuesday!, `${SITE}/admin/leads/${late}`);
    expect(tuesday!.text).not.toContain("The first");

    // Wednesday brings no feedback: the day is marked and nothing is sent.
    expect(await sendFeedbackDigest(db(), newYork("2026-01-07T09:00:00"))).toEqual({
      kind: "sent",
      day: "2026-01-07",
      entries: 0,
      recipients: 0,
    });
    expect(await delivered()).toEqual([]);

    // The one-click link turns the digest off, and nothing else.
    await unsubscribe(tuesday!, "the daily digest of client feedback");
    expect(await notificationSettingsOf(db(), ids.Admin)).toMatchObject({
      feedbackDigest: false,
      webhookAlerts: true,
      importReports: true,
    });
    const [wednesday] = await deliverLeads(db(), ids.Tom, 1);
    await feedback(tom(), wednesday!, newYork("2026-01-07T11:00:00"), {
      feedbackStatus: "deal_closed",
      notes: "",
    });
    expect(await sendFeedbackDigest(db(), newYork("2026-01-08T09:00:00"))).toEqual({
      kind: "sent",
      day: "2026-01-08",
      entries: 1,
      recipients: 0,
    });
    expect(await delivered()).toEqual([]);
  });

  it("the digest's hour follows daylight saving time and the configured zone", async () => {
    const [lead] = await deliverLeads(db(), ids.Tom, 1);
    await feedback(tom(), lead!, newYork("2026-07-03T12:00:00", "-04:00"), {
      feedbackStatus: "interested",
      notes: "",
    });
    // Monday, July 6: 9:00 in New York is 13:00 UTC in summer.
    expect(await sendFeedbackDigest(db(), new Date("2026-07-06T12:59:00Z"))).toEqual({
      kind: "outside-hours",
    });
    expect(await sendFeedbackDigest(db(), new Date("2026-07-06T13:00:00Z"))).toMatchObject({
      kind: "sent",
      day: "2026-07-06",
      entries: 1,
    });
    const [digest] = await delivered();
    expect(digest!.text).toContain("since Friday, Jul 3, 8:59 AM Eastern Time: 1 update.");
    // An agency in Los Angeles opens three hours later: its 9:00 is 16:00 UTC.
    const la = "America/Los_Angeles";
    expect(await sendFeedbackDigest(db(), new Date("2026-07-07T15:59:00Z"), la)).toEqual({
      kind: "outside-hours",
    });
    expect(await sendFeedbackDigest(db(), new Date("2026-07-07T16:00:00Z"), la)).toMatchObject({
      kind: "sent",
    });
  });

  it("the job runtime sends it: two servers looking at 9:05 send one digest", async () => {
    const [lead] = await deliverLeads(db(), ids.Tom, 1);
    await feedback(sam(), lead!, newYork("2026-02-02T08:30:00"), { feedbackStatus: "interested", notes: "" });
    // Only the clock of this process is frozen; the schedule's times are the database's.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(newYork("2026-02-02T09:05:00"));
    try {
      await runOnTwoServers(
        database.handle,
        "feedback-digests",
        async () => (await db().$count(mailOutbox)) > 0,
      );
    } finally {
      vi.useRealTimers();
    }
    const rows = await db().select().from(feedbackDigests);
    expect(rows).toMatchObject([{ day: "2026-02-02", entries: 1, recipients: 2 }]);
    expect(rows[0]!.through).toEqual(new Date(newYork("2026-02-02T09:05:00").getTime() - FEEDBACK_SETTLE_MS));
    const mails = await delivered();
    expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      ["admin@example.com", "Client feedback digest: 1 update"],
      ["maria@example.com", "Client feedback digest: 1 update"],
    ]);
  });

  describe("a client's webhook paused", () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(() => receiver.stop());
    afterEach(async () => {
      await db().delete(webhookEndpoints);
    });

    const endpoint = async () =>
      (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.clientId, ids.Tom)))[0]!;
    const dueNow = () =>
      db()
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(and(eq(webhookDeliveries.clientId, ids.Tom), eq(webhookDeliveries.status, "pending")));
    async function event() {
      const [lead] = await deliverLeads(db(), ids.Tom, 1);
      await enqueueLeadEvents(
        db(),
        [{ type: "lead.assigned" as const, leadId: lead!, clientId: ids.Tom }],
        publicLeadSql("l", "client"),
      );
    }
    /** Fails until the endpoint is paused: failing for hours, one attempt short of the minimum, then one more. */
    async function failUntilPaused() {
      await event();
      await dueNow();
      await deliverDueWebhooks(db(), { allowPrivate: true });
      await db()
        .update(webhookEndpoints)
        .set({
          consecutiveFailures: PAUSE_MIN_FAILURES - 1,
          failingSince: new Date(Date.now() - PAUSE_AFTER_MS - 60_000),
        })
        .where(eq(webhookEndpoints.clientId, ids.Tom));
      expect((await endpoint()).pausedAt).toBeNull();
      await dueNow();
      await deliverDueWebhooks(db(), { allowPrivate: true });
      expect((await endpoint()).pausedAt).not.toBeNull();
    }

    it("tells the admins who want it once per run of failures, not per attempt", async () => {
      receiver.respond = () => 500;
      await saveWebhookUrl(tom(), ids.Tom, `${receiver.url}/tom`);
      // Maria turned the webhook notices off.
      expect(answer(await saveSwitches("Maria", ["import_reports", "feedback_digest"])).status).toBe(200);

      // Attempts that fail without reaching the pause tell nobody.
      await event();
      for (let i = 0; i < 3; i++) {
        await dueNow();
        await deliverDueWebhooks(db(), { allowPrivate: true });
      }
      expect((await endpoint()).consecutiveFailures).toBe(3);
      expect(await db().$count(mailOutbox)).toBe(0);

      await failUntilPaused();
      const mails = await delivered();
      expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
        ["admin@example.com", "Webhook paused: Tom Buys Houses"],
        ["tom@example.com", "Your Leadworks webhook is paused"],
      ]);
      const notice = mails.find((mail) => mail.to === "admin@example.com")!;
      expectNotification(notice);
      // Staff answering write to the client.
      expect(notice.headers["reply-to"]).toBe("tom@example.com");
      expect(notice.text).toContain(
        "Hello Admin, every delivery to the webhook of Tom Buys Houses has failed since",
      );
      expect(notice.text).toMatch(
        /has failed since \w+day, \w{3} \d+, \d+:\d\d [AP]M Eastern Time \(\d+ attempts in a row\)/,
      );
      expect(notice.text).toContain(`Webhook URL: ${receiver.url}/tom`);
      expect(notice.text).toContain("Last answer: HTTP 500");
      expectLink(notice, `${SITE}/admin/webhooks/${ids.Tom}`);
      expectLink(notice, `${SITE}/admin/clients/${ids.Tom}`);
      // The client's own notice has no opt-out: it stops their systems.
      const own = mails.find((mail) => mail.to === "tom@example.com")!;
      expect(own.headers["list-unsubscribe"]).toBeUndefined();

      // Paused: more events and more looks attempt nothing and tell nobody again.
      await event();
      await dueNow();
      expect(await deliverDueWebhooks(db(), { allowPrivate: true })).toBe(0);
      expect(await delivered()).toEqual([]);

      // Resumed and failing again: a new run of failures, a new notice once it is paused again.
      expect(await resumeWebhook(tom(), ids.Tom)).toBe("resumed");
      await failUntilPaused();
      expect((await delivered()).map((mail) => mail.to).sort()).toEqual([
        "admin@example.com",
        "tom@example.com",
      ]);
    });

    it("its one-click link turns off only the webhook notices", async () => {
      receiver.respond = () => 503;
      await saveWebhookUrl(tom(), ids.Tom, `${receiver.url}/tom`);
      await failUntilPaused();
      const notice = (await delivered()).find((mail) => mail.to === "admin@example.com")!;
      expect(notice.text).toContain("Last answer: HTTP 503");
      await unsubscribe(notice, "notices of paused client webhooks");
      expect(await notificationSettingsOf(db(), ids.Admin)).toMatchObject({
        webhookAlerts: false,
        feedbackDigest: true,
        importReports: true,
      });
      expect(await resumeWebhook(tom(), ids.Tom)).toBe("resumed");
      await failUntilPaused();
      // Maria never chose (on by default) and gets it now; Admin does not.
      expect((await delivered()).map((mail) => mail.to).sort()).toEqual([
        "maria@example.com",
        "tom@example.com",
      ]);
      await db()
        .delete(webhookDeliveries)
        .where(inArray(webhookDeliveries.clientId, [ids.Tom]));
    });
  });
});
