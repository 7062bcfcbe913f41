/**
 * Client agreements (issue 15): admins read every client's agreement and change it; a client reads
 * their own. A change writes a new version and never touches an old one, so the history is complete and
 * the ledger can ask which terms held in any month.
 */
import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { queryRows, type Database } from "~/db/client.server";
import { clientAgreements, profiles, user } from "~/db/schema";
import { findClientAccount, isCompanyAccount, type ClientAccount } from "~/lib/client-accounts.server";
import { authorize, type ActorRef, actingClient } from "~/lib/permissions";
import { clientDisplayName, personName } from "../lead-format";
import { capMessages } from "./capacity";
import type { AgreementField, AgreementInput, AgreementTerms } from "./agreement.schema";
import type { AgreementCriteria } from "./agreement-fit";
import { resolveMarkets } from "./market-zips.server";

/** The terms as stored, one version. */
export interface AgreementVersion extends AgreementTerms {
  version: number;
  createdAt: Date;
  /** Who wrote this version (an admin's name or e-mail), "" when the account is gone. */
  createdBy: string;
}

/** A version with the terms that differ from the one before it (all of them for the first). */
export interface AgreementChange extends AgreementVersion {
  changed: AgreementField[];
}

const terms = {
  leadsPerMonth: clientAgreements.leadsPerMonth,
  startsOn: clientAgreements.startsOn,
  pricePerLead: clientAgreements.pricePerLead,
  returnWindowDays: clientAgreements.returnWindowDays,
  returnCapPercent: clientAgreements.returnCapPercent,
  targetMarkets: clientAgreements.targetMarkets,
  buyBox: clientAgreements.buyBox,
  markets: clientAgreements.markets,
  propertyTypes: clientAgreements.propertyTypes,
  maxPrice: clientAgreements.maxPrice,
  dailyPace: clientAgreements.dailyPace,
};

const termNames = Object.keys(terms) as AgreementField[];

/** Whether two versions say the same of a term (lists compare item by item). */
const sameTerm = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

async function versionsOf(clientId: string, limit?: number): Promise<AgreementVersion[]> {
  const db = await getDb();
  const query = db
    .select({
      ...terms,
      version: clientAgreements.version,
      createdAt: clientAgreements.createdAt,
      authorFirst: profiles.firstName,
      authorLast: profiles.lastName,
      authorEmail: user.email,
    })
    .from(clientAgreements)
    .leftJoin(user, eq(user.id, clientAgreements.createdBy))
    .leftJoin(profiles, eq(profiles.userId, clientAgreements.createdBy))
    .where(eq(clientAgreements.clientId, clientId))
    .orderBy(desc(clientAgreements.version));
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map(({ authorFirst, authorLast, authorEmail, ...row }) => ({
    ...row,
    createdBy: personName({ firstName: authorFirst, lastName: authorLast, email: authorEmail }),
  }));
}

/** Marks in each version the terms it changed (newest first, as the history shows them). */
function withChanges(versions: AgreementVersion[]): AgreementChange[] {
  return versions.map((version, index) => {
    const before = versions[index + 1];
    return {
      ...version,
      changed: before ? termNames.filter((name) => !sameTerm(version[name], before[name])) : [...termNames],
    };
  });
}

/** One client's account, current agreement and history; null when the id is not a client's. */
export async function getClientAgreement(actor: ActorRef, clientId: string) {
  authorize(actor, "agreement:read:any");
  const client = await findClientAccount(await getDb(), clientId);
  if (!client) return null;
  const history = withChanges(await versionsOf(client.id));
  return { client, current: history[0] ?? null, history };
}

/**
 * What an assignment to a client without an agreement says (issue 24: allowed, but said): "Acme Buyers
 * has no agreement yet, so no monthly cap was checked". Null when the client has one.
 */
export async function noAgreementNote(actor: ActorRef, clientId: string): Promise<string | null> {
  authorize(actor, "agreement:read:any");
  const client = await findClientAccount(await getDb(), clientId);
  if (!client) return null;
  const [current] = await versionsOf(client.id, 1);
  return current ? null : capMessages.noAgreement(clientDisplayName(client));
}

/** The signed-in client's own current agreement, or null before the agency has set one. */
export async function ownAgreement(actor: ActorRef): Promise<AgreementVersion | null> {
  authorize(actor, "agreement:read:own");
  const [current] = await versionsOf(actingClient(actor), 1);
  return current ?? null;
}

export interface ClientStanding extends ClientAccount {
  agreement: Pick<AgreementTerms, "leadsPerMonth" | "startsOn" | "pricePerLead" | "markets"> | null;
  assignedLeads: number;
  /** Leads delivered to them since the first of this month (UTC), returned or not. */
  deliveredThisMonth: number;
  /** Their latest delivery, null before the first. */
  lastDeliveredAt: Date | null;
  /** Their returns waiting for the agency's decision. */
  returnsWaiting: number;
}

/**
 * Every client account with its current agreement, the leads it holds, this month's deliveries, its
 * latest delivery and its returns waiting, by display name. Each figure is an index range of the
 * client's own rows (lead_deliveries_client_delivered_idx, lead_returns_client_idx).
 */
export async function listClientStandings(actor: ActorRef): Promise<ClientStanding[]> {
  authorize(actor, "agreement:read:any");
  const db = await getDb();
  const rows = await queryRows<{
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
    leads_per_month: number | null;
    starts_on: string | null;
    price_per_lead: string | null;
    markets: string[] | null;
    assigned_leads: string;
    delivered_this_month: string;
    last_delivered_at: Date | string | null;
    returns_waiting: string;
  }>(
    db,
    sql`
      select r.user_id as id, u.email, p.first_name, p.last_name, p.company_name,
             a.leads_per_month, a.starts_on::text as starts_on, a.price_per_lead, a.markets,
             coalesce(h.assigned_leads, 0) as assigned_leads,
             (select count(*) from lead_deliveries d where d.client_id = r.user_id
                and d.delivered_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')
               as delivered_this_month,
             (select max(d.delivered_at) from lead_deliveries d where d.client_id = r.user_id)
               as last_delivered_at,
             coalesce(w.returns_waiting, 0) as returns_waiting
      from user_roles r
      join "user" u on u.id = r.user_id
      left join profiles p on p.user_id = r.user_id
      -- The waiting returns counted once for all clients: per client, the planner ANDed the whole queue's
      -- index with the client's on each of 200 rows (6,600 buffers, half the list's time).
      left join (select client_id, count(*) as returns_waiting from lead_returns where state = 'requested'
                 group by client_id) w on w.client_id = r.user_id
      -- Kept per client by the deliveries' trigger (migration 0037): a few rows, not every lead; summed
      -- once for all clients (the index is by day and section, so a lookup per client read them all).
      left join (select a as client_id, sum(n) as assigned_leads from insight_counts
                 where day = '2000-01-01' and section = 'held' group by a) h on h.client_id = r.user_id
      left join lateral (
        select leads_per_month, starts_on, price_per_lead, markets from client_agreements a
        where a.client_id = r.user_id order by a.version desc limit 1
      ) a on true
      where r.role = 'client' and ${isCompanyAccount(sql`r.user_id`)}
      order by lower(coalesce(nullif(p.company_name, ''),
                              nullif(concat_ws(' ', p.first_name, p.last_name), ''), u.email)), r.user_id`,
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    agreement:
      row.leads_per_month === null || row.starts_on === null || row.price_per_lead === null
        ? null
        : {
            leadsPerMonth: row.leads_per_month,
            startsOn: row.starts_on,
            pricePerLead: Number(row.price_per_lead),
            markets: row.markets ?? [],
          },
    assignedLeads: Number(row.assigned_leads),
    deliveredThisMonth: Number(row.delivered_this_month),
    // node-postgres parses the timestamp; PGlite may hand back its text.
    lastDeliveredAt: row.last_delivered_at === null ? null : new Date(row.last_delivered_at),
    returnsWaiting: Number(row.returns_waiting),
  }));
}

export type SaveAgreementResult =
  | { ok: true; version: number; changed: boolean }
  | { ok: false; field?: never }
  | { ok: false; field: "markets"; message: string };

/**
 * Writes the agreement as a new version; the same terms again write nothing. `{ ok: false }` when the
 * id is not a client account; with `field` when a market names a county or ZIP code the ZIP table does
 * not know. Two admins saving at once are taken one after the other (the client's account row is
 * locked), so versions never collide.
 */
export async function saveAgreement(
  actor: ActorRef,
  clientId: string,
  input: AgreementInput,
): Promise<SaveAgreementResult> {
  authorize(actor, "agreement:write:any");
  if (!(await findClientAccount(await getDb(), clientId))) return { ok: false };
  const markets = await resolveMarkets(input.markets);
  if ("error" in markets) return { ok: false, field: "markets", message: markets.error };
  const written: AgreementTerms = { ...input, markets: markets.labels };
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, clientId)).for("update");
    const [latest] = await tx
      .select({ ...terms, version: clientAgreements.version })
      .from(clientAgreements)
      .where(eq(clientAgreements.clientId, clientId))
      .orderBy(desc(clientAgreements.version))
      .limit(1);
    if (latest && termNames.every((name) => sameTerm(latest[name], written[name]))) {
      return { ok: true, version: latest.version, changed: false };
    }
    const version = (latest?.version ?? 0) + 1;
    await tx.insert(clientAgreements).values({
      ...written,
      marketStates: markets.states,
      marketZips: markets.zips,
      clientId,
      version,
      createdBy: actor.id,
    });
    return { ok: true, version, changed: true };
  });
}

/** Return terms when a client has no agreement yet: the defaults a new agreement starts from. */
export const DEFAULT_RETURN_TERMS = { returnWindowDays: 7, returnCapPercent: 20 } as const;

/** The return terms in force for a client now: their current agreement's, else the defaults. */
export async function returnTermsOf(
  reader: Pick<Database, "select">,
  clientId: string,
): Promise<{ returnWindowDays: number; returnCapPercent: number }> {
  const [row] = await reader
    .select({
      returnWindowDays: clientAgreements.returnWindowDays,
      returnCapPercent: clientAgreements.returnCapPercent,
    })
    .from(clientAgreements)
    .where(eq(clientAgreements.clientId, clientId))
    .orderBy(desc(clientAgreements.version))
    .limit(1);
  return row ?? DEFAULT_RETURN_TERMS;
}

/** What an assignment checks of the client's current agreement; null when they have none. */
export async function criteriaOf(
  reader: Pick<Database, "select">,
  clientId: string,
): Promise<AgreementCriteria | null> {
  const [row] = await reader
    .select({
      markets: clientAgreements.markets,
      marketStates: clientAgreements.marketStates,
      marketZips: clientAgreements.marketZips,
      propertyTypes: clientAgreements.propertyTypes,
      maxPrice: clientAgreements.maxPrice,
    })
    .from(clientAgreements)
    .where(eq(clientAgreements.clientId, clientId))
    .orderBy(desc(clientAgreements.version))
    .limit(1);
  return row ?? null;
}
