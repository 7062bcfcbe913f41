/**
 * What an assignment did, in one sentence for the admin who made it (issue 25: results name what was
 * done and to whom): the client it went to and how they hear of it, as their notification settings say
 * (ADR 038). The spec's toast ("Lead updated successfully") stays; this sentence lasts beside the form.
 */
import { getDb } from "~/db/db.server";
import { findClientAccount } from "~/lib/client-accounts.server";
import { notificationSettingsOf } from "~/lib/mail/notification-settings.server";
import { clientDisplayName } from "./lead-format";

const howTheyHear = {
  immediate: "they are e-mailed about it",
  digest: "it goes in their daily e-mail of new leads",
  none: "they turned lead e-mails off and will see it in their portal",
} as const;

export async function assignmentNotice(clientId: string | null): Promise<string> {
  if (!clientId) return "Unassigned: no client holds this lead now.";
  const db = await getDb();
  const [client, settings] = await Promise.all([
    findClientAccount(db, clientId),
    notificationSettingsOf(db, clientId),
  ]);
  return `Assigned to ${client ? clientDisplayName(client) : "the client"}; ${howTheyHear[settings.newLeads]}.`;
}
