/**
 * The /account page's notification settings form, shared by browser and server: how new leads are
 * announced (clients), and which other notifications are on (ticked boxes of one name).
 */
import type { NotificationSettings } from "~/lib/mail/notification-settings.server";
import { newLeadsMailChoices, valuesOf } from "~/db/enums";
import type { FormReply } from "~/lib/form-reply";
import { toE164 } from "~/lib/sms/phone";
import { z } from "~/lib/zod";

export const NOTIFICATIONS_INTENT = "notifications";
/** The form that confirms the saved mobile number with the code texted to it, or asks for a new code. */
export const SMS_CODE_INTENT = "sms-code";

/** The switches a person may tick; which of them the page shows depends on their roles. */
export const notificationSwitches = [
  { value: "returns", label: "My return requests: the receipt and the decision", area: "client" },
  { value: "lead_reminders", label: "Reminders about leads waiting for my feedback", area: "client" },
  { value: "import_reports", label: "Imports I start: when one ends or fails", area: "admin" },
  {
    value: "feedback_digest",
    label: "Client feedback: one digest each business morning, none on a day without feedback",
    area: "admin",
  },
  { value: "webhook_alerts", label: "Client webhooks: when one is paused after failing", area: "admin" },
] as const;

/** The text messages a client may ask for (ADR 045), shown when this site sends texts. */
export const textSwitches = [
  { value: "sms_new_leads", label: "Text me when new leads arrive" },
  { value: "sms_reminders", label: "Text me reminders about leads waiting for my feedback" },
] as const;

export const smsMessages = {
  number: "Enter a mobile number like +1 312 555 0123",
  needed: "Enter your mobile number to get text messages",
  code: "Enter the 6-digit code we texted you",
  wrongCode: "That code is not the one we texted: check it and try again",
  expiredCode: "That code has expired or was tried too often: text me a new one",
} as const;

/** The code form: the 6 digits typed back, or (resend) a request for a new code. */
export const smsCodeSchema = z
  .object({
    /** "1" from the "Text me a new code" button; absent or "" from "Confirm number". */
    resend: z.string().optional(),
    smsCode: z.string().trim().optional(),
  })
  .superRefine((value, context) => {
    if (value.resend !== "1" && !/^\d{6}$/.test(value.smsCode ?? "")) {
      context.addIssue({ code: "custom", path: ["smsCode"], message: smsMessages.code });
    }
  });

/** Typed freely ("(312) 555-0123"); longer than this is not a phone number. */
export const SMS_NUMBER_MAX = 30;

export const notificationSettingsSchema = z
  .object({
    /** "" when the page did not show the choice (someone who is not a client). */
    newLeads: z
      .enum(valuesOf(newLeadsMailChoices), { error: "Choose how you hear of new leads" })
      .or(z.literal("")),
    on: z.array(
      z.enum([
        "returns",
        "lead_reminders",
        "import_reports",
        "feedback_digest",
        "webhook_alerts",
        "sms_new_leads",
        "sms_reminders",
      ]),
    ),
    /** The mobile number for texts, as typed; stored in E.164. "" keeps none. */
    smsNumber: z
      .string()
      .trim()
      .max(SMS_NUMBER_MAX, smsMessages.number)
      .refine((value) => value === "" || toE164(value) !== null, smsMessages.number)
      .transform((value) => (value === "" ? null : toE164(value))),
  })
  .superRefine((value, context) => {
    const texted = value.on.some((kind) => kind === "sms_new_leads" || kind === "sms_reminders");
    if (texted && !value.smsNumber)
      context.addIssue({ code: "custom", path: ["smsNumber"], message: smsMessages.needed });
  });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

/** What the form shows: the person's settings, and the areas they work in (each shows its choices). */
export interface NotificationChoices extends NotificationSettings {
  /** This site sends text messages (SMS_PROVIDER): the page offers them to clients. */
  sms: boolean;
  /** The saved number was confirmed with its code: only then do texts about leads go to it. */
  smsConfirmed: boolean;
  client: boolean;
  admin: boolean;
}

export type NotificationsReply = FormReply & { intent: typeof NOTIFICATIONS_INTENT };
