import { describe, expect, it } from "vitest";
import { startSlotPool } from "./delivery-pool.server";

/** Items that finish when the test says so. */
function controllable() {
  const finishers = new Map<number, () => void>();
  const started: number[] = [];
  return {
    started,
    run: (item: number) =>
      new Promise<void>((resolve) => {
        started.push(item);
        finishers.set(item, resolve);
      }),
    finish: (item: number) => finishers.get(item)!(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("slot pool", () => {
  it("keeps at most `slots` items running and refills a slot as soon as it frees, not when all do", async () => {
    const queue = Array.from({ length: 10 }, (_, i) => i);
    const asked: number[] = [];
    const items = controllable();
    const pool = startSlotPool({
      name: "test",
      slots: 3,
      claim: async (free) => {
        asked.push(free);
        return queue.splice(0, free);
      },
      run: items.run,
      intervalMs: 60_000,
    });
    await tick();
    expect(items.started).toEqual([0, 1, 2]);
    expect(pool.busy()).toBe(3);
    // Item 0 hangs; 1 and 2 finish: their slots take 3 and 4 while 0 still runs.
    items.finish(1);
    items.finish(2);
    await tick();
    expect(items.started).toEqual([0, 1, 2, 3, 4]);
    expect(pool.busy()).toBe(3);
    expect(Math.max(...asked)).toBeLessThanOrEqual(3);
    for (const item of [0, 3, 4]) items.finish(item);
    await tick();
    expect(items.started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const item of [5, 6, 7]) items.finish(item);
    await tick();
    for (const item of [8, 9]) items.finish(item);
    await tick();
    expect(pool.busy()).toBe(0);
    expect(pool.state()).toBe("running");
    await pool.stop();
    expect(pool.state()).toBe("stopped");
  });

  it("claims again on kick, and stop waits for the items in hand", async () => {
    const queue: number[] = [];
    const items = controllable();
    const pool = startSlotPool({
      name: "test",
      slots: 2,
      claim: async (free) => queue.splice(0, free),
      run: items.run,
      intervalMs: 60_000,
    });
    await tick();
    expect(items.started).toEqual([]);
    queue.push(1);
    pool.kick();
    await tick();
    expect(items.started).toEqual([1]);
    let stopped = false;
    const stopping = pool.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    items.finish(1);
    await stopping;
    expect(stopped).toBe(true);
    queue.push(2);
    pool.kick();
    await tick();
    expect(items.started).toEqual([1]);
  });
});
