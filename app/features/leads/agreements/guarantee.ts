/**
 * The guarantee's arithmetic (issue 15), pure so it can be checked to the unit: a month's ledger from
 * its counts, and the two milestones of an agreement's start ("leads start within 7 days", "the first 50
 * qualified leads within 30 days"). Months are UTC calendar months. Browser safe.
 *
 * Conventions (ADR 024): an approved return takes its lead out of the month it was delivered in and owes
 * a replacement; replacements are settled by the deliveries beyond the month's promise.
 */
import { formatCount } from "../lead-format";

export interface MonthCounts {
  /** First day of the month, YYYY-MM-DD. */
  month: string;
  promised: number;
  delivered: number;
  /** Approved returns of leads delivered in this month. */
  returned: number;
}

export interface LedgerMonth extends MonthCounts {
  replacementsOwed: number;
  replacementsDelivered: number;
  /** Delivered less returned. */
  netDelivered: number;
  /** How far the month falls short of its promise once returns are taken out (0 when it does not). */
  short: number;
  /**
   * How far net deliveries went beyond the promise (0 when they did not): leads the client did not buy.
   * Replacements do not count, since a returned lead leaves the net.
   */
  over: number;
}

export function ledgerMonth(counts: MonthCounts): LedgerMonth {
  const netDelivered = counts.delivered - counts.returned;
  const beyondPromise = Math.max(0, counts.delivered - counts.promised);
  return {
    ...counts,
    replacementsOwed: counts.returned,
    replacementsDelivered: Math.min(counts.returned, beyondPromise),
    netDelivered,
    short: Math.max(0, counts.promised - netDelivered),
    over: Math.max(0, netDelivered - counts.promised),
  };
}

export const FIRST_LEAD_DAYS = 7;
export const FIRST_QUALIFIED_DAYS = 30;
export const FIRST_QUALIFIED_COUNT = 50;

export type MilestoneState = "on_track" | "at_risk" | "met" | "missed" | "not_started";

export const milestoneLabels: Record<MilestoneState, string> = {
  not_started: "Not started",
  on_track: "On track",
  at_risk: "At risk",
  met: "Met",
  missed: "Missed",
};

export interface Milestone {
  name: string;
  state: MilestoneState;
  /** When it is due. */
  dueAt: Date;
  /** Where it stands: leads so far (of `target`). */
  count: number;
  target: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start date's first moment (UTC). */
export const startOf = (startsOn: string) => new Date(`${startsOn}T00:00:00Z`);

/**
 * A milestone's state: met once the target is reached by the deadline, missed when the deadline passed
 * without it, and until then on track while the count keeps pace with a straight line from the start to
 * the target at the deadline (at risk when it falls behind, or in the last fifth of the time with
 * nothing delivered yet).
 */
function milestoneState(
  start: Date,
  days: number,
  target: number,
  count: number,
  reachedAt: Date | null,
  now: Date,
): MilestoneState {
  const due = new Date(start.getTime() + days * DAY_MS);
  if (reachedAt && reachedAt.getTime() <= due.getTime()) return "met";
  if (now.getTime() > due.getTime()) return "missed";
  if (now.getTime() < start.getTime()) return "not_started";
  const elapsed = (now.getTime() - start.getTime()) / (days * DAY_MS);
  if (target === 1) return elapsed >= 0.8 ? "at_risk" : "on_track";
  return count >= Math.floor(target * elapsed) ? "on_track" : "at_risk";
}

/**
 * What the milestones need to know of a client's deliveries since the agreement's start, as the database
 * counts them (ledger.server.ts): no list of times to parse on every page that ranks 200 clients.
 */
export interface StartDeliveries {
  /** The first delivery on or after the start, returned or not. */
  first: Date | null;
  /** The qualified deliveries (not returned) from the start to the 30-day deadline, counted up to 50. */
  qualified: number;
  /** When the FIRST_QUALIFIED_COUNT-th of them was delivered; null while there are fewer. */
  fiftiethAt: Date | null;
}

/** The two milestones of an agreement's start. */
export function milestones(startsOn: string, deliveries: StartDeliveries, now: Date): [Milestone, Milestone] {
  const start = startOf(startsOn);
  const firstDue = new Date(start.getTime() + FIRST_LEAD_DAYS * DAY_MS);
  const qualifiedDue = new Date(start.getTime() + FIRST_QUALIFIED_DAYS * DAY_MS);
  const first = deliveries.first && deliveries.first.getTime() >= start.getTime() ? deliveries.first : null;
  const count = Math.min(deliveries.qualified, FIRST_QUALIFIED_COUNT);
  const fiftieth = count === FIRST_QUALIFIED_COUNT ? deliveries.fiftiethAt : null;
  return [
    {
      name: `First lead within ${FIRST_LEAD_DAYS} days`,
      state: milestoneState(start, FIRST_LEAD_DAYS, 1, first ? 1 : 0, first, now),
      dueAt: firstDue,
      count: first ? 1 : 0,
      target: 1,
    },
    {
      name: `First ${FIRST_QUALIFIED_COUNT} qualified leads within ${FIRST_QUALIFIED_DAYS} days`,
      state: milestoneState(start, FIRST_QUALIFIED_DAYS, FIRST_QUALIFIED_COUNT, count, fiftieth, now),
      dueAt: qualifiedDue,
      count,
      target: FIRST_QUALIFIED_COUNT,
    },
  ];
}

/**
 * How urgent a client is for the account manager: a milestone missed first, then one at risk, then a
 * month behind its pace, then a month over its promise (leads given away, or billed beyond the
 * agreement), then the rest.
 */
export function riskRank(
  states: readonly MilestoneState[],
  behindPace: boolean,
  overPromise = false,
): number {
  if (states.includes("missed")) return 0;
  if (states.includes("at_risk")) return 1;
  if (behindPace) return 2;
  return overPromise ? 3 : 4;
}

/** What each rank of riskRank says on /admin/clients. */
export const riskTexts = [
  "A milestone missed",
  "A milestone at risk",
  "Behind this month's pace",
  "Over this month's promise",
  "On track",
] as const;

/** The flag of a month delivered beyond its promise ("Over by 364 this month"), null when it is not. */
export const overText = (month: Pick<LedgerMonth, "over">) =>
  month.over > 0 ? `Over by ${formatCount(month.over)} this month` : null;
