/**
 * The /account page's notification settings form, shared by browser and server: how new leads are
 * announced (clients), and which other notifications are on (ticked boxes of one name).
 */
import { newLeadsMailChoices, valuesOf, type NewLeadsMailChoice } from "~/db/enums";
import type { FormReply } from "~/lib/form-reply";
import { z } from "~/lib/zod";

export const NOTIFICATIONS_INTENT = "notifications";

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

export const notificationSettingsSchema = z.object({
  /** "" when the page did not show the choice (someone who is not a client). */
  newLeads: z
    .enum(valuesOf(newLeadsMailChoices), { error: "Choose how you hear of new leads" })
    .or(z.literal("")),
  on: z.array(z.enum(["returns", "lead_reminders", "import_reports", "feedback_digest", "webhook_alerts"])),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

/** What the form shows: the person's settings, and the areas they work in (each shows its choices). */
export interface NotificationChoices {
  newLeads: NewLeadsMailChoice;
  returns: boolean;
  importReports: boolean;
  feedbackDigest: boolean;
  webhookAlerts: boolean;
  leadReminders: boolean;
  client: boolean;
  admin: boolean;
}

export type NotificationsReply = FormReply & { intent: typeof NOTIFICATIONS_INTENT };
