/**
 * Text messages (issue 26 §2, ADR 045) on both databases, sent through the outbox and the real Twilio
 * adapter to a local fake of Twilio's HTTP API (tests/support/twilio-fake.ts): a client saves a mobile
 * number on /account (checked, kept in E.164) and ticks what they want texted; new leads and reminders
 * text exactly the members who asked; each request has Twilio's shape (the path with the account SID,
 * basic auth, a form body of To, From and Body); a 5xx is retried with backoff until it goes, a refusal
 * fails at once, and a STOP turns the person's texts off. tests/integration/sms-off.test.ts holds the
 * other half: with SMS_PROVIDER unset nothing is queued or sent.
 */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  clientMembers,
  leads,
  mailOutbox,
  notificationSettings,
  rateLimitHits,
  smsOutbox,
} from "~/db/schema";
import { sendFeedbackReminders } from "~/features/leads/feedback-reminders.server";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { assignLead } from "~/features/leads/lead-commands.server";
import { env } from "~/lib/env.server";
import { startJobs } from "~/lib/jobs/runtime.server";
import { notificationSettingsOf } from "~/lib/mail/notification-settings.server";
import { SMS_CODES_PER_HOUR } from "~/lib/sms/confirmation.server";
import { deliverDueSms, SMS_MAX_ATTEMPTS, smsDailyLimitRefusals } from "~/lib/sms/outbox.server";
import { twilioTransport } from "~/lib/sms/twilio.server";
import { permissionsOf } from "~/lib/permissions";
import { loader as accountLoader } from "~/routes/account";
import { backgroundJobs } from "../../server/jobs";
import { testJobContext } from "../support/job-servers";
import { testDatabases } from "../support/databases";
import { postAccount, signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { answer, call, getRequest } from "../support/route-calls";
import { startTwilioFake, type TwilioFake } from "../support/twilio-fake";

const twilio: TwilioFake = await startTwilioFake();
afterAll(() => twilio.stop());
const FROM = "+13125550100";
stubAuthEnv({
  IP_RATE_LIMITS: "off",
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_FROM: FROM,
  TWILIO_API_URL: twilio.url,
});

const PASSWORD = "Harbor-Light-42";
const accounts = {
  Admin: { role: "admin" as const },
  Red: { role: "client" as const, companyName: "Red Oak Property Group" },
  Ann: { role: "client" as const, companyName: "Red Oak Property Group" },
  Bob: { role: "client" as const, companyName: "Red Oak Property Group" },
};
const ANN = "+13125550123";
const ny = (local: string) => new Date(`${local}-05:00`);

describe.each(testDatabases)("text messages through Twilio's API on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  const admin = () => ({ id: ids.Admin, permissions: permissionsOf(["admin"]) });
  const transport = () =>
    twilioTransport({
      apiUrl: env().TWILIO_API_URL,
      accountSid: env().TWILIO_ACCOUNT_SID!,
      authToken: env().TWILIO_AUTH_TOKEN!,
      from: env().TWILIO_FROM!,
    });
  /** Every text in the outbox, oldest first. */
  const queued = () => db().select().from(smsOutbox).orderBy(smsOutbox.createdAt);
  /** Makes every pending text due now (its backoff served). */
  const dueNow = () =>
    db()
      .update(smsOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) });

  beforeAll(async () => {
    for (const who of ["Ann", "Bob"] as const) {
      await db()
        .update(clientMembers)
        .set({ companyId: ids.Red, role: "member" })
        .where(eq(clientMembers.userId, ids[who]));
    }
  });
  beforeEach(async () => {
    await db().delete(leads);
    await db().delete(smsOutbox);
    await db().delete(mailOutbox);
    await db().delete(notificationSettings);
    await db().delete(rateLimitHits).where(like(rateLimitHits.bucket, "sms-code:%"));
    twilio.reset();
    // Ann asks for both texts; Bob saved a number but asked for none.
    expect(
      answer(
        await postAccount(
          {
            intent: "notifications",
            newLeads: "immediate",
            on: "sms_new_leads",
            smsNumber: "(312) 555-0123",
          },
          cookies.Ann,
        ),
      ).status,
    ).toBe(200);
    await db()
      .update(notificationSettings)
      .set({ smsReminders: true })
      .where(eq(notificationSettings.userId, ids.Ann));
    expect(
      answer(
        await postAccount(
          { intent: "notifications", newLeads: "immediate", smsNumber: "+1 312 555 0199" },
          cookies.Bob,
        ),
      ).status,
    ).toBe(200);
    // Each confirms their number with the code texted to it; the codes leave the outbox.
    for (const who of ["Ann", "Bob"] as const) await confirmWithTextedCode(who);
    await db().delete(smsOutbox);
  });

  /** Types back the code in the newest text to `who`, as they would from their phone. */
  async function confirmWithTextedCode(who: "Ann" | "Bob") {
    const code = await textedCode(who);
    expect(answer(await postAccount({ intent: "sms-code", smsCode: code }, cookies[who])).status).toBe(200);
  }

  async function textedCode(who: "Ann" | "Bob"): Promise<string> {
    const texts = await db()
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, ids[who]))
      .orderBy(smsOutbox.createdAt);
    const code = /your code is (\d{6})/.exec(texts.at(-1)?.body ?? "")?.[1];
    expect(code, `a code texted to ${who}`).toBeDefined();
    return code!;
  }

  it("/account keeps a client's number in E.164 and refuses a bad one, or a tick without one", async () => {
    expect(await notificationSettingsOf(db(), ids.Ann)).toMatchObject({
      smsNumber: ANN,
      smsNewLeads: true,
      smsReminders: true,
    });
    expect(await notificationSettingsOf(db(), ids.Bob)).toMatchObject({
      smsNumber: "+13125550199",
      smsNewLeads: false,
      smsReminders: false,
    });
    const page = answer(await call(accountLoader, getRequest("/account", { cookie: cookies.Ann })));
    expect(page.data).toMatchObject({ notifications: { sms: true, client: true, smsNumber: ANN } });

    const bad = answer(
      await postAccount(
        { intent: "notifications", newLeads: "immediate", on: "sms_reminders", smsNumber: "555-0123" },
        cookies.Bob,
      ),
    );
    expect(bad).toMatchObject({
      status: 400,
      data: { fieldErrors: { smsNumber: "Enter a mobile number like +1 312 555 0123" } },
    });
    const none = answer(
      await postAccount(
        { intent: "notifications", newLeads: "immediate", on: "sms_new_leads", smsNumber: " " },
        cookies.Bob,
      ),
    );
    expect(none).toMatchObject({
      status: 400,
      data: { fieldErrors: { smsNumber: "Enter your mobile number to get text messages" } },
    });
    // Nothing changed by the refusals.
    expect(await notificationSettingsOf(db(), ids.Bob)).toMatchObject({
      smsNumber: "+13125550199",
      smsNewLeads: false,
    });
    // An admin's form has no texts: whatever it posts, their (empty) choice stays.
    expect(
      answer(
        await postAccount(
          { intent: "notifications", on: "sms_new_leads", smsNumber: "3125550177" },
          cookies.Admin,
        ),
      ).status,
    ).toBe(200);
    expect(await notificationSettingsOf(db(), ids.Admin)).toMatchObject({
      smsNumber: null,
      smsNewLeads: false,
    });
  });

  it("a new number gets a code and no lead text until the code comes back; wrong and stale codes are refused", async () => {
    expect(
      answer(
        await postAccount(
          {
            intent: "notifications",
            newLeads: "immediate",
            on: "sms_new_leads",
            smsNumber: "+1 415 555 0123",
          },
          cookies.Ann,
        ),
      ).data.toast,
    ).toMatchObject({ text: expect.stringContaining("We texted a code to +1 415 555 0123") });
    const code = await textedCode("Ann");
    await db().delete(smsOutbox);
    const [lead] = await deliverLeads(db(), null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    expect(await queued()).toEqual([]);

    const wrong = code === "000000" ? "000001" : "000000";
    const refused = answer(await postAccount({ intent: "sms-code", smsCode: wrong }, cookies.Ann));
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldErrors: { smsCode: "That code is not the one we texted: check it and try again" } },
    });
    expect(
      answer(await postAccount({ intent: "sms-code", smsCode: "12ab" }, cookies.Ann)).data,
    ).toMatchObject({ fieldErrors: { smsCode: "Enter the 6-digit code we texted you" } });
    expect(answer(await postAccount({ intent: "sms-code", smsCode: code }, cookies.Ann)).status).toBe(200);
    const [next] = await deliverLeads(db(), null, 1);
    expect(await assignLead(admin(), next!, ids.Red)).toBe(true);
    expect((await queued()).map((t) => t.toNumber)).toEqual(["+14155550123"]);

    // Five wrong tries end a code: even the right one is then refused until a new code is sent.
    await postAccount(
      { intent: "notifications", newLeads: "immediate", on: "sms_new_leads", smsNumber: "+1 312 555 0123" },
      cookies.Ann,
    );
    const fresh = await textedCode("Ann");
    const miss = fresh === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++) await postAccount({ intent: "sms-code", smsCode: miss }, cookies.Ann);
    expect(answer(await postAccount({ intent: "sms-code", smsCode: fresh }, cookies.Ann)).data).toMatchObject(
      {
        fieldErrors: { smsCode: "That code has expired or was tried too often: text me a new one" },
      },
    );
    expect(answer(await postAccount({ intent: "sms-code", resend: "1" }, cookies.Ann)).status).toBe(200);
    expect(
      answer(await postAccount({ intent: "sms-code", smsCode: await textedCode("Ann") }, cookies.Ann)).status,
    ).toBe(200);
  });

  it("texts only numbers of the allowed countries, never premium or non-geographic ones, and caps codes", async () => {
    for (const [number, message] of [
      ["+44 7700 900123", "We text mobile numbers in the United States and Canada only"],
      ["+1 876 555 0123", "We text mobile numbers in the United States and Canada only"],
      ["+1 900 555 0123", "That is a toll-free, premium or non-geographic number: enter a mobile number"],
      ["+882 1234 5678", "That is a toll-free, premium or non-geographic number: enter a mobile number"],
    ]) {
      const refused = answer(
        await postAccount(
          { intent: "notifications", newLeads: "immediate", on: "sms_new_leads", smsNumber: number! },
          cookies.Bob,
        ),
      );
      expect(refused, number).toMatchObject({ status: 400, data: { fieldErrors: { smsNumber: message } } });
    }
    expect(await notificationSettingsOf(db(), ids.Bob)).toMatchObject({ smsNumber: "+13125550199" });
    expect(await queued()).toEqual([]);
    // A Canadian number is welcome.
    expect(
      answer(
        await postAccount(
          { intent: "notifications", newLeads: "immediate", smsNumber: "+1 416 555 0123" },
          cookies.Bob,
        ),
      ).status,
    ).toBe(200);
    // Codes are limited per person and hour: Bob had one before this test (his first number) and one for
    // the Canadian number; three more go, the sixth this hour texts nothing.
    for (let i = 0; i < 3; i++) {
      expect(answer(await postAccount({ intent: "sms-code", resend: "1" }, cookies.Bob)).status).toBe(200);
    }
    const sixth = answer(await postAccount({ intent: "sms-code", resend: "1" }, cookies.Bob));
    expect(sixth.status).toBe(429);
    expect(sixth.data.toast?.text).toBe("You have asked for several codes this hour: try again later.");
    expect((await queued()).filter((t) => t.userId === ids.Bob)).toHaveLength(SMS_CODES_PER_HOUR - 1);
  });

  it("stops texting a company that had its day's texts, and counts the refusals", async () => {
    const limit = env().SMS_DAILY_LIMIT;
    await db()
      .insert(smsOutbox)
      .values(
        Array.from({ length: limit }, () => ({ userId: ids.Bob, toNumber: "+13125550199", body: "earlier" })),
      );
    const before = smsDailyLimitRefusals();
    const [lead] = await deliverLeads(db(), null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    expect((await queued()).filter((t) => t.userId === ids.Ann)).toEqual([]);
    expect(smsDailyLimitRefusals()).toBe(before + 1);
  });

  it("a new lead texts the members who asked, in Twilio's request shape", async () => {
    const [lead] = await deliverLeads(db(), null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    const [text] = await queued();
    expect(await queued()).toHaveLength(1);
    const [row] = await db().select().from(leads).where(eq(leads.id, lead!));
    expect(text).toMatchObject({ userId: ids.Ann, toNumber: ANN, status: "pending" });
    expect(text!.body).toBe(
      `Leadworks: new lead ${row!.firstName} ${row!.lastName}, Chicago, IL. http://leadworks.test/client/leads/${lead} Reply STOP to opt out.`,
    );

    expect(await deliverDueSms(db(), transport())).toBe(1);
    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      status: 201,
      form: { To: ANN, From: FROM, Body: text!.body },
    });
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`,
    );
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    const [sent] = await queued();
    expect(sent).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
      providerId: twilio.sent()[0]!.sid,
    });
    // Nothing more to send.
    expect(await deliverDueSms(db(), transport())).toBe(0);
    expect(twilio.requests).toHaveLength(1);
  });

  it("a bulk assignment is one text counting the leads", async () => {
    const three = await deliverLeads(db(), null, 3);
    await bulkLeadAction(admin(), { ids: three }, { kind: "assign", clientId: ids.Red, cap: "all" });
    const texts = await queued();
    expect(texts.map((t) => [t.toNumber, t.body])).toEqual([
      [ANN, "Leadworks: 3 new leads for you. http://leadworks.test/client/leads Reply STOP to opt out."],
    ]);
  });

  it("retries a 5xx with backoff until Twilio takes it", async () => {
    let failures = 2;
    twilio.respond = () => (failures-- > 0 ? { status: failures === 1 ? 500 : 503 } : undefined);
    const [lead] = await deliverLeads(db(), null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    const before = Date.now();
    expect(await deliverDueSms(db(), transport())).toBe(0);
    let [text] = await queued();
    expect(text).toMatchObject({ status: "pending", attempts: 1 });
    expect(text!.lastError).toMatch(/^Twilio answered HTTP 500 \(20500\)/);
    // The next attempt waits (10 s after the first failure): a pass now sends nothing.
    expect(text!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 9_000);
    expect(await deliverDueSms(db(), transport())).toBe(0);
    expect(twilio.requests).toHaveLength(1);

    await dueNow();
    expect(await deliverDueSms(db(), transport())).toBe(0);
    [text] = await queued();
    expect(text).toMatchObject({ status: "pending", attempts: 2 });
    expect(text!.lastError).toMatch(/HTTP 503/);
    await dueNow();
    expect(await deliverDueSms(db(), transport())).toBe(1);
    [text] = await queued();
    expect(text).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(twilio.requests.map((r) => r.status)).toEqual([500, 503, 201]);
    expect(twilio.sent()).toHaveLength(1);
  });

  it("gives up after its attempts, fails a refusal at once, and a STOP turns the person's texts off", async () => {
    const [lead] = await deliverLeads(db(), null, 1);
    twilio.respond = () => ({ status: 500 });
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await dueNow();
      await deliverDueSms(db(), transport());
    }
    expect(await queued()).toMatchObject([{ status: "failed", attempts: SMS_MAX_ATTEMPTS }]);
    await db().delete(smsOutbox);

    // A number Twilio refuses: failed at once, no retry.
    twilio.respond = () => ({ status: 400, code: 21211, message: "Invalid 'To' Phone Number" });
    expect(await assignLead(admin(), lead!, null)).toBe(true);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    expect(await deliverDueSms(db(), transport())).toBe(0);
    expect(await queued()).toMatchObject([
      {
        status: "failed",
        attempts: 1,
        lastError: "Twilio answered HTTP 400 (21211): Invalid 'To' Phone Number",
      },
    ]);
    await db().delete(smsOutbox);

    // Ann replied STOP to an earlier text: Twilio refuses with 21610, and her texts are turned off.
    twilio.respond = () => ({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    expect(await assignLead(admin(), lead!, null)).toBe(true);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    expect(await deliverDueSms(db(), transport())).toBe(0);
    expect(await queued()).toMatchObject([{ status: "failed", attempts: 1 }]);
    expect(await notificationSettingsOf(db(), ids.Ann)).toMatchObject({
      smsNumber: ANN,
      smsNewLeads: false,
      smsReminders: false,
      newLeads: "immediate",
    });
    await db().delete(smsOutbox);
    expect(await assignLead(admin(), lead!, null)).toBe(true);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    expect(await queued()).toEqual([]);
  });

  it("wrong credentials are kept for a retry (the operator may fix them)", async () => {
    const [lead] = await deliverLeads(db(), null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    const wrong = twilioTransport({
      apiUrl: twilio.url,
      accountSid: twilio.accountSid,
      authToken: "not-the-token-0123456789",
      from: FROM,
    });
    expect(await deliverDueSms(db(), wrong)).toBe(0);
    expect(twilio.requests.map((r) => r.status)).toEqual([401]);
    expect(await queued()).toMatchObject([{ status: "pending", attempts: 1 }]);
    expect((await queued())[0]!.lastError).toMatch(/HTTP 401 \(20003\): Authenticate/);
  });

  it("a reminder texts the members who asked for reminder texts, one per person", async () => {
    // Ann and Bob saved their settings without reminder e-mails: only Red gets one, and Ann a text.
    // Written straight to the table (the delivery trigger alone): no new-lead texts before the reminder.
    const waiting = await deliverLeads(db(), ids.Red, 2, ny("2026-01-05T09:30:00"));
    expect(await sendFeedbackReminders(db(), ny("2026-01-05T14:00:00"))).toEqual({
      leads: 2,
      mails: 1,
      texts: 1,
    });
    expect((await queued()).map((t) => [t.toNumber, t.body])).toEqual([
      [
        ANN,
        "Leadworks: 2 leads have waited 4 business hours for your feedback. http://leadworks.test/client/leads?feedback=not_reviewed Reply STOP to opt out.",
      ],
    ]);
    expect(waiting).toHaveLength(2);
    expect(await deliverDueSms(db(), transport())).toBe(1);
    expect(twilio.sent().map((m) => m.to)).toEqual([ANN]);
  });

  it("the job runtime runs an sms queue when texts are on, and its worker sends", async () => {
    const [lead] = await deliverLeads(db(), null, 1);
    expect(await assignLead(admin(), lead!, ids.Red)).toBe(true);
    const context = testJobContext(database.handle);
    expect(backgroundJobs(context).some((job) => job.name === "sms")).toBe(false);
    const jobs = backgroundJobs({ ...context, sms: transport() }).filter((job) => job.name === "sms");
    expect(jobs).toHaveLength(1);
    const runtime = startJobs(db(), jobs);
    try {
      for (let i = 0; i < 250 && twilio.sent().length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await runtime.stop(2_000);
    }
    expect(twilio.sent().map((m) => m.to)).toEqual([ANN]);
    expect(await queued()).toMatchObject([{ status: "sent" }]);
  });
});
