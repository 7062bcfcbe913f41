/** What a seed run prints: counted from the database, not from the plan, so it shows what was stored. */
import { count, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { leadStatuses } from "~/db/enums";
import { leadActivities, leads, userRoles } from "~/db/schema";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, demoAdmin, demoClients } from "./fixtures/accounts";
import { demoCareers, demoContacts } from "./fixtures/submissions";

export async function summary(
  db: Database,
  run: { where: string; signIn: string; adminId: string; clientIds: readonly string[]; removedMails: number },
): Promise<string> {
  const { where, signIn, adminId, clientIds, removedMails } = run;
  const mine = eq(leads.createdByUserId, adminId);
  const byStatus = await db
    .select({ status: leads.leadStatus, n: count() })
    .from(leads)
    .where(mine)
    .groupBy(leads.leadStatus);
  const byClient = await db
    .select({ clientId: leads.assignedToClientId, n: count() })
    .from(leads)
    .where(mine)
    .groupBy(leads.assignedToClientId);
  const [activities] = await db
    .select({ n: count() })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .where(mine);
  const [roles] = await db
    .select({ n: count() })
    .from(userRoles)
    .where(inArray(userRoles.userId, [adminId, ...clientIds]));
  const n = (rows: readonly { n: number }[]) => rows.reduce((sum, row) => sum + Number(row.n), 0);
  const statusLine = leadStatuses
    .map((s) => `${s.label.toLowerCase()} ${n(byStatus.filter((r) => r.status === s.value))}`)
    .join(", ");
  const clientLines = demoClients.map((c, i) => {
    const assigned = n(byClient.filter((r) => r.clientId === clientIds[i]));
    return `  ${c.email.padEnd(32)} client  ${c.companyName} (${c.firstName} ${c.lastName}), ${assigned} leads`;
  });
  const total = n(byStatus);
  const unassigned = n(byClient.filter((r) => r.clientId === null));

  return [
    `Demo data created in ${where}:`,
    `  Accounts: 1 admin and ${demoClients.length} clients (${Number(roles?.n ?? 0)} roles)`,
    `  Leads: ${total} (${total - unassigned} assigned, ${unassigned} unassigned): ${statusLine}`,
    `  Timeline entries: ${Number(activities?.n ?? 0)}`,
    `  Contact messages: ${demoContacts.length}, job applications: ${demoCareers.length}`,
    `  E-mails: the ${removedMails} the demo data queued were dropped (the addresses are invented)`,
    ``,
    `Sign in at ${signIn} with the password ${DEMO_PASSWORD}:`,
    `  ${DEMO_ADMIN_EMAIL.padEnd(32)} admin   ${demoAdmin.firstName} ${demoAdmin.lastName}`,
    ...clientLines,
  ].join("\n");
}
