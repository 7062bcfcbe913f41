/**
 * The daily digest of new leads for clients who chose it (notification settings, issue 27): a periodic
 * task (server/jobs.ts) sends each such client, once 24 hours have passed since their last digest, one
 * message of the leads delivered to them since and still theirs. A digest of one lead is that lead's own
 * message; a day without leads sends nothing.
 */
import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { leadDeliveries, leads, notificationSettings } from "~/db/schema";
import { DIGEST_LIST_MAX } from "~/lib/mail/templates/leads";
import { mailAssignmentDigest } from "./lead-changes.server";

export const DIGEST_PERIOD_MS = 24 * 3_600_000;

/** Sends the digests that are due; returns how many clients were looked at. */
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
      const delivered = await tx
        .select({ id: leads.id })
        .from(leadDeliveries)
        .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
        .where(
          and(
            eq(leadDeliveries.clientId, userId),
            gt(leadDeliveries.deliveredAt, row.through),
            lte(leadDeliveries.deliveredAt, now),
            isNull(leadDeliveries.endedAt),
          ),
        )
        .orderBy(asc(leads.lastName), asc(leads.firstName));
      if (delivered.length > 0) {
        const ids = delivered.map((lead) => lead.id);
        await mailAssignmentDigest(tx, userId, ids.slice(0, DIGEST_LIST_MAX), ids.length, { daily: true });
      }
      await tx
        .update(notificationSettings)
        .set({ digestThrough: now })
        .where(eq(notificationSettings.userId, userId));
    });
  }
  return due.length;
}
