/**
 * The one public shape of a lead (issue 23): what the API answers, what a webhook carries and what the
 * OpenAPI document describes (`apiLeadSchema` in api.schema.ts). Built in SQL from a `leads` row, so that
 * the API's reads, the intake's answer and a webhook's payload (written in the change's own transaction,
 * thousands of rows per statement) come from one expression and cannot drift apart.
 *
 * Two audiences read it. The agency (API keys) sees everything. A client's webhook gets the same fields,
 * but nothing of the agency's internals: no admin link, no import id, no API key's name (which may name
 * the list vendor); those are null for them.
 */
import { sql, type SQL } from "drizzle-orm";
import { env } from "~/lib/env.server";

export type LeadAudience = "agency" | "client";

/** An ISO 8601 UTC timestamp with milliseconds, as `Date.toISOString()` writes it. */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The lead in row alias `l` (its columns as the `leads` table has them) as a jsonb object of the public
 * shape, for `audience`.
 */
export function publicLeadSql(l: string, audience: LeadAudience): SQL {
  const row = sql.raw(l);
  const base = env().SITE_URL;
  const agency = audience === "agency";
  const col = (name: string) => sql.raw(`${l}.${name}`);
  const apiKeyName = agency
    ? sql`(select k.name from api_keys k where k.id = ${col("api_key_id")})`
    : sql`null::text`;
  return sql`jsonb_build_object(
    'id', ${row}.id,
    'url', (${`${base}/api/v1/leads/`}::text || ${row}.id::text),
    'adminUrl', ${agency ? sql`(${`${base}/admin/leads/`}::text || ${row}.id::text)` : sql`null::text`},
    'portalUrl', (${`${base}/client/leads/`}::text || ${row}.id::text),
    'firstName', ${row}.first_name, 'lastName', ${row}.last_name, 'phone', ${row}.phone,
    'email', ${row}.email, 'address', ${row}.address, 'city', ${row}.city, 'state', ${row}.state,
    'zipCode', ${row}.zip_code, 'propertyType', ${row}.property_type,
    'motivationLevel', ${row}.motivation_level, 'leadSource', ${row}.lead_source,
    'situationNotes', ${row}.situation_notes,
    'askingPrice', ${row}.asking_price::float8, 'estimatedValue', ${row}.estimated_value::float8,
    'estimatedRepairCost', ${row}.estimated_repair_cost::float8,
    'leadStatus', ${row}.lead_status, 'isSold', ${row}.is_sold, 'soldPrice', ${row}.sold_price::float8,
    'assignedToClientId', ${row}.assigned_to_client_id,
    'clientFeedbackStatus', ${row}.client_feedback_status, 'clientNotes', ${row}.client_notes,
    'clientReviewedAt', ${isoUtc(col("client_reviewed_at"))},
    'arrival', jsonb_build_object(
      'channel', case when ${col("api_key_id")} is not null then 'api'
                      when ${col("import_id")} is not null then 'import' else 'form' end,
      'importId', ${agency ? col("import_id") : sql`null::uuid`},
      'apiKeyName', ${apiKeyName}),
    'createdAt', ${isoUtc(col("created_at"))},
    'updatedAt', ${isoUtc(col("updated_at"))})`;
}
