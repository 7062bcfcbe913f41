/**
 * The one way new leads go into the database, whoever sends them: the admin's form (one lead), the CSV
 * import (batches of 500) and the public API (one lead, or batches of up to 500). One statement for the
 * whole batch: the rows travel as one JSON parameter (binding 500 rows of 19 values each as parameters
 * costs several times what the database spends writing them), and the duplicate check (same phone, or
 * same normalised address in the same ZIP5: the rule of the admin screens) is folded into the insert,
 * so that a lead costs one round trip.
 *
 * Callers record the new leads on the lead-change path (lead-changes.server.ts: the assigned client's
 * timeline entry, e-mail and webhook, and the live lists) in the same transaction.
 */
import { sql } from "drizzle-orm";
import { addressKeySql } from "~/db/address-key";
import { queryRows, type Database, type Transaction } from "~/db/client.server";
import type { ApiLead } from "./api/api.schema";
import type { LeadStatus } from "~/db/enums";
import type { LeadInput } from "./leads.schema";
import { publicLeadSql } from "./public-lead.server";

/** How the leads arrived: typed in by an admin, a CSV import, or an API key (issue 14). */
export interface LeadArrival {
  createdByUserId?: string | null;
  importId?: string | null;
  apiKeyId?: string | null;
}

/** What became of one input row, in input order. */
export type InsertedLead =
  | { kind: "created"; lead: ApiLead }
  /** A stored lead shares its phone or address (its id), or an earlier row of the same call (its index). */
  | { kind: "duplicate"; existingId: string | null; earlierIndex: number | null };

export interface InsertOptions {
  /**
   * Leave out rows that may duplicate a stored lead or an earlier row of the same call (reported as
   * "duplicate"): for every row, or per row (in order). Off: every valid row goes in (the import has
   * already judged its rows).
   */
  skipDuplicates?: boolean | readonly boolean[];
}

/**
 * Inserts `rows` (already validated by the lead schema) as new leads arrived by `arrival`, in one
 * statement. Returns one outcome per row, in order.
 */
export async function insertLeads(
  db: Database | Transaction,
  // The import may carry each lead's status and its own words from the file; every other lead starts
  // as "new".
  rows: readonly (LeadInput & { leadStatus?: LeadStatus; valuesInFile?: Record<string, string> })[],
  arrival: LeadArrival,
  options: InsertOptions = {},
): Promise<InsertedLead[]> {
  if (rows.length === 0) return [];
  const skipOf = (i: number) =>
    Array.isArray(options.skipDuplicates)
      ? options.skipDuplicates[i] === true
      : options.skipDuplicates === true;
  const json = JSON.stringify(rows.map((lead, i) => ({ ...lead, i, skip: skipOf(i) })));
  const skip = rows.some((_, i) => skipOf(i));
  const key = addressKeySql(sql.raw("r.address"), sql.raw(`r."zipCode"`));
  const result = await queryRows<{
    i: number;
    existing_id: string | null;
    earlier_index: number | null;
    lead: ApiLead | string | null;
  }>(
    db,
    sql`with r as materialized (
      select r.*, ${key} as key, gen_random_uuid() as new_id
      from jsonb_to_recordset(${json}::jsonb) as r(i int, skip boolean, "firstName" text, "lastName" text,
        phone text, email text, address text, city text, state text, "zipCode" text, "propertyType" text,
        "motivationLevel" text, "situationNotes" text, "leadSource" text, "askingPrice" numeric,
        "estimatedValue" numeric, "estimatedRepairCost" numeric, "assignedToClientId" text, "leadStatus" text,
        "valuesInFile" jsonb)
    ), judged as materialized (
      select r.*,
        ${
          skip
            ? sql`case when r.skip then (select c.id from (
                (select l.id, l.created_at, 0 as rank from leads l where l.phone = r.phone
                 order by l.created_at limit 1)
                union all
                (select l.id, l.created_at, 1 from leads l where l.address_key = r.key
                 order by l.created_at limit 1)
              ) c order by c.rank, c.created_at limit 1) end`
            : sql`null::uuid`
        } as existing_id,
        ${
          skip
            ? sql`case when r.skip then
                (select min(e.i) from r e where e.i < r.i and (e.phone = r.phone or e.key = r.key)) end`
            : sql`null::int`
        } as earlier_index
      from r
    ), ins as (
      insert into leads (id, first_name, last_name, phone, email, address, city, state, zip_code,
        property_type, motivation_level, situation_notes, lead_source, asking_price, estimated_value,
        estimated_repair_cost, assigned_to_client_id, created_by_user_id, import_id, api_key_id, lead_status,
        values_in_file)
      select j.new_id, j."firstName", j."lastName", j.phone, j.email, j.address, j.city, j.state,
        j."zipCode", j."propertyType"::property_type, j."motivationLevel"::motivation_level,
        j."situationNotes", j."leadSource", j."askingPrice", j."estimatedValue",
        j."estimatedRepairCost", j."assignedToClientId", ${arrival.createdByUserId ?? null},
        ${arrival.importId ?? null}::uuid, ${arrival.apiKeyId ?? null}::uuid,
        coalesce(j."leadStatus", 'new')::lead_status, j."valuesInFile"
      from judged j
      where j.existing_id is null and j.earlier_index is null
      order by j.i
      returning *
    )
    select j.i, j.existing_id, j.earlier_index,
      case when ins.id is not null then ${publicLeadSql("ins", "agency")} end as lead
    from judged j left join ins on ins.id = j.new_id
    order by j.i`,
  );
  const outcomes = result.map((row): InsertedLead => {
    if (row.lead) {
      // node-postgres parses jsonb; PGlite may hand back the text.
      const lead = typeof row.lead === "string" ? (JSON.parse(row.lead) as ApiLead) : row.lead;
      return { kind: "created", lead };
    }
    return {
      kind: "duplicate",
      existingId: row.existing_id,
      earlierIndex: row.earlier_index === null ? null : Number(row.earlier_index),
    };
  });
  return outcomes;
}
