/**
 * The API keys' rate-limit window (ADR 022): a key's requests of the last 60 seconds, counted in
 * one-second slots held in the key's row, newest first. A request is let through when the slots hold
 * fewer than the key's limit; the slots cover up to one second more than the window, never less, so no
 * 60 seconds ever hold more requests than the limit (a fixed one-minute counter let twice the limit
 * through around the minute's edge). The counting itself is one SQL statement (api-keys.server.ts);
 * this module reads its result.
 */

export const API_RATE_WINDOW_S = 60;
/** The window's seconds and the current, partly elapsed one. */
export const API_RATE_SLOTS = API_RATE_WINDOW_S + 1;
export const API_RATE_SLOT_MS = 1_000;

/** Milliseconds until the slot at `index` (0: the current one) leaves the window. */
const leavesIn = (index: number, elapsedMs: number) =>
  Math.max(0, (API_RATE_SLOTS - index) * API_RATE_SLOT_MS - elapsedMs);

/**
 * Milliseconds until the window holds fewer than `limit` requests, so that one more may pass (0: now).
 * `elapsedMs` is how far into the current slot we are.
 */
export function msUntilRoom(slots: readonly number[], elapsedMs: number, limit: number): number {
  let total = slots.reduce((sum, n) => sum + n, 0);
  if (total < limit) return 0;
  for (let index = slots.length - 1; index >= 0; index--) {
    total -= slots[index]!;
    if (slots[index]! > 0 && total < limit) return leavesIn(index, elapsedMs);
  }
  // A limit of 0 never makes room: say a whole window.
  return leavesIn(0, elapsedMs);
}

/** Milliseconds until the oldest counted request leaves the window, giving one back (0: none counted). */
export function msUntilOldestLeaves(slots: readonly number[], elapsedMs: number): number {
  for (let index = slots.length - 1; index >= 0; index--) {
    if (slots[index]! > 0) return leavesIn(index, elapsedMs);
  }
  return 0;
}
