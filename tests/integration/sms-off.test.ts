/**
 * Text messages are off unless SMS_PROVIDER is set (ADR 045), on both databases: even for a person who
 * saved a number and asked for texts (while the site sent them), a new lead and a reminder queue no text,
 * the server runs no sms queue, /account offers no texts and a posted choice leaves the saved one as it
 * was. The other half, with texts on, is tests/integration/sms.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { notificationSettings, smsOutbox } from "~/db/schema";
import { sendFeedbackReminders } from "~/features/leads/feedback-reminders.server";
import { assignLead } from "~/features/leads/lead-commands.server";
import { env } from "~/lib/env.server";
import { notificationSettingsOf, textNumberFor } from "~/lib/mail/notification-settings.server";
import { permissionsOf } from "~/lib/permissions";
import { smsTransportFromEnv } from "~/lib/sms/sms.server";
import { loader as accountLoader } from "~/routes/account";
import { backgroundJobs } from "../../server/jobs";
import { testJobContext } from "../support/job-servers";
import { testDatabases } from "../support/databases";
import { postAccount, signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { answer, call, getRequest } from "../support/route-calls";

stubAuthEnv({ IP_RATE_LIMITS: "off" });

const accounts = {
  Admin: { role: "admin" as const },
  Red: { role: "client" as const, companyName: "Red Oak Property Group" },
};

describe.each(testDatabases)("text messages off on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;
  const { ids, cookies } = signedInAccounts(database, accounts, "Harbor-Light-42");

  beforeAll(async () => {
    // Saved while the site sent texts: a number and both kinds asked for.
    await db()
      .insert(notificationSettings)
      .values({ userId: ids.Red, smsNumber: "+13125550123", smsNewLeads: true, smsReminders: true });
  });

  it("sends nothing and offers nothing", async () => {
    expect(env().SMS_PROVIDER).toBe("off");
    expect(smsTransportFromEnv()).toBeNull();
    expect(await textNumberFor(db(), ids.Red, "new_leads")).toBeNull();

    const [lead] = await deliverLeads(db(), null, 1);
    const admin = { id: ids.Admin, permissions: permissionsOf(["admin"]) };
    expect(await assignLead(admin, lead!, ids.Red)).toBe(true);
    await deliverLeads(db(), ids.Red, 1, new Date("2026-01-05T15:00:00Z"));
    expect(await sendFeedbackReminders(db(), new Date("2026-01-05T20:00:00Z"))).toMatchObject({
      leads: 1,
      texts: 0,
    });
    expect(await db().$count(smsOutbox)).toBe(0);

    const jobs = backgroundJobs(testJobContext(database.handle, { sms: smsTransportFromEnv() }));
    expect(jobs.map((job) => job.name)).not.toContain("sms");

    const page = answer(await call(accountLoader, getRequest("/account", { cookie: cookies.Red })));
    expect(page.data).toMatchObject({ notifications: { sms: false, client: true } });
    // The form shows no texts, so what it posts leaves the saved choice alone.
    expect(
      answer(
        await postAccount({ intent: "notifications", newLeads: "immediate", smsNumber: "" }, cookies.Red),
      ).status,
    ).toBe(200);
    expect(await notificationSettingsOf(db(), ids.Red)).toMatchObject({
      smsNumber: "+13125550123",
      smsNewLeads: true,
      smsReminders: true,
    });
  });
});
