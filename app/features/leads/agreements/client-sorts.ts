/**
 * The orders of /admin/clients (issue 25): the most urgent first (the page's own order), by name either
 * way, or by a figure, the largest (or latest) first. The list is every client account (tens, at most
 * hundreds), read whole, so it is sorted where it is read. Browser safe.
 */
import type { ClientStanding } from "./agreements.server";
import type { GuaranteeStanding } from "./ledger.server";
import { riskTexts } from "./guarantee";
import { clientDisplayName } from "../lead-format";

export const clientSorts = [
  { value: "standing", label: "Most urgent first" },
  { value: "name", label: "By name, A to Z" },
  { value: "name_desc", label: "By name, Z to A" },
  { value: "delivered", label: "Most delivered this month first" },
  { value: "returns", label: "Most returns waiting first" },
  { value: "last", label: "Latest delivery first" },
  { value: "held", label: "Most leads held first" },
] as const;
export type ClientSort = (typeof clientSorts)[number]["value"];

/** The order a URL asks for (`?sort=`), the most urgent first when it names none we know. */
export const parseClientSort = (raw: string | null): ClientSort =>
  clientSorts.find((s) => s.value === raw)?.value ?? "standing";

export type ClientRow = ClientStanding & { guarantee: GuaranteeStanding | null };

/** Made once: `localeCompare` with a locale builds a collator per call, a few thousand per sort. */
const names = new Intl.Collator("en", { sensitivity: "base" });
const byName = (a: ClientRow, b: ClientRow) => names.compare(clientDisplayName(a), clientDisplayName(b));

/** Each order as a comparison; ties keep the name order the rows come in (a stable sort). */
const comparisons: Record<ClientSort, (a: ClientRow, b: ClientRow) => number> = {
  // Whom to serve first: a milestone missed, then at risk, behind the month's pace, over it; clients
  // without an agreement last.
  standing: (a, b) => (a.guarantee?.risk ?? riskTexts.length) - (b.guarantee?.risk ?? riskTexts.length),
  name: byName,
  name_desc: (a, b) => byName(b, a),
  delivered: (a, b) => b.deliveredThisMonth - a.deliveredThisMonth,
  returns: (a, b) => b.returnsWaiting - a.returnsWaiting,
  last: (a, b) => (b.lastDeliveredAt?.getTime() ?? 0) - (a.lastDeliveredAt?.getTime() ?? 0),
  held: (a, b) => b.assignedLeads - a.assignedLeads,
};

/** The rows (already by name) in the order `sort`. */
export const sortClients = (rows: readonly ClientRow[], sort: ClientSort): ClientRow[] =>
  [...rows].sort(comparisons[sort]);
