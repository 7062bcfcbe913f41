/**
 * The staff's daily digest of client feedback (issue 27): each business day, once the agency opens (9:00
 * in AGENCY_TIME_ZONE), the admins who want it get one e-mail listing the feedback clients gave since the
 * last digest; a day without feedback sends nothing. A periodic task (server/jobs.ts), like the clients'
 * digest of new leads, looks every FEEDBACK_DIGEST_CHECK_MS; the day's row in `feedback_digests` makes it
 * once a day: the first server to insert it sends the digest in the same transaction, and every other
 * server, a second run, or a restart finds the row and sends nothing.
 */
import { and, asc, count, desc, eq, gt, lt, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/client.server";
import { feedbackStatuses, labelOf, notInterestedReasons } from "~/db/enums";
import { feedbackDigests, leadActivities, leads, profiles } from "~/db/schema";
import { inBusinessHours, previousBusinessDay, zonedTime } from "~/lib/agency-time";
import { env } from "~/lib/env.server";
import { mailAdminsWanting } from "~/lib/mail/notification-settings.server";
import { feedbackDigestMail, type FeedbackEntry } from "~/lib/mail/templates/feedback";
import { DIGEST_LIST_MAX } from "~/lib/mail/templates/leads";
import { personName } from "./lead-format";

/** How often the task looks: the digest goes within this long of opening time. */
export const FEEDBACK_DIGEST_CHECK_MS = 15 * 60_000;

/**
 * A digest covers feedback up to this long before it runs. A feedback row carries the time its
 * transaction began, so one that began before the digest and committed after it would otherwise fall
 * between two digests; this margin (far longer than any such transaction, and than clock skew between
 * servers) puts it in the next digest instead.
 */
export const FEEDBACK_SETTLE_MS = 60_000;

export type FeedbackDigestOutcome =
  | { kind: "outside-hours" }
  | { kind: "already-sent"; day: string }
  | { kind: "sent"; day: string; entries: number; recipients: number };

const company = alias(profiles, "company");
const giver = alias(profiles, "giver");

/** Sends today's digest when it is due and not yet sent; says what it did. */
export async function sendFeedbackDigest(
  db: Database,
  now = new Date(),
  timeZone = env().AGENCY_TIME_ZONE,
): Promise<FeedbackDigestOutcome> {
  if (!inBusinessHours(now, timeZone)) return { kind: "outside-hours" };
  const day = zonedTime(now, timeZone).date;
  const through = new Date(now.getTime() - FEEDBACK_SETTLE_MS);
  return db.transaction(async (tx) => {
    // The day's claim: a second server's insert waits for this transaction, then finds the row.
    const claimed = await tx
      .insert(feedbackDigests)
      .values({ day, through, entries: 0, recipients: 0 })
      .onConflictDoNothing()
      .returning({ day: feedbackDigests.day });
    if (claimed.length === 0) return { kind: "already-sent", day } as const;
    const [previous] = await tx
      .select({ through: feedbackDigests.through })
      .from(feedbackDigests)
      .where(lt(feedbackDigests.day, day))
      .orderBy(desc(feedbackDigests.day))
      .limit(1);
    // The very first digest looks back to the same hour of the business day before.
    const since = previous?.through ?? previousBusinessDay(through, timeZone);
    const { entries, total } = await feedbackSince(tx, since, through);
    const config = env();
    const recipients =
      total === 0
        ? 0
        : await mailAdminsWanting(tx, "feedback_digest", (admin) =>
            feedbackDigestMail({
              to: admin.email,
              greetingName: admin.firstName || "there",
              entries,
              count: total,
              since,
              timeZone,
              siteUrl: config.SITE_URL,
              optOut: admin.optOut,
            }),
          );
    await tx.update(feedbackDigests).set({ entries: total, recipients }).where(eq(feedbackDigests.day, day));
    return { kind: "sent", day, entries: total, recipients } as const;
  });
}

/** The feedback given after `since` and up to `through`: the first DIGEST_LIST_MAX, oldest first, and the count. */
async function feedbackSince(
  tx: Transaction,
  since: Date,
  through: Date,
): Promise<{ entries: FeedbackEntry[]; total: number }> {
  const given = and(
    eq(leadActivities.activityType, "client_feedback_submitted"),
    gt(leadActivities.createdAt, since),
    lte(leadActivities.createdAt, through),
  );
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(leadActivities).where(given);
  if (total === 0) return { entries: [], total: 0 };
  const rows = await tx
    .select({
      leadId: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      city: leads.city,
      state: leads.state,
      metadata: leadActivities.metadata,
      at: leadActivities.createdAt,
      companyName: company.companyName,
      companyEmail: company.email,
      giver: { email: giver.email, firstName: giver.firstName, lastName: giver.lastName },
    })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    // The company the feedback was given for (submitFeedback's metadata); the person is performed_by.
    .leftJoin(company, eq(company.userId, sql`${leadActivities.metadata}->>'clientId'`))
    .leftJoin(giver, eq(giver.userId, leadActivities.performedBy))
    .where(given)
    .orderBy(asc(leadActivities.createdAt), asc(leadActivities.id))
    .limit(DIGEST_LIST_MAX);
  const entries = rows.map((row): FeedbackEntry => {
    const meta = row.metadata ?? {};
    const status = String(meta.feedback_status ?? "");
    const reason = typeof meta.reason === "string" ? labelOf(notInterestedReasons, meta.reason) : undefined;
    const who = personName(row.giver);
    return {
      leadId: row.leadId,
      leadName: `${row.firstName} ${row.lastName}`,
      city: row.city,
      state: row.state,
      company: row.companyName || row.companyEmail || "A former client",
      status: labelOf(feedbackStatuses, status),
      ...(reason ? { reason } : {}),
      notes: typeof meta.notes === "string" ? meta.notes : "",
      by: row.giver?.email
        ? who === row.giver.email
          ? who
          : `${who} (${row.giver.email})`
        : "someone no longer on the team",
      at: row.at,
    };
  });
  return { entries, total };
}
