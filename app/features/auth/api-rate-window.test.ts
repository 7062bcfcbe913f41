import { describe, expect, it } from "vitest";
import { API_RATE_SLOTS, msUntilOldestLeaves, msUntilRoom } from "./api-rate-window";

/** Slots, newest first, with `counts` at the given indexes. */
const slots = (counts: Record<number, number>) =>
  Array.from({ length: API_RATE_SLOTS }, (_, index) => counts[index] ?? 0);

describe("the API keys' rate-limit window", () => {
  it("has room at once while the window holds fewer than the limit", () => {
    expect(msUntilRoom(slots({ 0: 3, 30: 6 }), 250, 10)).toBe(0);
    expect(msUntilRoom([], 0, 1)).toBe(0);
  });

  it("makes room when enough of the oldest requests leave, a whole slot at a time", () => {
    // 10 in the slot 59 seconds back: it leaves 2 s after the current slot began, 1.75 s from now.
    expect(msUntilRoom(slots({ 59: 10 }), 250, 10)).toBe(1_750);
    // 4 oldest leave first, but 6 + 4 newer still fill a limit of 10... until the 6 leave too.
    expect(msUntilRoom(slots({ 0: 4, 20: 6, 50: 4 }), 0, 10)).toBe(41_000);
    expect(msUntilRoom(slots({ 0: 4, 20: 6, 50: 4 }), 0, 11)).toBe(11_000);
  });

  it("counts a lowered limit: enough must leave to come under it", () => {
    expect(msUntilRoom(slots({ 0: 1, 10: 5, 40: 5 }), 0, 3)).toBe(51_000);
    expect(msUntilRoom(slots({ 5: 2 }), 0, 0)).toBe(61_000);
  });

  it("gives back a request when the oldest counted one leaves", () => {
    expect(msUntilOldestLeaves(slots({ 0: 2, 12: 1 }), 400)).toBe(48_600);
    expect(msUntilOldestLeaves(slots({ 0: 1 }), 999)).toBe(60_001);
    expect(msUntilOldestLeaves(slots({}), 0)).toBe(0);
  });
});
