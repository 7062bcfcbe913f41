/**
 * Reading leads for admins (spec 02 §2, §7): the list with search, filters and keyset pages, the CSV
 * export, the full lead with its people, timeline and documents, possible duplicates, a document's bytes,
 * the client and admin menus, and what a client's event stream may see. Every function takes the actor and
 * refuses anyone who may not read, even though the routes check too. Changes are in lead-commands.server.ts.
 */
import { aliasedTable, and, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { addressKeySql } from "~/db/address-key";
import { getDb } from "~/db/db.server";
import { labelOf, leadStatuses, motivationLevels, propertyTypes } from "~/db/enums";
import { leadSourceLabel } from "./sources/sources.server";
import {
  apiKeys,
  leadActivities,
  leadDeliveries,
  leadDocuments,
  leadImports,
  leads,
  profiles,
  storedFiles,
  userRoles,
} from "~/db/schema";
import { isCompanyAccount } from "~/lib/client-accounts.server";
import { isUuid } from "~/lib/data-guards";
import { authorize, type ActorRef } from "~/lib/permissions";
import { csvLines } from "~/lib/csv";
import { openStoredFile, storedFileColumns } from "~/lib/files/stored-files.server";
import { LEAD_CSV_COLUMNS } from "./import/columns";
import { personName } from "./lead-format";
import {
  cursorKeys,
  keysetPage,
  leadIdentityColumns,
  listFilters,
  orderOf,
  beyond,
  EXPORT_BATCH,
  fieldFilters,
} from "./lead-list-sql.server";
import type { LeadListQuery } from "./lead-list.schema";

const creator = aliasedTable(profiles, "creator");
const client = aliasedTable(profiles, "client");

// The non-null e-mail comes first: Drizzle turns a left-joined object into null when its first column is
// null, which would hide a client who has no first name on file.
const personColumns = (p: typeof profiles) => ({
  email: p.email,
  firstName: p.firstName,
  lastName: p.lastName,
  companyName: p.companyName,
  phone: p.phone,
});

/**
 * The filtered list as CSV, in the list's order, produced in batches of 1,000 rows read by keyset: any
 * number of leads in constant memory. Yields the header, then one chunk of lines per batch. With `only`,
 * exactly those leads (a selection: issue 25).
 */
export async function* exportLeadsCsv(
  actor: ActorRef,
  query: LeadListQuery,
  only?: readonly string[],
): AsyncGenerator<string> {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  // A selection (`only` these ids, issue 25) in the list's order, whatever its filters.
  const filters = only ? [inArray(leads.id, [...only])] : listFilters(query);
  yield csvLines([[...LEAD_CSV_COLUMNS]]);
  let keys: string[] | undefined;
  for (;;) {
    const rows = await db
      .select({
        lead: leads,
        sourceLabel: leadSourceLabel,
        clientEmail: client.email,
        cursor: cursorKeys[query.sort],
      })
      .from(leads)
      .leftJoin(client, eq(client.userId, leads.assignedToClientId))
      .where(and(...filters, keys ? beyond(query.sort, keys) : undefined))
      .orderBy(...orderOf(query.sort))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield csvLines(
      rows.map(({ lead, sourceLabel, clientEmail }) => [
        lead.firstName,
        lead.lastName,
        lead.phone,
        lead.email ?? "",
        lead.address,
        lead.city,
        lead.state,
        lead.zipCode,
        labelOf(propertyTypes, lead.propertyType),
        labelOf(motivationLevels, lead.motivationLevel),
        sourceLabel,
        labelOf(leadStatuses, lead.leadStatus),
        lead.situationNotes ?? "",
        lead.askingPrice ?? "",
        lead.estimatedValue ?? "",
        lead.estimatedRepairCost ?? "",
        clientEmail ?? "",
        lead.createdAt.toISOString(),
        lead.id,
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
    keys = rows.at(-1)!.cursor;
  }
}

/**
 * The admin list (spec 02 §7, issue 13): one keyset page (25, 50 or 100) in the chosen order, the filters
 * applied, with a total counted up to 10,000 ("10,000+" beyond). Each row also carries what the optional
 * columns show (issue 25): source, ZIP, value, last activity, how it arrived, when its client got it.
 * The API key's name and the open delivery are lookups per shown row, by primary key and unique index.
 */
export async function listLeads(actor: ActorRef, query: LeadListQuery) {
  authorize(actor, "lead:read:any");
  const page = await keysetPage(
    query.sort,
    { where: fieldFilters(query), term: query.q },
    query.cursor,
    query.size,
    (q, where, order, limit) =>
      q
        .select({
          ...leadIdentityColumns,
          motivationLevel: leads.motivationLevel,
          leadStatus: leads.leadStatus,
          createdAt: leads.createdAt,
          client: personColumns(client),
          clientId: leads.assignedToClientId,
          leadSource: leads.leadSource,
          leadSourceLabel,
          zipCode: leads.zipCode,
          estimatedValue: leads.estimatedValue,
          updatedAt: leads.updatedAt,
          importId: leads.importId,
          apiKeyId: leads.apiKeyId,
          // Scalar subqueries, not joins: the page's plan stays the one ADR 020 measured, and each runs
          // for the page's rows only (a primary key, and the open delivery's unique index).
          apiKeyName: sql<
            string | null
          >`(select ${apiKeys.name} from ${apiKeys} where ${apiKeys.id} = ${leads.apiKeyId})`,
          deliveredAt: sql<Date | null>`(select ${leadDeliveries.deliveredAt} from ${leadDeliveries}
            where ${leadDeliveries.leadId} = ${leads.id} and ${leadDeliveries.endedAt} is null)`.mapWith(
            (value: string | Date | null) => (value === null ? null : new Date(value)),
          ),
          cursor: cursorKeys[query.sort],
        })
        .from(leads)
        .leftJoin(client, eq(client.userId, leads.assignedToClientId))
        .where(where)
        .orderBy(...order)
        .limit(limit),
  );
  return {
    ...page,
    rows: page.rows.map(({ client: person, clientId, ...row }) => ({
      ...row,
      client: clientId ? person : null,
    })),
  };
}

/** One lead with everything the admin detail page shows, or null when there is none with this id. */
export async function getLead(actor: ActorRef, id: string) {
  authorize(actor, "lead:read:any");
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      lead: leads,
      leadSourceLabel,
      creator: personColumns(creator),
      client: personColumns(client),
      importFileName: leadImports.fileName,
      apiKeyName: apiKeys.name,
    })
    .from(leads)
    .leftJoin(creator, eq(creator.userId, leads.createdByUserId))
    .leftJoin(client, eq(client.userId, leads.assignedToClientId))
    .leftJoin(leadImports, eq(leadImports.id, leads.importId))
    .leftJoin(apiKeys, eq(apiKeys.id, leads.apiKeyId))
    .where(eq(leads.id, id));
  if (!row) return null;
  const [activities, documents] = await Promise.all([
    leadTimeline(id),
    db
      .select({
        id: leadDocuments.id,
        documentName: leadDocuments.documentName,
        documentType: leadDocuments.documentType,
        sizeBytes: storedFiles.sizeBytes,
        createdAt: leadDocuments.createdAt,
        uploadedBy: personColumns(profiles),
      })
      .from(leadDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, leadDocuments.fileId))
      .leftJoin(profiles, eq(profiles.userId, leadDocuments.uploadedBy))
      .where(eq(leadDocuments.leadId, id))
      .orderBy(desc(leadDocuments.createdAt)),
  ]);
  return {
    ...row.lead,
    leadSourceLabel: row.leadSourceLabel,
    creator: row.lead.createdByUserId ? row.creator : null,
    client: row.lead.assignedToClientId ? row.client : null,
    // How the lead arrived: typed in, or the import that brought it (issue 13).
    importBatch: row.lead.importId ? { id: row.lead.importId, fileName: row.importFileName ?? "" } : null,
    // Or the API key that sent it (issue 14); "" when the key is gone, null when no key sent it.
    apiKeyName: row.lead.apiKeyId ? (row.apiKeyName ?? "") : null,
    activities,
    documents: documents.map((d) => ({ ...d, uploadedBy: personName(d.uploadedBy) })),
  };
}

/** What makes two leads possibly one seller: the phone, or the normalised address and ZIP5. */
export interface DuplicateProbe {
  phone: string;
  address: string;
  zipCode: string;
}

/**
 * Leads that may be the same seller as `probe` (issue 13): the same phone (E.164), or the same address
 * once normalised (address-key.ts) in the same ZIP5. Both columns are indexed, so this costs an index
 * lookup at any table size. `exceptId` leaves out the lead itself.
 */
export async function findPossibleDuplicates(actor: ActorRef, probe: DuplicateProbe, exceptId?: string) {
  authorize(actor, "lead:read:any");
  // A part left empty (the form is still being typed in: duplicateProbeSchema) matches nothing.
  const byPhone = probe.phone ? eq(leads.phone, probe.phone) : undefined;
  const byAddress =
    probe.address && probe.zipCode
      ? eq(leads.addressKey, addressKeySql(sql`${probe.address}::text`, sql`${probe.zipCode}::text`))
      : undefined;
  if (!byPhone && !byAddress) return [];
  const db = await getDb();
  return db
    .select({
      ...leadIdentityColumns,
      zipCode: leads.zipCode,
      createdAt: leads.createdAt,
      samePhone: sql<boolean>`${leads.phone} = ${probe.phone}`,
    })
    .from(leads)
    .where(and(or(byPhone, byAddress), exceptId && isUuid(exceptId) ? ne(leads.id, exceptId) : undefined))
    .orderBy(desc(leads.createdAt))
    .limit(10);
}

export type PossibleDuplicate = Awaited<ReturnType<typeof findPossibleDuplicates>>[number];

/**
 * Whether a feedback entry is the company's: given by one of its people, whoever they were (the entry
 * names the company since issue 26, so a member removed later leaves their feedback behind); older
 * entries were given by the company's own account.
 */
const feedbackOf = (
  row: { performedById: string | null; metadata: Record<string, unknown> | null },
  client: string,
) => (row.metadata?.clientId === undefined ? row.performedById === client : row.metadata.clientId === client);

/**
 * A lead's activities, newest first, with who performed each (the member of a client company by name).
 * `forClient` gives the client company's view: its own feedback and returns only, and no assignment
 * history (which would name other clients).
 */
export async function leadTimeline(leadId: string, options: { forClient?: string } = {}) {
  const db = await getDb();
  const rows = await db
    .select({
      id: leadActivities.id,
      activityType: leadActivities.activityType,
      description: leadActivities.description,
      metadata: leadActivities.metadata,
      createdAt: leadActivities.createdAt,
      performedById: leadActivities.performedBy,
      performedBy: personColumns(profiles),
    })
    .from(leadActivities)
    .leftJoin(profiles, eq(profiles.userId, leadActivities.performedBy))
    .where(eq(leadActivities.leadId, leadId))
    .orderBy(desc(leadActivities.createdAt), desc(leadActivities.id));
  const client = options.forClient;
  return rows
    .filter(
      (row) =>
        client === undefined ||
        (row.activityType !== "lead_assigned" &&
          (row.activityType !== "client_feedback_submitted" || feedbackOf(row, client)) &&
          // A return or a claim belongs to the company that made it, not to whoever holds the lead later.
          ((!row.activityType.startsWith("return_") && row.activityType !== "lead_claimed") ||
            row.metadata?.clientId === client)),
    )
    .map(({ performedById: _performedById, ...row }) => ({
      ...row,
      performedBy: personName(row.performedBy) || "System",
    }));
}

/** A person as the menus and filters offer them: the id and the name shown. */
export interface ClientOption {
  id: string;
  name: string;
}

/** First and last name, else the e-mail (personName's rule, in SQL). */
const personNameSql = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), ${profiles.email})`;

/**
 * The accounts holding `role` as menu choices, by the name shown: the id and that name only, since a
 * list page carries all of them (two hundred clients and more) in its data.
 */
async function accountChoices(actor: ActorRef, role: "admin" | "client", name: SQL<string>) {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  return (
    db
      .select({ id: userRoles.userId, name })
      .from(userRoles)
      .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
      // A client company's members hold the client role too; only the companies are clients to choose.
      .where(
        and(eq(userRoles.role, role), role === "client" ? isCompanyAccount(userRoles.userId) : undefined),
      )
      .orderBy(name, userRoles.userId)
  );
}

/** Every client company (its own account), by the name clientDisplayName gives it. */
export const listClients = (actor: ActorRef): Promise<ClientOption[]> =>
  accountChoices(
    actor,
    "client",
    sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${personNameSql})`,
  );

/** The admins, who create leads by hand: the list's "Created by" choices, by name. */
export const listAdmins = (actor: ActorRef): Promise<ClientOption[]> =>
  accountChoices(actor, "admin", personNameSql);

/**
 * What a client's event stream sends for a lead notification: only the lead's id, and only when the lead
 * is (or was, before this change) theirs. The notification names every client concerned, the old and the
 * new assignee; no other client's id may reach this client.
 */
export function clientLeadEvent(payload: string, clientId: string): string | null {
  let parsed: { leadId?: unknown; clients?: unknown };
  try {
    parsed = JSON.parse(payload) as typeof parsed;
  } catch {
    return null;
  }
  const { leadId, clients } = parsed;
  // A bulk change names no lead (leadId null): the client's list reloads as a whole.
  if (!(typeof leadId === "string" || leadId === null)) return null;
  if (!Array.isArray(clients) || !clients.includes(clientId)) return null;
  return JSON.stringify({ leadId });
}

/** A document's bytes for the admin download route, or null when lead and document do not match. */
export async function documentFile(actor: ActorRef, leadId: string, documentId: string) {
  authorize(actor, "lead:read:any");
  if (!isUuid(leadId) || !isUuid(documentId)) return null;
  const db = await getDb();
  const [row] = await db
    .select(storedFileColumns)
    .from(leadDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, leadDocuments.fileId))
    .where(and(eq(leadDocuments.id, documentId), eq(leadDocuments.leadId, leadId)));
  return row ? openStoredFile(row) : null;
}
