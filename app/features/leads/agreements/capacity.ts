/**
 * The one capacity rule (ADR 046): how many more leads a client can take now, from what is left of the
 * month's promise and, when the agreement sets a daily pace, of today's. Routing, single and bulk
 * assignment, the API and the import all ask it here; the question an assignment asks when leads do not
 * fit, and its words, are built from the same figures.
 */
import type { Toast } from "~/lib/toast-message";
import { formatCount } from "../lead-format";

/** What a client has had this month and today, and what its agreement allows. */
export interface Capacity {
  /** This month's promise (prorated in a first month). */
  promised: number;
  delivered: number;
  returned: number;
  /** What is left of the month's promise once returns are taken out (0 when none is). */
  short: number;
  /** Leads delivered today (UTC days, as the months). */
  today: number;
  /** The agreement's most leads a day; null: no daily limit. */
  dailyPace: number | null;
}

/** What limits a client now: the month's promise or the day's pace. */
export type RoomLimit = "month" | "day";

/** How many more leads the client can take now, and which limit that is. */
export function roomOf(capacity: Pick<Capacity, "short" | "today" | "dailyPace">): {
  room: number;
  limit: RoomLimit;
} {
  const month = Math.max(0, capacity.short);
  const day = capacity.dailyPace === null ? Infinity : Math.max(0, capacity.dailyPace - capacity.today);
  return day < month ? { room: day, limit: "day" } : { room: month, limit: "month" };
}

/**
 * Why an assignment stopped to ask: the client's room as this rule counts it, the leads outside the
 * agreement's markets and buy box (ADR 042), and the leads asked for.
 */
export interface OverCap {
  clientId: string;
  /** The client's display name. */
  client: string;
  /** Leads the assignment would deliver (those already with the client are not counted). */
  asked: number;
  /** How many of them fit: inside the agreement, and within the room there is now. */
  fit: number;
  /** How many pass the room (0: room is not what is off). */
  over: number;
  /** Which limit `over` passes. */
  limit: RoomLimit;
  promised: number;
  delivered: number;
  returned: number;
  today: number;
  dailyPace: number | null;
  /** What is outside the agreement, one sentence each: "12 leads outside Harris County, TX". */
  outside: string[];
}

/**
 * What to ask before delivering `asked` leads of which `inside` fit the agreement: null when every one
 * fits and there is room for them all. Without an agreement (`capacity` null) nothing is asked.
 */
export function assignmentQuestion(
  client: { id: string; name: string },
  asked: number,
  inside: number,
  capacity: Capacity | null,
  outside: string[],
): OverCap | null {
  if (!capacity) return null;
  const { room, limit } = roomOf(capacity);
  if (inside === asked && asked <= room) return null;
  return {
    clientId: client.id,
    client: client.name,
    asked,
    fit: Math.min(inside, room),
    over: Math.max(0, asked - room),
    limit,
    promised: capacity.promised,
    delivered: capacity.delivered,
    returned: capacity.returned,
    today: capacity.today,
    dailyPace: capacity.dailyPace,
    outside,
  };
}

const leadCount = (n: number) => `${formatCount(n)} ${n === 1 ? "lead" : "leads"}`;

export const capMessages = {
  heading: (cap: OverCap) => `Assign ${leadCount(cap.asked)} to ${cap.client}?`,
  /**
   * "359 over this month's cap of 25 (25 already delivered)", or "3 over the daily limit of 5 (5 already
   * today)".
   */
  over: (cap: OverCap) =>
    cap.limit === "day"
      ? `${formatCount(cap.over)} over the daily limit of ${formatCount(cap.dailyPace ?? 0)} (${formatCount(cap.today)} already today)`
      : `${formatCount(cap.over)} over this month's cap of ${formatCount(cap.promised)} (${formatCount(cap.delivered)} already delivered${cap.returned > 0 ? `, ${formatCount(cap.returned)} of them returned` : ""})`,
  /** Each thing off, as the question lists it: the room first, then the markets and the buy box. */
  reasons: (cap: OverCap) => [...(cap.over > 0 ? [capMessages.over(cap)] : []), ...cap.outside],
  fit: (cap: OverCap) => `Assign only the ${formatCount(cap.fit)} that fit`,
  fitNote: (cap: OverCap) =>
    cap.outside.length === 0
      ? `The first ${formatCount(cap.fit)} in the list's order fit; the others would stay as they are.`
      : cap.over > 0
        ? `The first ${formatCount(cap.fit)} in the list's order that fit the agreement would go; the others would stay as they are.`
        : `${formatCount(cap.fit)} fit the agreement; the others would stay as they are.`,
  all: (cap: OverCap) => (cap.asked === 1 ? "Assign anyway" : `Assign all ${formatCount(cap.asked)} anyway`),
  cancel: "Cancel",
  /** The disclosure that holds the override: a second, explicit step. */
  overrideSummary: "Assign past the agreement instead",
  overrideNote: (cap: OverCap) =>
    cap.outside.length === 0
      ? `${cap.client} gets more than the agreement promises ${cap.limit === "day" ? "in a day" : "this month"}; the extra leads count as over.`
      : `${cap.client} gets leads the agreement does not cover${cap.over > 0 ? `, and more than it promises ${cap.limit === "day" ? "in a day" : "this month"}` : ""}.`,
  toast: {
    kind: "error",
    title: "Over this month's cap",
    text: "Nothing was assigned yet: choose below.",
  } satisfies Toast,
  dayToast: {
    kind: "error",
    title: "Over today's limit",
    text: "Nothing was assigned yet: choose below.",
  } satisfies Toast,
  outsideToast: {
    kind: "error",
    title: "Outside the agreement",
    text: "Nothing was assigned yet: choose below.",
  } satisfies Toast,
  /** The question's toast: the limit passed, else the agreement. */
  toastOf: (cap: OverCap): Toast =>
    cap.over === 0
      ? capMessages.outsideToast
      : cap.limit === "day"
        ? capMessages.dayToast
        : capMessages.toast,
  /** After "only the N that fit": the leads left as they were, for the room or for the agreement. */
  leftOver: (n: number, outsideToo: boolean, limit: RoomLimit = "month") =>
    `${leadCount(n)} ${outsideToo ? "that did not fit the agreement" : limit === "day" ? "over today's limit" : "over this month's cap"} left as they were`,
  /** Said after assigning to a client with no agreement: nothing to check against. */
  noAgreement: (client: string) => `${client} has no agreement yet, so no monthly cap was checked`,
} as const;
