/**
 * A large book of leads written by the database itself: `INSERT ... SELECT` over `generate_series`, in
 * chunks, every value a function of the row number. One round trip per 50,000 rows instead of one per
 * 1,000, and no JavaScript objects per row, so 1,000,000 leads take minutes on PostgreSQL (COPY would
 * need a driver extension; this needs none and runs on PGlite too).
 *
 * The secondary indexes are dropped while writing and created again afterwards from their own definitions
 * (pg_indexes): building an index once over sorted data is far cheaper than maintaining it row by row,
 * and the benchmark then measures exactly the indexes the migrations made.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { queryRows } from "~/db/client.server";
import * as schema from "~/db/schema";
import { feedbackStatuses, leadSources, leadStatuses, motivationLevels, valuesOf } from "~/db/enums";

export const firstNames = [
  "James",
  "Maria",
  "Robert",
  "Linda",
  "Michael",
  "Patricia",
  "David",
  "Jennifer",
  "Carlos",
  "Aisha",
];
export const lastNames = [
  "Smith",
  "Garcia",
  "Johnson",
  "Nguyen",
  "Brown",
  "Okafor",
  "Miller",
  "Davis",
  "Lopez",
  "Wilson",
];
export const streets = [
  "Maple Ave",
  "Oak St",
  "Cedar Ln",
  "Pine Rd",
  "Elm St",
  "Lakeview Dr",
  "Sunset Blvd",
  "Hill Ct",
];
export const cities: [string, string][] = [
  ["Houston", "TX"],
  ["Phoenix", "AZ"],
  ["Atlanta", "GA"],
  ["Columbus", "OH"],
  ["Tampa", "FL"],
  ["Denver", "CO"],
  ["Memphis", "TN"],
  ["Charlotte", "NC"],
];

/** Spread-out US numbers (a multiplicative hash of the index), as a real book of leads has. */
export const phoneOf = (i: number) => `+1${2_000_000_000 + ((i * 2_654_435_761) % 7_999_999_999)}`;
export const addressOf = (i: number) => `${100 + (i % 9800)} ${streets[i % streets.length]!}`;
export const zipOf = (i: number) => String(10000 + (i % 89999));

/** The first lead's creation time; lead i is created i minutes later. */
export const SEED_START = Date.UTC(2024, 0, 1);

/** The bench's accounts: fixed ids, so a kept database is found again by the next run. */
export interface SeedPeople {
  adminId: string;
  otherAdminId: string;
  /** Client accounts named "Investor n"; the first is the plan's big client. */
  clientIds: string[];
}

/** The bench's accounts for `clients` clients (ids only; `seedPeople` writes them). */
export function benchPeople(clients: number): SeedPeople {
  return {
    adminId: "00000000-0000-4000-8000-00000000a000",
    otherAdminId: "00000000-0000-4000-8000-00000000a001",
    clientIds: Array.from(
      { length: clients },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    ),
  };
}

/** Writes the two admins and the clients (account, profile, role). */
export async function seedPeople(db: Database, people: SeedPeople) {
  const admins = [people.adminId, people.otherAdminId];
  const all = [...admins, ...people.clientIds];
  await db
    .insert(schema.user)
    .values(all.map((id, i) => ({ id, name: `User ${i}`, email: `user${i}@bench.test` })));
  await db.insert(schema.profiles).values(
    all.map((id, i) => ({
      userId: id,
      email: `user${i}@bench.test`,
      firstName: "User",
      lastName: String(i),
      companyName: i < admins.length ? null : `Investor ${i}`,
    })),
  );
  await db
    .insert(schema.userRoles)
    .values([
      ...admins.map((userId) => ({ userId, role: "admin" as const })),
      ...people.clientIds.map((userId) => ({ userId, role: "client" as const })),
    ]);
}

export interface SeedPlan {
  count: number;
  /** Creates most leads. */
  adminId: string;
  /** Creates one lead in 20: the "created by" filter has a selective value. */
  otherAdminId: string;
  /** The client holding `bigClientLeads` leads, spread evenly over the book. */
  bigClientId: string;
  bigClientLeads: number;
  /** The other clients share two thirds of the rest; one third is unassigned. */
  clientIds: string[];
  /** Chunks written at once (PostgreSQL: one per core; PGlite has one connection). */
  concurrency?: number;
}

const textArray = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/** `array[(expr) % n + 1]`: the value of a cycling list for row i. */
const pick = (values: readonly string[], expr: string) =>
  sql`(${textArray(values)})[(${sql.raw(expr)}) % ${sql.raw(String(values.length))} + 1]`;

/** Writes `plan.count` leads; returns the seconds spent writing rows and building indexes. */
export async function seedLeads(db: Database, plan: SeedPlan, chunk = 50_000) {
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename = 'leads' and indexname <> 'leads_pkey'`,
  );
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  const bigEvery = Math.max(1, Math.floor(plan.count / plan.bigClientLeads));
  const statuses = valuesOf(leadStatuses);
  const sources = valuesOf(leadSources);
  const clients = plan.clientIds;
  const began = performance.now();
  const starts = Array.from({ length: Math.ceil(plan.count / chunk) }, (_, i) => i * chunk);
  const writeChunk = async (from: number) => {
    const to = Math.min(plan.count, from + chunk) - 1;
    await db.execute(sql`
      insert into leads (first_name, last_name, phone, address, city, state, zip_code, motivation_level,
        lead_source, lead_status, is_sold, assigned_to_client_id, client_feedback_status, created_by_user_id,
        created_at, updated_at)
      select
        ${pick(firstNames, "i")},
        ${pick(lastNames, "i * 7")} || case when i % 97 = 0 then '-Hale' else '' end,
        '+1' || (2000000000 + (i * 2654435761) % 7999999999)::text,
        (100 + i % 9800)::text || ' ' || ${pick(streets, "i")},
        ${pick(
          cities.map(([city]) => city),
          "i",
        )},
        ${pick(
          cities.map(([, state]) => state),
          "i",
        )},
        (10000 + i % 89999)::text,
        ${pick(valuesOf(motivationLevels), "i")}::motivation_level,
        ${pick(sources, "i / 3")},
        ${pick(statuses, "i")}::lead_status,
        ${pick(statuses, "i")} = 'sold',
        case
          when i % ${bigEvery} = 0 and i / ${bigEvery} < ${plan.bigClientLeads} then ${plan.bigClientId}
          when i % 3 = 2 then null
          else (${sql.raw(`ARRAY[${clients.map((c) => `'${c}'`).join(",")}]`)})[i % ${clients.length} + 1]
        end,
        ${pick(valuesOf(feedbackStatuses), "i / 50")}::client_feedback_status,
        case when i % 20 = 0 then ${plan.otherAdminId} else ${plan.adminId} end,
        to_timestamp(${SEED_START / 1000}) + i * interval '1 minute',
        to_timestamp(${SEED_START / 1000}) + i * interval '1 minute' + (i * 37 % 10000) * interval '1 minute'
      from generate_series(${from}::bigint, ${to}::bigint) as i`);
  };
  // Each worker takes the next chunk until none is left.
  const workers = Array.from({ length: plan.concurrency ?? 1 }, async () => {
    for (let from = starts.shift(); from !== undefined; from = starts.shift()) await writeChunk(from);
  });
  await Promise.all(workers);
  const rowsSeconds = (performance.now() - began) / 1000;
  const indexStart = performance.now();
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  await db.execute(sql`vacuum analyze leads`);
  return { rowsSeconds, indexSeconds: (performance.now() - indexStart) / 1000 };
}
