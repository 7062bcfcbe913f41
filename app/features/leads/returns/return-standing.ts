/**
 * Whether a client may return a lead, as the server works it out and the lead page shows it (browser
 * safe: no database here). The rules themselves are in returns.server.ts.
 */
import type { ReturnReason, ReturnState } from "~/db/enums";
import { formatCount, formatListDate, formatMonth } from "../lead-format";

/** The UTC calendar month around `at`: [start, end). */
export function monthOf(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * How many of a month's `delivered` leads a cap of `percent` lets a client return: whole leads, rounded
 * down, but at least one once a lead has arrived (ADR 035), so the first bad lead of a month can always go
 * back; a cap of 0% allows none.
 */
export const returnAllowance = (delivered: number, percent: number) =>
  delivered > 0 && percent > 0
    ? Math.max(1, Math.floor((delivered * percent) / 100))
    : Math.floor((delivered * percent) / 100);

/** A return as the client's lead page and the queue show it. */
export interface ReturnView {
  id: string;
  reason: ReturnReason;
  note: string | null;
  state: ReturnState;
  requestedAt: Date;
  decidedAt: Date | null;
  decisionNote: string | null;
}

/** Whether the client may return a lead now, and if not, why (in words for the button's place). */
export type ReturnStanding =
  | { kind: "available"; closesAt: Date; left: number }
  | { kind: "made"; request: ReturnView }
  | { kind: "window_closed"; closedAt: Date; days: number }
  | { kind: "over_cap"; used: number; allowed: number; delivered: number; percent: number; month: Date }
  | { kind: "not_held" };

const ASK_US = "If this lead is not what we promised, tell your account manager.";

/** Why a return is not available, in a sentence or two; null when it is. */
export function unavailableText(standing: ReturnStanding): string | null {
  switch (standing.kind) {
    case "window_closed":
      return `Returns for this lead closed on ${formatListDate(standing.closedAt)}: your agreement allows ${standing.days} ${standing.days === 1 ? "day" : "days"} after delivery.`;
    case "over_cap": {
      const month = formatMonth(standing.month);
      // The agreement's limit, said as such: the client did nothing wrong by asking.
      if (standing.percent === 0) {
        return `Your agreement does not include returns. ${ASK_US}`;
      }
      const returns = standing.allowed === 1 ? "return" : "returns";
      const leadsText = standing.delivered === 1 ? "lead" : "leads";
      const asked = standing.used === 1 ? "has" : "have";
      return `Your agreement allows ${formatCount(standing.allowed)} ${returns} for the ${formatCount(standing.delivered)} ${leadsText} delivered in ${month} (${standing.percent}%, and always at least one), and ${formatCount(standing.used)} ${asked} been asked for. ${ASK_US}`;
    }
    case "not_held":
      return "This lead is no longer assigned to you, so it cannot be returned.";
    default:
      return null;
  }
}
