/**
 * The /account page's notification settings POST. A person sets only the kinds their roles receive: a
 * client the new leads, returns and reminders, an admin the import reports, the feedback digest and the
 * webhook notices; the others keep their values.
 */
import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { parseForm } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import { log } from "~/lib/log.server";
import { notificationSettingsOf, saveNotificationSettings } from "~/lib/mail/notification-settings.server";
import { can } from "~/lib/permissions";
import { smsEnabled } from "~/lib/sms/sms.server";
import { requireUser } from "./access.server";
import {
  NOTIFICATIONS_INTENT,
  notificationSettingsSchema,
  type NotificationsReply,
} from "./notifications.schema";

export async function handleNotificationsPost(request: Request) {
  const actor = await requireUser(request);
  const submission = parseForm(await request.formData(), notificationSettingsSchema);
  const client = can(actor, "area:client");
  if (submission.status !== "success" || (client && submission.value.newLeads === "")) {
    return data<NotificationsReply>(
      {
        ok: false,
        intent: NOTIFICATIONS_INTENT,
        toast: formToasts.validation,
        result: submission.reply(
          submission.status === "success"
            ? { fieldErrors: { newLeads: ["Choose how you hear of new leads"] } }
            : {},
        ),
      },
      { status: 400 },
    );
  }
  const { newLeads, on, smsNumber } = submission.value;
  // Texts are a client's choice, on a site that sends them; otherwise the saved ones stay as they are.
  const texts = client && smsEnabled();
  try {
    const db = await getDb();
    const admin = can(actor, "area:admin");
    await db.transaction(async (tx) => {
      const current = await notificationSettingsOf(tx, actor.id);
      await saveNotificationSettings(tx, actor.id, {
        newLeads: client && newLeads !== "" ? newLeads : current.newLeads,
        returns: client ? on.includes("returns") : current.returns,
        leadReminders: client ? on.includes("lead_reminders") : current.leadReminders,
        importReports: admin ? on.includes("import_reports") : current.importReports,
        feedbackDigest: admin ? on.includes("feedback_digest") : current.feedbackDigest,
        webhookAlerts: admin ? on.includes("webhook_alerts") : current.webhookAlerts,
        smsNumber: texts ? smsNumber : current.smsNumber,
        smsNewLeads: texts ? on.includes("sms_new_leads") : current.smsNewLeads,
        smsReminders: texts ? on.includes("sms_reminders") : current.smsReminders,
      });
    });
  } catch (error) {
    log.warn({ error }, "[account] notification settings update failed");
    return data<NotificationsReply>(
      {
        ok: false,
        intent: NOTIFICATIONS_INTENT,
        toast: { kind: "error", title: "Error", text: "An unexpected error occurred" },
      },
      { status: 500 },
    );
  }
  return data<NotificationsReply>({
    ok: true,
    intent: NOTIFICATIONS_INTENT,
    toast: { kind: "success", title: "Notifications saved", text: "Your e-mail choices apply from now on." },
    result: submission.reply(),
  });
}
