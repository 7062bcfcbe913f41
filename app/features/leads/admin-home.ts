/**
 * The admin home's "things to do" (issue 25) as the page receives them: the loader's shape and the
 * threshold the page names, shared by admin-home.server.ts and the page.
 */
import type { CappedTotal } from "~/lib/paging";

/** A delivered lead with no word from its client after this long waits on the account manager. */
export const UNTOUCHED_HOURS = 48;

export interface AdminHome {
  unassigned: CappedTotal;
  unassignedToday: CappedTotal;
  /** Unassigned leads routing held for a person to decide (ADR 046). */
  routingHeld: CappedTotal;
  arrivedToday: CappedTotal;
  /** The UTC day "today" means, for the list's filter links. */
  today: string;
  returnsWaiting: number;
  /** Hours since the oldest waiting return was asked for. */
  oldestReturnHours: number | null;
  clientsBehind: number;
  clientsOver: number;
  importsRunning: number;
  importsFailed: number;
  webhooksFailing: number;
  untouched: number;
  /** The clients with the most untouched leads, most first. */
  untouchedBy: { clientId: string; client: string; count: number }[];
}
