/** The signed-in person's notification settings as /account shows them. */
import { getDb } from "~/db/db.server";
import type { Actor } from "~/lib/actor";
import { notificationSettingsOf, smsNumberConfirmed } from "~/lib/mail/notification-settings.server";
import { can } from "~/lib/permissions";
import { smsEnabled } from "~/lib/sms/sms.server";
import type { NotificationChoices } from "./notifications.schema";

export async function ownNotificationSettings(actor: Actor): Promise<NotificationChoices> {
  const db = await getDb();
  const settings = await notificationSettingsOf(db, actor.id);
  return {
    ...settings,
    sms: smsEnabled(),
    smsConfirmed: await smsNumberConfirmed(db, actor.id),
    client: can(actor, "area:client"),
    admin: can(actor, "area:admin"),
  };
}
