import { describe, expect, it } from "vitest";
import { takeTurns } from "./take-turns.server";

/** Runs a loop of busy work for `ms`, awaiting `between` after each piece; true if a timer got in. */
async function timerGetsIn(ms: number, between: () => Promise<void> | undefined): Promise<boolean> {
  let fired = false;
  setTimeout(() => (fired = true), 0);
  const until = performance.now() + ms;
  while (performance.now() < until && !fired) await between();
  return fired;
}

describe("takeTurns", () => {
  it("a loop of plain awaits never lets a timer in (why the helper exists)", async () => {
    expect(await timerGetsIn(60, () => Promise.resolve())).toBe(false);
  });

  it("hands the thread over once its slice is spent", async () => {
    const turn = takeTurns(10);
    expect(await timerGetsIn(2_000, turn)).toBe(true);
  });

  it("costs nothing within the slice: no promise to wait for", () => {
    const turn = takeTurns(1_000);
    expect(turn()).toBeUndefined();
  });
});
