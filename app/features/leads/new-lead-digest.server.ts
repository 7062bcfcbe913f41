/**
 * The daily digest of new leads for the people who chose it (notification settings, issue 27; each
 * member of a client company for themselves, ADR 050): a periodic task (server/jobs.ts) sends each such
 * person, once 24 hours have passed since their last digest, one message of the leads delivered to their
 * company since and still its. A digest of one lead is that lead's own message; a day without leads, or a
 * person who can no longer act for a company, sends nothing.
 */
import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import { activeCompanyPeople } from "~/lib/client-accounts.server";
import type { Database } from "~/db/client.server";
import { clientMembers, leadDeliveries, leads, notificationSettings } from "~/db/schema";
import { DIGEST_LIST_MAX } from "~/lib/mail/templates/leads";
import { mailNewLeads } from "./lead-changes.server";

export const DIGEST_PERIOD_MS = 24 * 3_600_000;

/** Sends the digests that are due; returns how many people were looked at. */
export async function sendNewLeadDigests(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DIGEST_PERIOD_MS);
  const due = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.newLeads, "digest"), lte(notificationSettings.digestThrough, cutoff)));
  for (const { userId } of due) {
    await db.transaction(async (tx) => {
      // Locked and checked again: another server, or a change of choice, may have come first.
      const [row] = await tx
        .select({ through: notificationSettings.digestThrough })
        .from(notificationSettings)
        .where(
          and(
            eq(notificationSettings.userId, userId),
            eq(notificationSettings.newLeads, "digest"),
            lte(notificationSettings.digestThrough, cutoff),
          ),
        )
        .for("update");
      if (!row?.through) return;
      // The person's company, while they can still act for it (an admin, or someone removed, has none).
      const [membership] = await tx
        .select({ companyId: clientMembers.companyId })
        .from(clientMembers)
        .where(eq(clientMembers.userId, userId));
      const person = membership
        ? (await activeCompanyPeople(tx, [membership.companyId])).find((p) => p.userId === userId)
        : undefined;
      const delivered = !person
        ? []
        : await tx
            .select({ id: leads.id })
            .from(leadDeliveries)
            .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
            .where(
              and(
                eq(leadDeliveries.clientId, person.companyId),
                gt(leadDeliveries.deliveredAt, row.through),
                lte(leadDeliveries.deliveredAt, now),
                isNull(leadDeliveries.endedAt),
              ),
            )
            .orderBy(asc(leads.lastName), asc(leads.firstName));
      if (person && delivered.length > 0) {
        const ids = delivered.map((lead) => lead.id);
        await mailNewLeads(tx, person.companyId, [person], ids.slice(0, DIGEST_LIST_MAX), ids.length, {
          daily: true,
        });
      }
      await tx
        .update(notificationSettings)
        .set({ digestThrough: now })
        .where(eq(notificationSettings.userId, userId));
    });
  }
  return due.length;
}
