/**
 * Notification settings and the one-click unsubscribe (issue 27) on both databases: every notification
 * send honours the person's choice, a notification carries List-Unsubscribe and List-Unsubscribe-Post
 * (RFC 8058) as it arrives over SMTP, and the link works for someone who is not signed in: GET only asks,
 * POST turns the kind off at once and answers 200, a tampered token is refused with 400.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientAgreements, leadReturns, mailOutbox, notificationSettings } from "~/db/schema";
import { assignLead } from "~/features/leads/lead-commands.server";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { sendNewLeadDigests, DIGEST_PERIOD_MS } from "~/features/leads/new-lead-digest.server";
import { decideReturn, requestReturn } from "~/features/leads/returns/returns.server";
import { env } from "~/lib/env.server";
import { notificationSettingsOf } from "~/lib/mail/notification-settings.server";
import { sampleMails } from "~/lib/mail/templates/catalogue";
import { deliverDueMail } from "~/lib/mail/outbox.server";
import { smtpTransport } from "~/lib/mail/transports.server";
import { permissionsOf } from "~/lib/permissions";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { loader as mailPreviewLoader } from "~/routes/admin/mail";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { parseMail } from "../support/mail";
import { answer, call, callRoute, formRequest, getRequest, statusOf } from "../support/route-calls";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher";

const CONTACT = "hello@notify.test";
stubAuthEnv({ CONTACT_EMAIL: CONTACT, NOTIFY_EMAIL: "staff@notify.test", IP_RATE_LIMITS: "off" });

const PASSWORD = "Harbor-Light-42";
const accounts = {
  Admin: { role: "admin" as const },
  Tom: { role: "client" as const, companyName: "Tom Buys Houses" },
  Rita: { role: "client" as const, companyName: "Rita Rehabs" },
};

describe.each(testDatabases)("notification settings and unsubscribe on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  const admin = () => ({ id: ids.Admin, permissions: permissionsOf(["admin"]) });
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    for (const clientId of [ids.Tom, ids.Rita]) {
      await database.db.insert(clientAgreements).values({
        clientId,
        version: 1,
        leadsPerMonth: 50,
        startsOn: "2020-01-01",
        pricePerLead: 40,
        returnWindowDays: 7,
        returnCapPercent: 100,
      });
    }
  });
  afterAll(() => catcher.stop());
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    await database.db.delete(notificationSettings);
    catcher.received.length = 0;
  });

  async function delivered() {
    await deliverDueMail(database.db, smtpTransport(catcher.url), env().MAIL_FROM, 50);
    return catcher.received.map((mail) => ({ to: mail.to, subject: mail.subject, ...parseMail(mail.raw) }));
  }
  const waiting = async () =>
    database.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "pending"));
  const save = (who: "Tom" | "Rita" | "Admin", fields: Record<string, string>) =>
    call(
      accountAction,
      formRequest("/account", { intent: "notifications", ...fields }, { cookie: cookies[who] }),
    );

  it("a notification carries List-Unsubscribe with one-click POST; the footer links the settings", async () => {
    const [lead] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), lead!, ids.Tom)).toBe(true);
    const [mail] = await delivered();
    expect(mail!.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/leadworks\.test\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    );
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const url = mail!.headers["list-unsubscribe"]!.slice(1, -1);
    expect(mail!.text).toContain(`Unsubscribe: ${url}`);
    expect(mail!.html).toContain(`<a href="${url}">Unsubscribe</a>`);
    expect(mail!.text).toContain("Choose which e-mails you get: http://leadworks.test/account#notifications");
    expect(mail!.text).toMatch(/\n--\nLeadworks\nYou get this e-mail because new leads for Tom Buys Houses/);
  });

  it("the link works logged out: GET only asks, POST turns it off at once (200), a tampered token is 400", async () => {
    const [lead] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), lead!, ids.Tom)).toBe(true);
    const [mail] = await delivered();
    const url = new URL(mail!.headers["list-unsubscribe"]!.slice(1, -1));
    const path = url.pathname + url.search;

    // A scanner's prefetch: nothing changes.
    const asked = answer(await call(unsubscribeLoader, getRequest(path)));
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ target: { what: "e-mails about new leads assigned to you" } });
    expect((await notificationSettingsOf(database.db, ids.Tom)).newLeads).toBe("immediate");

    // The mail client's one-click POST (RFC 8058), no cookie.
    const done = await call(unsubscribeAction, formRequest(path, { "List-Unsubscribe": "One-Click" }));
    expect(answer(done)).toEqual({ status: 200, data: { done: true } });
    expect((await notificationSettingsOf(database.db, ids.Tom)).newLeads).toBe("none");

    const [next] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), next!, ids.Tom)).toBe(true);
    expect(await waiting()).toEqual([]);

    // Tampered: another person's id under Tom's signature, a cut signature, junk, none.
    const token = url.searchParams.get("token")!;
    const [, signature] = token.split(".");
    const forged = `${Buffer.from(`${ids.Rita}:new_leads`).toString("base64url")}.${signature}`;
    for (const bad of [forged, token.slice(0, -2), "junk", ""]) {
      const badPath = `/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect(statusOf(await call(unsubscribeAction, formRequest(badPath, {})))).toBe(400);
      expect(statusOf(await call(unsubscribeLoader, getRequest(badPath)))).toBe(400);
    }
    expect((await notificationSettingsOf(database.db, ids.Rita)).newLeads).toBe("immediate");
  });

  it("new leads as a daily digest: nothing at once, one digest after 24 hours of what is still theirs", async () => {
    expect(answer(await save("Rita", { newLeads: "digest", on: "returns" })).status).toBe(200);
    const batch = await deliverLeads(database.db, null, 3);
    await bulkLeadAction(admin(), { ids: batch }, { kind: "assign", clientId: ids.Rita });
    const [single] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), single!, ids.Rita)).toBe(true);
    expect(await waiting()).toEqual([]);

    // Not yet a day: nothing; a day later: one digest of the four.
    expect(await sendNewLeadDigests(database.db)).toBe(0);
    const later = new Date(Date.now() + DIGEST_PERIOD_MS + 60_000);
    expect(await sendNewLeadDigests(database.db, later)).toBe(1);
    const [digest, ...rest] = await delivered();
    expect(rest).toEqual([]);
    expect(digest!.subject).toBe("Your daily digest: 4 new leads");
    expect(digest!.text).toContain("we have assigned 4 new homeowner leads to you since your last digest.");
    for (const id of [...batch, single!]) {
      expect(digest!.text).toContain(`http://leadworks.test/client/leads/${id}`);
      expect(digest!.html).toContain(`<a href="http://leadworks.test/client/leads/${id}">`);
    }
    expect(digest!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // The next run the same day sends nothing again.
    expect(await sendNewLeadDigests(database.db, later)).toBe(0);
  });

  it("'never' sends no lead mail; returns off sends no decision; others still get theirs", async () => {
    expect(answer(await save("Tom", { newLeads: "none" })).status).toBe(200);
    expect(await notificationSettingsOf(database.db, ids.Tom)).toEqual({
      newLeads: "none",
      returns: false,
      importReports: true,
      feedbackDigest: true,
      webhookAlerts: true,
      leadReminders: false,
      smsNumber: null,
      smsNewLeads: false,
      smsReminders: false,
    });
    const [mine] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), mine!, ids.Tom)).toBe(true);
    const [hers] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), hers!, ids.Rita)).toBe(true);
    expect((await waiting()).map((m) => m.to)).toEqual(["rita@example.com"]);
    await database.db.delete(mailOutbox);

    const tom = { id: ids.Tom, permissions: permissionsOf(["client"]) };
    expect(await requestReturn(tom, mine!, { reason: "wrong_number", note: "" })).toEqual({ ok: true });
    const [request] = await database.db.select().from(leadReturns).where(eq(leadReturns.leadId, mine!));
    expect(
      await decideReturn(admin(), { returnId: request!.id, decision: "approve", decisionNote: "" }),
    ).toEqual({
      ok: true,
    });
    // Only the staff's notice: Tom turned returns off.
    expect((await waiting()).map((m) => m.to)).toEqual(["staff@notify.test"]);
  });

  it("the account page shows each person the choices of their roles and refuses junk with 400", async () => {
    const tom = answer(await call(accountLoader, getRequest("/account", { cookie: cookies.Tom })));
    expect(tom.data).toMatchObject({
      notifications: { newLeads: "immediate", returns: true, client: true, admin: false },
    });
    const adminPage = answer(await call(accountLoader, getRequest("/account", { cookie: cookies.Admin })));
    expect(adminPage.data).toMatchObject({ notifications: { client: false, admin: true } });

    // An admin turning their notifications off does not touch the client choices they do not see.
    expect(answer(await save("Admin", {})).status).toBe(200);
    expect(await notificationSettingsOf(database.db, ids.Admin)).toEqual({
      newLeads: "immediate",
      returns: true,
      importReports: false,
      feedbackDigest: false,
      webhookAlerts: false,
      leadReminders: true,
      smsNumber: null,
      smsNewLeads: false,
      smsReminders: false,
    });
    const junks: Record<string, string>[] = [
      { newLeads: "hourly" },
      { newLeads: "" },
      { newLeads: "digest", on: "everything" },
    ];
    for (const junk of junks) {
      expect(answer(await save("Tom", junk)).status).toBe(400);
    }
  });

  it("/admin/mail renders every template for admins only; an unknown template is 404", async () => {
    const first = answer(await call(mailPreviewLoader, getRequest("/admin/mail", { cookie: cookies.Admin })));
    const entries = (first.data as unknown as { entries: { id: string }[] }).entries;
    expect(entries.map((entry) => entry.id)).toEqual(sampleMails.map((sample) => sample.id));
    for (const { id } of entries) {
      const page = answer(
        await call(mailPreviewLoader, getRequest(`/admin/mail?template=${id}`, { cookie: cookies.Admin })),
      );
      const mail = (
        page.data as unknown as { mail: { id: string; html: string; text: string; subject: string } }
      ).mail;
      expect(mail.id).toBe(id);
      expect(mail.html).toContain(`<title>`);
      expect(mail.text).toContain("http://leadworks.test");
    }
    expect(
      statusOf(
        await callRoute(
          mailPreviewLoader,
          getRequest("/admin/mail?template=nope", { cookie: cookies.Admin }),
        ),
      ),
    ).toBe(404);
    // A client and a visitor never see it: the area's guard answers before any template renders.
    const asClient = await call(mailPreviewLoader, getRequest("/admin/mail", { cookie: cookies.Tom }));
    expect(asClient).toBeInstanceOf(Response);
    expect([302, 403, 404]).toContain((asClient as Response).status);
    const anonymous = await call(mailPreviewLoader, getRequest("/admin/mail"));
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});
