/**
 * A pool of delivery slots (issue 23): a fixed number of deliveries run at once in this process, and a slot
 * is filled again the moment its delivery ends, so a slow delivery holds one slot, never the others (a
 * batch waits for its slowest member; a pool does not). What to start is the `claim`'s business (the
 * webhook claim skips clients at their cap). Wakes like an outbox worker: every `intervalMs`, on `kick`
 * (this process enqueued something) and whenever a slot frees; presents itself as an OutboxWorker so the
 * server's readiness and shutdown treat it like the others.
 */
import { log } from "~/lib/log.server";
import { STALLED_AFTER_MS, type OutboxWorker } from "~/lib/outbox/outbox.server";

export interface SlotPoolOptions<T> {
  name: string;
  slots: number;
  /** Claims at most `free` items to start now; fewer (or none) when no more are due. */
  claim: (free: number) => Promise<T[]>;
  /** Runs one item; its slot frees when the promise settles. */
  run: (item: T) => Promise<void>;
  intervalMs: number;
  /** Called with `kick` so that enqueuers in this process can wake the pool; returns an unsubscribe. */
  subscribe?: (kick: () => void) => () => void;
}

/** What a running pool has in hand (tests and benchmarks read it). */
export interface SlotPool extends OutboxWorker {
  busy(): number;
}

export function startSlotPool<T>(options: SlotPoolOptions<T>): SlotPool {
  const running = new Set<Promise<void>>();
  let filling: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /** Claims and deliveries that threw (metrics: the job runtime's failures per queue). */
  let failed = 0;
  /** When a claim or a delivery last ended: no progress for STALLED_AFTER_MS with work in hand is a stall. */
  let progressAt = Date.now();

  const start = (item: T) => {
    const task: Promise<void> = options
      .run(item)
      .catch((error: unknown) => {
        failed += 1;
        log.warn({ error }, `[${options.name}] delivery failed`);
      })
      .finally(() => {
        running.delete(task);
        progressAt = Date.now();
        fill();
      });
    running.add(task);
  };

  /** Claims for the free slots until they are full or nothing more is due; one claim at a time. */
  const fill = () => {
    if (stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = (async () => {
      do {
        again = false;
        while (!stopped && running.size < options.slots) {
          const free = options.slots - running.size;
          let items: T[];
          try {
            items = await options.claim(free);
          } catch (error) {
            failed += 1;
            log.warn({ error }, `[${options.name}] claim failed`);
            return;
          }
          progressAt = Date.now();
          for (const item of items) start(item);
          if (items.length < free) break;
        }
      } while (again && !stopped);
    })().finally(() => {
      filling = undefined;
    });
  };

  const timer = setInterval(fill, options.intervalMs);
  timer.unref();
  const unsubscribe = options.subscribe?.(fill);
  fill();
  return {
    kick: fill,
    busy: () => running.size,
    failedPasses: () => failed,
    state: () =>
      stopped
        ? "stopped"
        : (filling || running.size > 0) && Date.now() - progressAt > STALLED_AFTER_MS
          ? "stalled"
          : "running",
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await filling;
      await Promise.all([...running]);
    },
  };
}
