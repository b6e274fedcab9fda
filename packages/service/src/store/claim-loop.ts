import type { Logger } from "pino";
import { createWakeableSleep } from "./wakeable-sleep.ts";

/** What a claim loop claims, and what it does with each claimed item. */
export interface ClaimLoopOptions<T> {
  /** The log's name for the loop ("run worker"). */
  readonly name: string;
  /** Claims (leases) up to `limit` due items; an empty answer sends the loop to sleep until woken or polled. */
  readonly claim: (limit: number) => Promise<readonly T[]>;
  /** Works on one claimed item and records its outcome; `signal` aborts when the loop stops. */
  readonly work: (item: T, signal: AbortSignal) => Promise<void>;
  /** Items in work at once. */
  readonly concurrency: number;
  /** How long the loop sleeps when nothing wakes it. */
  readonly pollIntervalMs: number;
  readonly logger: Logger;
}

/** A background loop over a leased queue. */
export interface ClaimLoop {
  start(): void;
  /** Stops claiming, aborts the work in flight and waits for it to settle. */
  stop(): Promise<void>;
  /** Looks at the queue now instead of at the next poll. */
  wake(): void;
  readonly running: boolean;
}

/**
 * The loop the run worker and the callback dispatcher share: claim as many items as there are free slots, work on
 * each in the background, and sleep when the queue is empty or every slot is busy, until a finished item, a
 * wake() or the poll interval brings it back. A failing cycle is logged and retried after the poll interval; an
 * item's work is expected to record its own failures (what escapes is logged).
 *
 * @example
 * const loop = createClaimLoop({ name: "run worker", claim, work, concurrency: 16, pollIntervalMs: 500, logger });
 * loop.start();
 */
export function createClaimLoop<T>(options: ClaimLoopOptions<T>): ClaimLoop {
  const { claim, work, concurrency, pollIntervalMs, logger } = options;
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  let active = false;
  let loop: Promise<void> | undefined;
  const alarm = createWakeableSleep();

  function wake(): void {
    // With every slot busy a look at the queue finds nothing to do (and callers may wake it often); the next item
    // to finish wakes the loop instead.
    if (active && inFlight.size >= concurrency) return;
    alarm.wake();
  }

  async function tick(): Promise<void> {
    const claimed = await claim(concurrency - inFlight.size);
    for (const item of claimed) {
      const task = work(item, stopping.signal)
        .catch((error: unknown) => logger.error({ err: error }, `${options.name}: work on a claimed item failed`))
        .finally(() => {
          inFlight.delete(task);
          wake();
        });
      inFlight.add(task);
    }
    if (claimed.length === 0 || inFlight.size >= concurrency) await alarm.sleep(pollIntervalMs);
  }

  async function run(): Promise<void> {
    while (active) {
      alarm.clear();
      try {
        await tick();
      } catch (error) {
        if (!active) break;
        logger.error({ err: error }, `${options.name} cycle failed`);
        await alarm.sleep(pollIntervalMs);
      }
    }
  }

  return {
    get running() {
      return active;
    },
    start() {
      if (active) return;
      active = true;
      loop = run();
    },
    async stop() {
      if (!active) return;
      active = false;
      stopping.abort();
      wake();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
    wake,
  };
}
