/**
 * What the import makes of a run of rows (issue 13): each row becomes a lead through the column mapping
 * and the new-lead schema (so a rejected row carries the form's own message), finds its client by
 * e-mail when the file names one, and is checked for possible duplicates against the stored leads and
 * the rows before it in the same run. Used by the mapping page's preview and by the import job alike.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { addressKey } from "~/db/address-key";
import type { Database, Transaction } from "~/db/client.server";
import { queryRows } from "~/db/client.server";
import { profiles, userRoles, type ImportSettings } from "~/db/schema";
import { isCompanyAccount } from "~/lib/client-accounts.server";
import { leadSchema, type LeadInput } from "../leads.schema";
import type { LeadStatus } from "~/db/enums";
import { rowToLead, type ColumnMapping, type ValueMapping, type ValuesInFile } from "./columns";
import { EXCLUDED_REASON } from "./import.schema";
import { valueKey } from "./value-synonyms";
import type { CsvRecord } from "./csv-source.server";
import { openSourceOptions } from "../sources/sources.server";

/** A lead of the file: the form's fields, and its status when the file gives one. */
export type ImportLead = LeadInput & { leadStatus?: LeadStatus; valuesInFile?: ValuesInFile };

export type AssessedRow = CsvRecord &
  (
    | { kind: "lead"; lead: ImportLead; duplicateOf: DuplicateRef | null }
    | {
        kind: "rejected";
        reason: string;
        /** The reason's parts, each with what groups it with the same problem of other rows. */
        problems: RowProblem[];
        duplicateOf: DuplicateRef | null;
      }
  );

/** One problem of a row; `group` is alike for the same problem in other rows ("Cold Calling", "cold calling"). */
export interface RowProblem {
  group: string;
  message: string;
}

/** An existing lead (by id) or an earlier row of the same file (by row number). */
export type DuplicateRef = { leadId: string; samePhone: boolean } | { row: number; samePhone: boolean };

export const duplicateReason = (ref: DuplicateRef) => {
  const what = ref.samePhone ? "same phone" : "same address";
  return "leadId" in ref
    ? `Possible duplicate of lead /admin/leads/${ref.leadId} (${what})`
    : `Possible duplicate of row ${ref.row} of this file (${what})`;
};

type Reader = Database | Transaction;

/** Client accounts by lower-cased e-mail, for the rows that name a client. */
async function clientsByEmail(db: Reader, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.userId, email: sql<string>`lower(${profiles.email})` })
    .from(profiles)
    .innerJoin(userRoles, and(eq(userRoles.userId, profiles.userId), eq(userRoles.role, "client")))
    // A member's address names a person, not a company: only a company's own account takes leads.
    .where(and(inArray(sql`lower(${profiles.email})`, emails), isCompanyAccount(profiles.userId)));
  return new Map(rows.map((r) => [r.email, r.id]));
}

interface Probe {
  i: number;
  phone: string;
  address: string;
  zipCode: string;
}

/**
 * For each probe: its address key (the database's rule, computed here) and the oldest stored lead sharing
 * its phone or key, if any. One statement for the whole run; each lookup is an index scan.
 */
async function storedMatches(db: Reader, probes: Probe[]) {
  const keyed = probes.map((p) => ({ i: p.i, phone: p.phone, key: addressKey(p.address, p.zipCode) }));
  const found = new Map<number, { key: string; leadId: string | null; samePhone: boolean }>(
    keyed.map((p) => [p.i, { key: p.key, leadId: null, samePhone: false }]),
  );
  if (probes.length === 0) return found;
  // One JSON parameter for the whole run: binding thousands of parameters costs more than the lookups.
  const rows = await queryRows<{ i: number; lead_id: string; same_phone: boolean }>(
    db,
    sql`select v.i, m.id as lead_id, m.same_phone
        from jsonb_to_recordset(${JSON.stringify(keyed)}::jsonb) as v(i int, phone text, key text)
        join lateral (
          select c.id, c.same_phone from (
            (select l.id, l.created_at, true as same_phone from leads l
             where l.phone = v.phone order by l.created_at limit 1)
            union all
            (select l.id, l.created_at, false from leads l
             where l.address_key = v.key order by l.created_at limit 1)
          ) c order by c.same_phone desc, c.created_at limit 1
        ) m on true`,
  );
  for (const r of rows) {
    found.get(Number(r.i))!.leadId = r.lead_id;
    found.get(Number(r.i))!.samePhone = Boolean(r.same_phone);
  }
  return found;
}

const uniqueMessages = (issues: readonly { message: string }[]) => [...new Set(issues.map((i) => i.message))];

/** The kept rows' phones and address keys seen so far (by row number), when a check spans many runs. */
export interface SeenRows {
  phones: Map<string, number>;
  keys: Map<string, number>;
}

export async function assessRows(
  db: Reader,
  settings: ImportSettings,
  records: readonly CsvRecord[],
  // Rows earlier in this run that were kept: a later row with the same phone or address is their double.
  seen: SeenRows = { phones: new Map(), keys: new Map() },
): Promise<AssessedRow[]> {
  const mapping = settings.mapping as ColumnMapping;
  const values = settings.values as ValueMapping | undefined;
  const fixes = settings.fixes ?? {};
  const excluded = new Set<number>();
  // A row fixed in the browser is judged (and kept in the rejected rows) as fixed.
  const fixed = records.map((record) => {
    const fix = fixes[record.row];
    if (fix === null) excluded.add(record.row);
    return fix ? { row: record.row, cells: fix } : record;
  });
  // The agency's sources as they are now (a batch's worth of rows per read: a few microseconds a row).
  const sources = await openSourceOptions(db);
  const mapped = fixed.map((record) => ({
    record,
    ...rowToLead(record.cells, mapping, settings.defaults, values, sources),
  }));
  const clients = settings.assignToClientId
    ? new Map<string, string>()
    : await clientsByEmail(db, [...new Set(mapped.map((m) => m.clientEmail.toLowerCase()).filter(Boolean))]);

  const parsed = mapped.map((row) => {
    const { record, fields, clientEmail, leadStatus, valueProblems, valuesInFile, zipProblem } = row;
    if (excluded.has(record.row)) {
      return { record, problems: [{ group: EXCLUDED_REASON, message: EXCLUDED_REASON }] };
    }
    const result = leadSchema.safeParse({ ...fields, assignedToClientId: "" });
    const problems: RowProblem[] = [
      ...valueProblems.map((p) => ({
        group: `${p.field}:${valueKey(p.value)}`,
        message: p.message,
      })),
      ...(zipProblem ? [{ group: zipProblem, message: zipProblem }] : []),
      ...(result.success
        ? []
        : uniqueMessages(
            // A short ZIP code said what is wrong with it in its own words above.
            result.error.issues.filter((issue) => !(zipProblem && issue.path[0] === "zipCode")),
          ).map((message) => ({ group: message, message }))),
    ];
    if (!result.success || problems.length) return { record, problems };
    const clientId =
      settings.assignToClientId ?? (clientEmail ? clients.get(clientEmail.toLowerCase()) : null);
    if (clientId === undefined) {
      const message = `No client account has the e-mail ${clientEmail}`;
      return { record, problems: [{ group: message, message }] };
    }
    const lead: ImportLead = { ...result.data, assignedToClientId: clientId ?? null };
    if (leadStatus) lead.leadStatus = leadStatus as LeadStatus;
    if (Object.keys(valuesInFile).length > 0) lead.valuesInFile = valuesInFile;
    return { record, lead };
  });

  const matches = await storedMatches(
    db,
    parsed.flatMap((p, i) =>
      p.lead ? [{ i, phone: p.lead.phone, address: p.lead.address, zipCode: p.lead.zipCode }] : [],
    ),
  );
  const { phones: seenPhones, keys: seenKeys } = seen;
  return parsed.map((p, i): AssessedRow => {
    const { record } = p;
    if (!p.lead) {
      const problems = p.problems!;
      const reason = problems.map((x) => x.message).join("; ");
      return { ...record, kind: "rejected", reason, problems, duplicateOf: null };
    }
    const match = matches.get(i)!;
    const earlier = seenPhones.get(p.lead.phone) ?? seenKeys.get(match.key);
    const duplicateOf: DuplicateRef | null = match.leadId
      ? { leadId: match.leadId, samePhone: match.samePhone }
      : earlier !== undefined
        ? { row: earlier, samePhone: seenPhones.has(p.lead.phone) }
        : null;
    if (duplicateOf && settings.duplicates === "skip") {
      return { ...record, kind: "rejected", reason: duplicateReason(duplicateOf), problems: [], duplicateOf };
    }
    if (!seenPhones.has(p.lead.phone)) seenPhones.set(p.lead.phone, record.row);
    if (!seenKeys.has(match.key)) seenKeys.set(match.key, record.row);
    return { ...record, kind: "lead", lead: p.lead, duplicateOf };
  });
}
