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
import { env } from "~/lib/env.server";
import { confirmSmsCode, sendSmsCode, type CodeSent } from "~/lib/sms/confirmation.server";
import { formatE164, smsNumberProblem } from "~/lib/sms/phone";
import { smsEnabled } from "~/lib/sms/sms.server";
import type { Toast } from "~/lib/toast-message";
import { requireUser } from "./access.server";
import {
  NOTIFICATIONS_INTENT,
  notificationSettingsSchema,
  SMS_CODE_INTENT,
  smsCodeSchema,
  smsMessages,
  type NotificationsReply,
} from "./notifications.schema";

/** What the page says after a code was (or was not) texted to `number`. */
function codeToast(sent: CodeSent, number: string, saved: boolean): Toast {
  const prefix = saved ? "Notifications saved. " : "";
  if (sent === "sent") {
    return {
      kind: "success",
      title: saved ? "Notifications saved" : "Code sent",
      text: `${prefix}We texted a code to ${formatE164(number)}: enter it below to start getting texts.`,
    };
  }
  return {
    kind: "error",
    title: "No code sent",
    text:
      sent === "too-many"
        ? `${prefix}You have asked for several codes this hour: try again later.`
        : `${prefix}Your company has had as many texts today as we send in a day: try again tomorrow.`,
  };
}

const reply = (status: number, fields: Omit<NotificationsReply, "intent">) =>
  data<NotificationsReply>({ intent: NOTIFICATIONS_INTENT, ...fields }, { status });

/** The code form: confirms the saved number with the code texted to it, or texts a new code. */
async function handleSmsCodePost(actor: Awaited<ReturnType<typeof requireUser>>, form: FormData) {
  const submission = parseForm(form, smsCodeSchema);
  if (submission.status !== "success") {
    return reply(400, { ok: false, toast: formToasts.validation, result: submission.reply() });
  }
  const db = await getDb();
  const settings = await notificationSettingsOf(db, actor.id);
  if (!smsEnabled() || !can(actor, "area:client") || !settings.smsNumber) {
    return reply(409, {
      ok: false,
      toast: { kind: "error", title: "Error", text: "Save a mobile number first." },
    });
  }
  const number = settings.smsNumber;
  if (submission.value.resend === "1") {
    const sent = await db.transaction((tx) => sendSmsCode(tx, actor.id, number));
    return reply(sent === "sent" ? 200 : 429, { ok: sent === "sent", toast: codeToast(sent, number, false) });
  }
  const checked = await db.transaction((tx) => confirmSmsCode(tx, actor.id, submission.value.smsCode ?? ""));
  if (checked !== "confirmed") {
    const message = checked === "wrong" ? smsMessages.wrongCode : smsMessages.expiredCode;
    return reply(400, {
      ok: false,
      toast: formToasts.validation,
      result: submission.reply({ fieldErrors: { smsCode: [message] } }),
    });
  }
  return reply(200, {
    ok: true,
    toast: { kind: "success", title: "Number confirmed", text: `Texts now go to ${formatE164(number)}.` },
  });
}

export async function handleNotificationsPost(request: Request) {
  const actor = await requireUser(request);
  const form = await request.formData();
  if (form.get("intent") === SMS_CODE_INTENT) return handleSmsCodePost(actor, form);
  const submission = parseForm(form, notificationSettingsSchema);
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
  const numberProblem = texts && smsNumber ? smsNumberProblem(smsNumber, env().SMS_COUNTRIES) : null;
  if (numberProblem) {
    return reply(400, {
      ok: false,
      toast: formToasts.validation,
      result: submission.reply({ fieldErrors: { smsNumber: [numberProblem] } }),
    });
  }
  let codeSent: CodeSent | null = null;
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
      // A new number gets its code at once; texts about leads wait until it comes back.
      if (texts && smsNumber && smsNumber !== current.smsNumber) {
        codeSent = await sendSmsCode(tx, actor.id, smsNumber);
      }
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
    toast:
      codeSent && smsNumber
        ? codeToast(codeSent, smsNumber, true)
        : { kind: "success", title: "Notifications saved", text: "Your e-mail choices apply from now on." },
    result: submission.reply(),
  });
}
