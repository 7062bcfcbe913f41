/**
 * The public API's lead operations (issue 14): intake of one lead or a batch, one lead by id, and the
 * leads changed since a moment, by keyset pages. The actor is an API key; what it may do comes from its
 * scopes (permissions.ts). New leads go in through `insertLeads`, the one insert path of the form and
 * the import, with the admin screens' duplicate rule folded into the statement.
 *
 * The single lead without an assignment, the common case, costs one statement (insert, duplicate check
 * and live-list notification together); an assignment adds the form's checks and e-mail in a
 * transaction; an Idempotency-Key adds its row, claimed in the same transaction as the leads.
 */
import crypto from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { apiIdempotency } from "~/db/schema";
import { queryRows, type Database, type Transaction } from "~/db/client.server";
import { decodeCursor, encodeCursor } from "~/lib/cursor.server";
import { isUuid } from "~/lib/data-guards";
import { authorize, can, type Principal } from "~/lib/permissions";
import {
  API_BATCH_MAX,
  API_PAGE_SIZE,
  apiLeadValues,
  apiMessages,
  type ApiLead,
  type BatchItem,
} from "./api.schema";
import { recordLeadChanges } from "../lead-changes.server";
import { assertClientAccount, InvalidClientError } from "../lead-commands.server";
import { leadSchema, type LeadInput } from "../leads.schema";
import { insertLeads } from "../new-leads.server";
import { openSourceKeys } from "../sources/sources.server";
import { publicLeadSql } from "../public-lead.server";
import { isMomentText } from "~/lib/calendar";

export interface ApiKeyPrincipal extends Principal {
  id: string;
  name: string;
}

/** What the route sends: a status and a JSON document (a problem when `problem` is set). */
export type ApiAnswer =
  | { status: number; body: unknown; problem?: undefined; location?: string }
  | {
      status: number;
      problem: "validation" | "duplicate-lead" | "idempotency-key-reused" | "bad-request";
      detail: string;
      errors?: Record<string, string[]>;
      existingId?: string;
    };

const fieldErrors = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type Parsed =
  { ok: true; lead: LeadInput; allowDuplicate: boolean } | { ok: false; errors: Record<string, string[]> };

/** An item and whether it may duplicate a stored lead: its own `allowDuplicate`, else the batch's. */
function parseLead(item: unknown, batchAllowsDuplicates: boolean, openKeys: readonly string[]): Parsed {
  if (!isRecord(item)) return { ok: false, errors: { _: [apiMessages.notObject] } };
  const result = leadSchema.safeParse(apiLeadValues(item));
  const errors = result.success ? {} : fieldErrors(result.error.issues);
  // The form's "Choose a lead source" is for a missing one; a key the agency does not offer is named
  // as such, with the keys it does.
  const sent = item.leadSource;
  const named = sent !== undefined && sent !== null && sent !== "";
  if (named && !openKeys.includes(String(sent).trim())) {
    errors.leadSource = [apiMessages.unknownLeadSource(sent, openKeys)];
  }
  if (!result.success || errors.leadSource) return { ok: false, errors };
  const own = item.allowDuplicate;
  return {
    ok: true,
    lead: result.data,
    allowDuplicate: typeof own === "boolean" ? own : batchAllowsDuplicates,
  };
}

// ---------------------------------------------------------------- intake

export interface IntakeRequest {
  /** The parsed JSON body. */
  body: unknown;
  /** The raw body, for the idempotency check ("the same body"). */
  raw: string;
  idempotencyKey?: string | null;
}

/** Idempotency-Key: visible ASCII, 1 to 255 characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const IDEMPOTENCY_TTL = sql.raw("interval '24 hours'");

/** POST /api/v1/leads: one lead, or `{ leads: [...] }`. */
export async function intakeLeads(actor: ApiKeyPrincipal, request: IntakeRequest): Promise<ApiAnswer> {
  authorize(actor, "lead:create:any");
  const { body } = request;
  if (!isRecord(body)) {
    return {
      status: 400,
      problem: "validation",
      detail: apiMessages.notObject,
      errors: { _: [apiMessages.notObject] },
    };
  }
  const batch = "leads" in body;
  const items: unknown[] = batch ? (Array.isArray(body.leads) ? body.leads : []) : [body];
  if (batch && (!Array.isArray(body.leads) || items.length === 0 || items.length > API_BATCH_MAX)) {
    const message = items.length > API_BATCH_MAX ? apiMessages.batchTooLarge : apiMessages.batchEmpty;
    return { status: 400, problem: "validation", detail: message, errors: { leads: [message] } };
  }
  // A single lead's own flag is the body's; in a batch the body's is every item's default.
  const batchAllowsDuplicates = batch && body.allowDuplicate === true;
  const openKeys = await openSourceKeys();
  const parsed = items.map((item) => parseLead(item, batchAllowsDuplicates, openKeys));
  if (!batch && !parsed[0]!.ok) {
    return {
      status: 400,
      problem: "validation",
      detail: "The lead has invalid fields: see errors.",
      errors: parsed[0]!.errors,
    };
  }

  const key = request.idempotencyKey ?? null;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    return {
      status: 400,
      problem: "bad-request",
      detail: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
    };
  }
  const valid = parsed.flatMap((p) => (p.ok ? [p] : []));
  const assigns = valid.some((p) => p.lead.assignedToClientId !== null);
  const db = await getDb();
  const work = (q: Database | Transaction) => createAnswer(q, actor, parsed, valid, batch, assigns);

  try {
    if (key === null) {
      return assigns ? await db.transaction((tx) => work(tx)) : await work(db);
    }
    const hash = crypto.createHash("sha256").update(request.raw).digest("hex");
    const answer = await db.transaction(async (tx) => {
      // Claimed in this transaction: a parallel request with the same key waits here until it ends.
      const claimed = await tx.execute(sql`
        insert into api_idempotency (api_key_id, idempotency_key, request_hash)
        values (${actor.id}, ${key}, ${hash})
        on conflict (api_key_id, idempotency_key) do update
          set request_hash = excluded.request_hash, status = 0, body = '', created_at = now()
          where api_idempotency.created_at < now() - ${IDEMPOTENCY_TTL}
        returning 1 as claimed`);
      if (rowCount(claimed) === 0) return null;
      const result = await work(tx);
      await tx
        .update(apiIdempotency)
        .set({ status: result.status, body: JSON.stringify(result) })
        .where(and(eq(apiIdempotency.apiKeyId, actor.id), eq(apiIdempotency.idempotencyKey, key)));
      return result;
    });
    if (answer) return answer;
    const [first] = await db
      .select({ hash: apiIdempotency.requestHash, body: apiIdempotency.body })
      .from(apiIdempotency)
      .where(and(eq(apiIdempotency.apiKeyId, actor.id), eq(apiIdempotency.idempotencyKey, key)));
    if (!first || first.hash !== hash || !first.body) {
      return {
        status: 422,
        problem: "idempotency-key-reused",
        detail: "This Idempotency-Key was used in the last 24 hours with another request.",
      };
    }
    return JSON.parse(first.body) as ApiAnswer;
  } catch (error) {
    if (error instanceof InvalidClientError) {
      const errors = { assignedToClientId: [error.message] };
      return { status: 400, problem: "validation", detail: error.message, errors };
    }
    throw error;
  }
}

/** Forgets Idempotency-Keys older than 24 hours (a later request takes one over anyway); run now and then. */
export async function pruneIdempotencyKeys(db: Database): Promise<void> {
  await db.execute(sql`delete from api_idempotency where created_at < now() - ${IDEMPOTENCY_TTL}`);
}

/** Rows a statement returned, whichever driver ran it. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : Array.isArray(result) ? result.length : 0;
}

async function createAnswer(
  q: Database | Transaction,
  actor: ApiKeyPrincipal,
  parsed: Parsed[],
  valid: Extract<Parsed, { ok: true }>[],
  batch: boolean,
  assigns: boolean,
): Promise<ApiAnswer> {
  if (assigns) {
    for (const clientId of new Set(valid.map((p) => p.lead.assignedToClientId))) {
      await assertClientAccount(q, clientId);
    }
  }
  const inserted = await insertLeads(
    q,
    valid.map((p) => p.lead),
    { apiKeyId: actor.id },
    { skipDuplicates: valid.map((p) => !p.allowDuplicate) },
  );
  // The duplicate's id is another lead's: only a key that may read leads learns it.
  const mayRead = can(actor, "lead:read:any");
  // Unassigned leads write nothing more (a coalesced list refresh), so they need no transaction.
  await recordLeadChanges(
    q,
    inserted.flatMap((o) =>
      o.kind === "created" ? [{ leadId: o.lead.id, from: null, to: o.lead.assignedToClientId }] : [],
    ),
    { by: null, mail: "each", live: assigns ? "batch" : "coalesced", metadata: { apiKey: actor.name } },
  );

  // Back to the request's items: the invalid ones were not sent to the database.
  let next = 0;
  const validIndexOf: number[] = [];
  parsed.forEach((p, i) => {
    if (p.ok) validIndexOf.push(i);
  });
  const results: BatchItem[] = parsed.map((p, index): BatchItem => {
    if (!p.ok) return { index, status: "invalid", errors: p.errors };
    const outcome = inserted[next++]!;
    if (outcome.kind === "created") return { index, status: "created", lead: outcome.lead };
    return {
      index,
      status: "duplicate",
      existingId: mayRead ? outcome.existingId : null,
      duplicateOfIndex: outcome.earlierIndex === null ? null : validIndexOf[outcome.earlierIndex]!,
    };
  });

  if (!batch) {
    const only = results[0]!;
    if (only.status === "created") return { status: 201, body: only.lead, location: only.lead.url };
    if (only.status === "duplicate") {
      return {
        status: 409,
        problem: "duplicate-lead",
        detail:
          "A stored lead has the same phone, or the same address and ZIP code. Send allowDuplicate: true to create it anyway.",
        existingId: only.existingId ?? undefined,
      };
    }
  }
  const count = (status: BatchItem["status"]) => results.filter((r) => r.status === status).length;
  const created = count("created");
  return {
    status: created === results.length ? 201 : 207,
    body: { created, invalid: count("invalid"), duplicates: count("duplicate"), results },
  };
}

// ---------------------------------------------------------------- reading

type ReadRow = { lead: ApiLead | string; updated_at: string };

/** Leads in the public shape, with their exact change time (the list's cursor keys). */
async function readLeads(where: SQL, tail: SQL): Promise<{ lead: ApiLead; updatedAt: string }[]> {
  const db = await getDb();
  const rows = await queryRows<ReadRow>(
    db,
    sql`select ${publicLeadSql("l", "agency")} as lead, to_jsonb(l.updated_at) #>> '{}' as updated_at
      from leads l where ${where} ${tail}`,
  );
  // node-postgres parses jsonb; PGlite may hand back the text.
  return rows.map((row) => ({
    lead: typeof row.lead === "string" ? (JSON.parse(row.lead) as ApiLead) : row.lead,
    updatedAt: row.updated_at,
  }));
}

/** GET /api/v1/leads/{id}: the lead, or null (404) for an unknown id. */
export async function apiGetLead(actor: Principal, id: string): Promise<ApiLead | null> {
  authorize(actor, "lead:read:any");
  if (!isUuid(id)) return null;
  const [row] = await readLeads(sql`l.id = ${id}`, sql``);
  return row?.lead ?? null;
}

/**
 * GET /api/v1/leads: leads updated at or after `updatedSince`, in the order of their last change (then
 * id), a keyset page at a time: the cursor is the last row's (updated_at, id), read back with the
 * shared cursor codec, so a page costs one range of leads_updated_at_idx at any depth.
 */
export async function apiListLeads(
  actor: Principal,
  query: { updatedSince?: string; cursor?: string; limit?: number },
): Promise<{ leads: ApiLead[]; nextCursor: string | null } | { invalidCursor: true }> {
  authorize(actor, "lead:read:any");
  const size = query.limit ?? API_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (query.updatedSince) conditions.push(sql`l.updated_at >= ${new Date(query.updatedSince)}`);
  let position = 0;
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, 2);
    if (!cursor || !isUuid(cursor.keys[1]!) || !isMomentText(cursor.keys[0]!)) {
      return { invalidCursor: true };
    }
    position = cursor.position;
    conditions.push(sql`(l.updated_at, l.id) > (${cursor.keys[0]}::timestamptz, ${cursor.keys[1]}::uuid)`);
  }
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const rows = await readLeads(where, sql`order by l.updated_at, l.id limit ${size + 1}`);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    leads: page.map((row) => row.lead),
    nextCursor:
      rows.length > size && last
        ? encodeCursor({ keys: [last.updatedAt, last.lead.id], position: position + page.length })
        : null,
  };
}
