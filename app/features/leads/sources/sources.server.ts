/**
 * The agency's lead sources (ADR 057): listed for forms, filters and labels, and changed by admins. A
 * key never changes; a rename changes the label, a retired source is kept by its leads but not offered
 * for new ones, and a merge moves every lead (the delivery facts and insight counts follow by trigger)
 * and the routing switch before the merged source goes.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { importValueChoices, leads, routingSources, sources } from "~/db/schema";
import { authorize, type ActorRef } from "~/lib/permissions";
import { sourceKeyOf, sourceMessages, SOURCE_KEY, type SourceOption } from "./sources";

/** A refusal of the sources page, said under the field it concerns. */
export class SourceError extends Error {
  constructor(
    readonly field: "label" | "key" | "into",
    message: string,
  ) {
    super(message);
    this.name = "SourceError";
  }
}

/** A lead named a source that is not one to give a new lead (unknown, or retired and not already its own). */
export class UnknownSourceError extends Error {
  constructor(readonly sent: string) {
    super(`Unknown lead source ${JSON.stringify(sent).slice(0, 80)}`);
    this.name = "UnknownSourceError";
  }
}

/**
 * A lead's source label as a column: a scalar subquery by primary key, run for the rows read only, so a
 * list's plan stays its own (as the admin list's other lookups, ADR 020).
 */
export const leadSourceLabel = sql<string>`(select ${sources.label} from ${sources} where ${sources.key} = ${leads.leadSource})`;

/** Every source in the agency's order, retired ones included (their leads still name them). */
export async function listSourceOptions(q?: Queryable): Promise<SourceOption[]> {
  const db = q ?? (await getDb());
  const rows = await db
    .select({ value: sources.key, label: sources.label, retiredAt: sources.retiredAt })
    .from(sources)
    .orderBy(asc(sources.position), asc(sources.key));
  return rows.map((r) => ({ value: r.value, label: r.label, retired: r.retiredAt !== null }));
}

/**
 * What a lead's source select offers: the open sources, and the lead's own when it was retired since
 * (an edit keeps it), named as such.
 */
export async function sourceChoices(kept?: string): Promise<{ value: string; label: string }[]> {
  return choicesOf(await listSourceOptions(), kept);
}

/** `sourceChoices` of a list already read. */
export const choicesOf = (all: readonly SourceOption[], kept?: string) =>
  all
    .filter((s) => !s.retired || s.value === kept)
    .map((s) => ({ value: s.value, label: s.retired ? `${s.label} (retired)` : s.label }));

/** The sources a new lead may be given, in the agency's order. */
export async function openSourceOptions(q?: Queryable): Promise<{ value: string; label: string }[]> {
  const db = q ?? (await getDb());
  return db
    .select({ value: sources.key, label: sources.label })
    .from(sources)
    .where(isNull(sources.retiredAt))
    .orderBy(asc(sources.position), asc(sources.key));
}

/** The keys a new lead may name. */
export async function openSourceKeys(q?: Queryable): Promise<string[]> {
  return (await openSourceOptions(q)).map((s) => s.value);
}

/**
 * Refuses a source a lead may not be given: one that is not open, unless it is the one the lead already
 * has (`kept`: an edit of a lead whose source was retired keeps it).
 */
export async function assertOpenSource(q: Queryable, key: string, kept?: string | null) {
  if (key === kept) return;
  const [row] = await q
    .select({ key: sources.key })
    .from(sources)
    .where(and(eq(sources.key, key), isNull(sources.retiredAt)));
  if (!row) throw new UnknownSourceError(key);
}

/** The sources page: each source with how many leads name it. */
export async function sourcesOverview(actor: ActorRef) {
  authorize(actor, "lead:read:any");
  const db = await getDb();
  const counts = await db
    .select({ key: leads.leadSource, n: sql<number>`count(*)::int` })
    .from(leads)
    .groupBy(leads.leadSource);
  const byKey = new Map(counts.map((c) => [c.key, Number(c.n)]));
  const rows = await db.select().from(sources).orderBy(asc(sources.position), asc(sources.key));
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    builtIn: r.builtIn,
    retired: r.retiredAt !== null,
    leads: byKey.get(r.key) ?? 0,
  }));
}

async function lockSource(q: Queryable, key: string) {
  if (!SOURCE_KEY.test(key)) return null;
  const [row] = await q.select().from(sources).where(eq(sources.key, key)).for("update");
  return row ?? null;
}

/** The source named `label` in any case (names are unique that way), or null. */
async function sourceWithLabel(q: Queryable, label: string) {
  const [row] = await q
    .select({ key: sources.key, retiredAt: sources.retiredAt })
    .from(sources)
    .where(sql`lower(${sources.label}) = lower(${label})`);
  return row ?? null;
}

async function assertLabelFree(q: Queryable, label: string, except?: string) {
  const taken = await sourceWithLabel(q, label);
  if (taken && taken.key !== except) throw new SourceError("label", sourceMessages.labelTaken(label));
}

/** Adds a source at the end of the list; its key comes from the label (made unique). */
export async function addSource(actor: ActorRef, label: string): Promise<{ key: string; label: string }> {
  authorize(actor, "lead:write:any");
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One adder at a time: the key and position are chosen from what is there.
    await tx.execute(sql`lock table ${sources} in share row exclusive mode`);
    await assertLabelFree(tx, label);
    const existing = new Set((await tx.select({ key: sources.key }).from(sources)).map((r) => r.key));
    const base = sourceKeyOf(label);
    let key = base;
    for (let n = 2; existing.has(key); n++) key = `${base}_${n}`;
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${sources.position}), 0)::int` })
      .from(sources);
    await tx.insert(sources).values({ key, label, position: Number(last?.max ?? 0) + 1 });
    return { key, label };
  });
}

/**
 * The open source named `label` (any case), added when there is none: what an import's "add it as a new
 * source" gives its rows. Null when a retired source holds the name (it is not to be given again unasked).
 */
export async function sourceNamed(actor: ActorRef, label: string): Promise<string | null> {
  authorize(actor, "lead:write:any");
  const named = await sourceWithLabel(await getDb(), label);
  if (named) return named.retiredAt ? null : named.key;
  try {
    return (await addSource(actor, label)).key;
  } catch (error) {
    // Added by someone else in the meantime: theirs is the one.
    if (error instanceof SourceError) return sourceNamed(actor, label);
    throw error;
  }
}

/** Renames a source: the key, and so every lead, filter and export naming it, stays. */
export async function renameSource(actor: ActorRef, key: string, label: string) {
  authorize(actor, "lead:write:any");
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await lockSource(tx, key))) throw new SourceError("key", sourceMessages.unknown);
    await assertLabelFree(tx, label, key);
    await tx.update(sources).set({ label }).where(eq(sources.key, key));
    return { key, label };
  });
}

/** Retires a source (or offers it again): its leads keep it; new leads cannot be given it. */
export async function setSourceRetired(actor: ActorRef, key: string, retired: boolean) {
  authorize(actor, "lead:write:any");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockSource(tx, key);
    if (!row) throw new SourceError("key", sourceMessages.unknown);
    await tx
      .update(sources)
      .set({ retiredAt: retired ? (row.retiredAt ?? new Date()) : null })
      .where(eq(sources.key, key));
    return { key, label: row.label };
  });
}

/**
 * Merges `key` into `into`: every lead and past delivery of `key` names `into` (the triggers move the
 * insight counts), its routing switch goes, then the source itself. A built-in source is never deleted,
 * so it cannot be merged away (retire it instead).
 */
export async function mergeSource(actor: ActorRef, key: string, into: string) {
  authorize(actor, "lead:write:any");
  if (key === into) throw new SourceError("into", sourceMessages.mergeSame);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Both rows locked in key order, so two merges of the same pair cannot deadlock.
    const [first, second] = [key, into].sort();
    const a = await lockSource(tx, first!);
    const b = await lockSource(tx, second!);
    const from = a?.key === key ? a : b;
    const target = a?.key === into ? a : b;
    if (!from) throw new SourceError("key", sourceMessages.unknown);
    if (!target) throw new SourceError("into", sourceMessages.mergeInto);
    if (target.retiredAt) throw new SourceError("into", sourceMessages.mergeRetired);
    if (from.builtIn) throw new SourceError("key", sourceMessages.builtInMerge);
    const [moved] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.leadSource, key));
    // The leads' trigger copies the new source to every delivery of theirs, past ones included, and
    // each delivery's change moves its insight counts (ADR 030).
    await tx.update(leads).set({ leadSource: into }).where(eq(leads.leadSource, key));
    await tx.delete(routingSources).where(eq(routingSources.leadSource, key));
    // The import's remembered choices (ADR 056) that named it now name the source it became.
    await tx
      .update(importValueChoices)
      .set({ target: into })
      .where(and(eq(importValueChoices.field, "leadSource"), eq(importValueChoices.target, key)));
    await tx.delete(sources).where(eq(sources.key, key));
    return { from: from.label, into: target.label, leads: Number(moved?.n ?? 0) };
  });
}
