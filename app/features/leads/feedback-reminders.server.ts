/**
 * Speed to lead (issue 26 §2): a delivered lead with no feedback after the company's chosen time (a
 * number of business hours, Monday to Friday 9:00 to 18:00 in AGENCY_TIME_ZONE; 4 unless the company chose
 * otherwise) reminds the member who took it, or everyone on the team when nobody did. Each person gets one
 * e-mail per run listing their waiting leads, through the outbox and as their notification settings say,
 * and one text message to those who asked for it (ADR 045).
 *
 * A periodic task of the job runtime (server/jobs.ts) looks every REMINDER_CHECK_MS. Each lead reminds at
 * most once per delivery: the run inserts a `lead_reminders` row per due delivery and writes the e-mails
 * in the same transaction. A second server's insert of the same delivery waits for that transaction and
 * then skips it, and so does a second run or a restart, so a reminder is never sent twice nor half-sent.
 */
import { inArray, sql } from "drizzle-orm";
import { queryRows, type Database, type Transaction } from "~/db/client.server";
import { DEFAULT_REMINDER_HOURS, reminderHourValues } from "~/db/enums";
import { profiles } from "~/db/schema";
import { businessTimeBefore } from "~/lib/agency-time";
import { activeCompanyPeople, type CompanyPerson } from "~/lib/client-accounts.server";
import { env } from "~/lib/env.server";
import { notificationOptOut, textNumberFor } from "~/lib/mail/notification-settings.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { DIGEST_LIST_MAX } from "~/lib/mail/templates/leads";
import { feedbackReminderMail, type WaitingLead } from "~/lib/mail/templates/reminders";
import { enqueueSms } from "~/lib/sms/outbox.server";
import { reminderText } from "~/lib/sms/texts";

/** How often the task looks: a lead reminds within this long of its time. */
export const REMINDER_CHECK_MS = 5 * 60_000;

/**
 * Only leads delivered within this long remind. Leads older than that (waiting when reminders began, or
 * when a company turned them on) are the account manager's, on the admin home's "no feedback after 48 h",
 * not a burst of e-mail about last month's leads.
 */
export const REMINDER_HORIZON_MS = 7 * 86_400_000;

/** Deliveries reminded per transaction. */
const BATCH = 1_000;

export interface ReminderOutcome {
  /** Leads reminded (each once per delivery). */
  leads: number;
  /** E-mails written (one per person who wants them). */
  mails: number;
  /** Text messages queued (one per person who asked for them, where the site sends texts). */
  texts: number;
}

interface DueRow {
  delivery_id: string;
  company_id: string;
  claimed_by: string | null;
  lead_id: string;
  first_name: string;
  last_name: string;
  city: string;
  state: string;
  delivered_at: Date | string;
  reminder_hours: number;
}

/** Sends the reminders that are due at `now`; says how many leads and e-mails. */
export async function sendFeedbackReminders(
  db: Database,
  now = new Date(),
  timeZone = env().AGENCY_TIME_ZONE,
): Promise<ReminderOutcome> {
  // One cutoff per choice a company can make: a lead delivered at or before it has waited that long.
  const cutoffs = reminderHourValues.map(
    (hours) => [hours, businessTimeBefore(now, hours * 60, timeZone)] as const,
  );
  const horizon = new Date(now.getTime() - REMINDER_HORIZON_MS);
  const latest = new Date(Math.max(...cutoffs.map(([, at]) => at.getTime())));
  const hoursOf = sql`(case when s.company_id is null then ${DEFAULT_REMINDER_HOURS} else s.reminder_hours end)`;
  // A company without a row waits the default; a row with no hours (off) matches no branch: null, never due.
  const cutoffOf = sql.join(
    [
      sql`(case ${hoursOf}`,
      ...cutoffs.map(([hours, at]) => sql`when ${hours} then ${at}::timestamptz`),
      sql`end)`,
    ],
    sql` `,
  );
  const total: ReminderOutcome = { leads: 0, mails: 0, texts: 0 };
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      // The partial index of deliveries still waiting for their first feedback reads only those, oldest first.
      const due = await queryRows<DueRow>(
        tx,
        sql`with due as (
              select d.id, d.client_id, l.claimed_by_user_id
              from lead_deliveries d
              join leads l on l.id = d.lead_id
              left join client_company_settings s on s.company_id = d.client_id
              where d.ended_at is null and d.first_feedback_at is null
                and d.delivered_at > ${horizon} and d.delivered_at <= ${latest}
                and d.delivered_at <= ${cutoffOf}
                and not exists (select 1 from lead_reminders r where r.delivery_id = d.id)
                -- A return asked for is the client's answer about the lead.
                and not exists (select 1 from lead_returns x where x.delivery_id = d.id)
              order by d.delivered_at
              limit ${BATCH}
            ), claimed as (
              insert into lead_reminders (delivery_id, company_id, claimed_by, reminded_at)
              select id, client_id, claimed_by_user_id, ${now} from due
              on conflict do nothing
              returning delivery_id, company_id, claimed_by
            )
            select c.delivery_id, c.company_id, c.claimed_by, l.id as lead_id, l.first_name, l.last_name,
                   l.city, l.state, d.delivered_at, ${hoursOf} as reminder_hours
            from claimed c
            join lead_deliveries d on d.id = c.delivery_id
            join leads l on l.id = d.lead_id
            left join client_company_settings s on s.company_id = c.company_id
            order by d.delivered_at, l.last_name, l.first_name`,
      );
      const sent = due.length ? await remind(tx, due, timeZone) : { mails: 0, texts: 0 };
      return { leads: due.length, ...sent, full: due.length === BATCH };
    });
    total.leads += outcome.leads;
    total.mails += outcome.mails;
    total.texts += outcome.texts;
    if (!outcome.full) return total;
  }
}

/**
 * Writes each person's reminder of `due`: the leads they took go to them; a lead nobody took (or whose
 * taker can no longer act on it) goes to everyone on the team. One e-mail and one text at most per
 * person, each as they chose; returns how many of each were written.
 */
async function remind(
  tx: Transaction,
  due: DueRow[],
  timeZone: string,
): Promise<{ mails: number; texts: number }> {
  const companyIds = [...new Set(due.map((row) => row.company_id))];
  const members = await activeCompanyPeople(tx, companyIds);
  const team = new Map<string, CompanyPerson[]>();
  for (const member of members) team.set(member.companyId, [...(team.get(member.companyId) ?? []), member]);
  const companies = await tx
    .select({ id: profiles.userId, name: profiles.companyName, email: profiles.email })
    .from(profiles)
    .where(inArray(profiles.userId, companyIds));
  const companyName = new Map(companies.map((c) => [c.id, c.name || c.email]));

  const perPerson = new Map<string, { member: CompanyPerson; hours: number; leads: WaitingLead[] }>();
  for (const row of due) {
    const people = team.get(row.company_id) ?? [];
    const taker = people.find((member) => member.userId === row.claimed_by);
    for (const member of taker ? [taker] : people) {
      const entry = perPerson.get(member.userId) ?? { member, hours: row.reminder_hours, leads: [] };
      entry.leads.push({
        id: row.lead_id,
        name: `${row.first_name} ${row.last_name}`,
        city: row.city,
        state: row.state,
        deliveredAt: new Date(row.delivered_at),
        mine: Boolean(taker),
      });
      perPerson.set(member.userId, entry);
    }
  }

  const config = env();
  let mails = 0;
  let texts = 0;
  for (const { member, hours, leads } of perPerson.values()) {
    const textTo = await textNumberFor(tx, member.userId, "reminders");
    if (textTo) {
      await enqueueSms(tx, {
        userId: member.userId,
        to: textTo,
        body: reminderText({ leads, count: leads.length, hours, siteUrl: config.SITE_URL }),
      });
      texts++;
    }
    const optOut = await notificationOptOut(tx, member.userId, "lead_reminders");
    if (!optOut) continue;
    await enqueueMail(
      tx,
      feedbackReminderMail({
        to: member.email,
        greetingName: member.firstName || "there",
        companyName: companyName.get(member.companyId) ?? "your company",
        leads: leads.slice(0, DIGEST_LIST_MAX),
        count: leads.length,
        hours,
        timeZone,
        siteUrl: config.SITE_URL,
        contactEmail: config.CONTACT_EMAIL,
        optOut,
      }),
    );
    mails++;
  }
  return { mails, texts };
}
