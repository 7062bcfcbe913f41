/**
 * What an assignment did, in one sentence for the admin who made it (issue 25: results name what was
 * done and to whom): the client it went to and how its people hear of it, as each one's notification
 * settings say (ADR 038, ADR 050). The spec's toast ("Lead updated successfully") stays; this sentence
 * lasts beside the form.
 */
import type { NewLeadsMailChoice } from "~/db/enums";
import { getDb } from "~/db/db.server";
import { activeCompanyPeople, findClientAccount } from "~/lib/client-accounts.server";
import { notificationSettingsOf } from "~/lib/mail/notification-settings.server";
import { clientDisplayName } from "./lead-format";

const howTheyHear = {
  immediate: "they are e-mailed about it",
  digest: "it goes in their daily e-mail of new leads",
  none: "they turned lead e-mails off and will see it in their portal",
} as const;

/** The same, counted over a team: "2 are e-mailed about it". */
const howManyHear: Record<NewLeadsMailChoice, (n: number) => string> = {
  immediate: (n) => `${n} ${n === 1 ? "is" : "are"} e-mailed about it`,
  digest: (n) => `${n} ${n === 1 ? "gets" : "get"} it in a daily e-mail`,
  none: (n) => `${n} turned lead e-mails off`,
};

export async function assignmentNotice(clientId: string | null): Promise<string> {
  if (!clientId) return "Unassigned: no client holds this lead now.";
  const db = await getDb();
  const [client, people] = await Promise.all([
    findClientAccount(db, clientId),
    activeCompanyPeople(db, [clientId]),
  ]);
  const name = client ? clientDisplayName(client) : "the client";
  const choices = await Promise.all(
    people.map(async (person) => (await notificationSettingsOf(db, person.userId)).newLeads),
  );
  // A company whose people are all locked out (disabled, role revoked) hears nothing.
  if (choices.length === 0) return `Assigned to ${name}; nobody on its team can be e-mailed now.`;
  if (choices.length === 1) return `Assigned to ${name}; ${howTheyHear[choices[0]!]}.`;
  const counted = (["immediate", "digest", "none"] as const)
    .map((choice) => [choice, choices.filter((c) => c === choice).length] as const)
    .filter(([, n]) => n > 0)
    .map(([choice, n]) => howManyHear[choice](n));
  return `Assigned to ${name}; of its ${choices.length} people, ${counted.join(", ")}.`;
}
