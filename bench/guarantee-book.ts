/**
 * The book the guarantee and insights benchmarks measure: `count` leads over 200 clients (one holding a
 * tenth, at most 20,000) written by lead-seed.ts, each assigned lead delivered when it was created, one
 * delivery in 50 returned (one in 200 still waiting), each reviewed lead's first feedback 1 to 72 hours
 * after delivery (a timeline entry, and on the delivery as submitFeedback keeps it), a reason on each Not
 * Interested, a profit on each Deal Closed, and every client on one agreement from the book's first day.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { compactInsightCounts } from "~/features/leads/insights/insight-counts.server";
import { benchPeople, seedLeads, seedPeople } from "./lead-seed";

export const BOOK_CLIENTS = 200;

/** Writes the book; returns its accounts and how many deliveries it holds. */
export async function seedGuaranteeBook(db: Database, count: number, concurrency: number) {
  const people = benchPeople(BOOK_CLIENTS);
  await seedPeople(db, people);
  await seedLeads(db, {
    count,
    adminId: people.adminId,
    otherAdminId: people.otherAdminId,
    bigClientId: people.clientIds[0]!,
    bigClientLeads: Math.min(20_000, Math.floor(count / 10)),
    clientIds: people.clientIds.slice(1),
    concurrency,
  });
  await db.execute(
    sql`update lead_deliveries d set delivered_at = l.created_at from leads l where l.id = d.lead_id`,
  );
  // One delivery in 50 returned; the agency decides within days, so only returns of the book's last 60
  // days still wait (one in four of them), as in a queue worked every day.
  await db.execute(sql`
    insert into lead_returns (delivery_id, lead_id, client_id, reason, state, requested_at, decided_at)
    select d.id, d.lead_id, d.client_id,
           (array['wrong_number','not_owner','not_motivated','duplicate']::return_reason[])[n / 50 % 4 + 1],
           case when waits then 'requested' else 'approved' end::return_state,
           d.delivered_at + interval '1 day', case when waits then null else d.delivered_at + interval '2 days' end
    from (select d.*, row_number() over (order by d.delivered_at, d.id) as n,
                 d.delivered_at > (select max(delivered_at) from lead_deliveries) - interval '60 days'
                   and (row_number() over (order by d.delivered_at, d.id)) % 200 = 0 as waits
          from lead_deliveries d) d
    where n % 50 = 0`);
  await db.execute(sql`
    insert into lead_activities (lead_id, activity_type, description, performed_by, created_at)
    select d.lead_id, 'client_feedback_submitted', 'Feedback', d.client_id,
           d.delivered_at + (1 + abs(hashtext(d.lead_id::text)) % 72) * interval '1 hour'
    from lead_deliveries d join leads l on l.id = d.lead_id
    where l.client_feedback_status <> 'not_reviewed'`);
  await db.execute(sql`
    update lead_deliveries d set first_feedback_at = a.created_at from lead_activities a
    where a.lead_id = d.lead_id and a.activity_type = 'client_feedback_submitted'`);
  // A reason on each Not Interested and a profit on each Deal Closed, written on the leads with their
  // row trigger off and copied onto their deliveries in one statement: the trigger keeps a lead's facts
  // row by row, one statement (and one insights count) per lead: at 1,000,000 leads it ran past 30 minutes.
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table leads disable trigger leads_sync_delivery_facts`);
    await tx.execute(sql`
      update leads set not_interested_reason =
        (array['price','condition','location','timing','could_not_reach','other']::not_interested_reason[])
          [abs(hashtext(id::text)) % 6 + 1]
      where client_feedback_status = 'not_interested'`);
    await tx.execute(sql`
      update leads set deal_profit = 5000 + abs(hashtext(id::text)) % 40000
      where client_feedback_status = 'deal_closed'`);
    await tx.execute(sql`alter table leads enable trigger leads_sync_delivery_facts`);
    await tx.execute(sql`
      update lead_deliveries d set not_interested_reason = l.not_interested_reason, deal_profit = l.deal_profit
      from leads l
      where l.id = d.lead_id and (l.not_interested_reason is not null or l.deal_profit is not null)`);
  });
  await db.insert(schema.clientAgreements).values(
    people.clientIds.map((clientId) => ({
      clientId,
      version: 1,
      leadsPerMonth: 500,
      startsOn: "2024-01-01",
      pricePerLead: 40,
      createdAt: new Date("2023-12-15T00:00:00Z"),
    })),
  );
  // What the server's minute timer does: sum the triggers' rows of +1 and -1 per day (ADR 030).
  await compactInsightCounts(db);
  // The mass updates above leave these two tables several times their size (insight_counts 740 MB for
  // 17 MB of rows at 1,000,000 leads), which a book grown by everyday writes under autovacuum is not:
  // rewritten, they are measured as a live database holds them.
  await db.execute(sql`vacuum (full, analyze) insight_counts, lead_deliveries`);
  await db.execute(sql`vacuum analyze`);
  const [deliveries] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.leadDeliveries);
  return { ...people, deliveries: deliveries!.n };
}
