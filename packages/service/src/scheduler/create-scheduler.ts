import type { Logger } from "pino";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { inChunks, type Store } from "../store/index.ts";
import { createWakeableSleep } from "../store/wakeable-sleep.ts";
import { claimDueTriggers } from "./claim-due-triggers.ts";
import { type FiringOutcome, fireDueTriggers } from "./fire-due-triggers.ts";
import { createFiringMemo } from "./firing-memo.ts";
import { type FiringTally, NO_FIRINGS, sumTallies } from "./firing-tally.ts";
import { holdOff } from "./hold-off.ts";
import { nextDueAt } from "./next-due-at.ts";
import { resolveSchedulerOptions, type SchedulerOptions } from "./scheduler-options.ts";

/** The loop that fires schedule triggers when they come due. */
export interface Scheduler {
  /** Starts the loop; its first look (D21 catch-up included) happens at once, in the background. */
  start(): void;
  /** Stops the loop after the firing in hand; claims not yet fired expire and are picked up again. */
  stop(): Promise<void>;
  /** Looks again now instead of at the planned time (a trigger was created, changed or enabled). */
  wake(): void;
  /** Fires everything due at the clock's current time, one look after any look in progress; for tests and tools. */
  tick(): Promise<FiringTally>;
  readonly running: boolean;
}

// After a failed look, wait this long rather than spin on the same error.
const ERROR_BACKOFF_MS = 1000;
// Something is due but another instance holds it: look again soon, not in a tight loop.
const HELD_ELSEWHERE_MS = 100;

/**
 * Creates the scheduler over a store. It sleeps until the earliest due trigger (at most `maxSleepMs`), claims due
 * triggers in batches, fires them (`firingsPerTransaction` to a transaction), and wakes the run worker when runs
 * were queued.
 *
 * @example
 * const scheduler = createScheduler({ store, executor, logger, now: () => new Date(), wakeWorker });
 * scheduler.start();
 */
export function createScheduler(deps: {
  store: Store;
  executor: WorkflowExecutor;
  logger: Logger;
  now: () => Date;
  wakeWorker: () => void;
  options?: SchedulerOptions | undefined;
}): Scheduler {
  const { store, logger, now } = deps;
  const options = resolveSchedulerOptions(deps.options ?? {}, store.dialect);
  const firing = { dialect: store.dialect, executor: deps.executor, catchUpWindowMs: options.catchUpWindowMs, now };
  let active = false;
  let loop: Promise<void> | undefined;
  const alarm = createWakeableSleep();
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs looks one at a time, whether the loop or a caller of tick() asks. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task, task);
    queue = result.catch(() => {});
    return result;
  }

  async function fireBatch(): Promise<{ tally: FiringTally; claimed: number }> {
    const memo = createFiringMemo(now());
    const claims = await claimDueTriggers(store.db, {
      dialect: store.dialect,
      limit: options.batchSize,
      leaseMs: options.leaseMs,
      now: memo.now,
    });
    const batch = { ...firing, memo };
    const groups = inChunks(claims, options.firingsPerTransaction);
    let tally = NO_FIRINGS;
    const lane = async () => {
      for (let group = groups.shift(); group !== undefined; group = groups.shift()) {
        const outcome = await fireDueTriggers(store.db, batch, group);
        tally = sumTallies(tally, outcome.tally);
        await holdFailures(outcome.failures);
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, groups.length) }, lane));
    return { tally, claimed: claims.length };
  }

  async function holdFailures(failures: FiringOutcome["failures"]): Promise<void> {
    for (const { claim, error } of failures) {
      logger.error({ err: error, triggerId: claim.id, slot: claim.slot }, "schedule firing failed; retried later");
    }
    const until = new Date(now().getTime() + Math.max(options.leaseMs, ERROR_BACKOFF_MS));
    await holdOff(
      store.db,
      failures.map(({ claim }) => claim.id),
      until,
    );
  }

  async function look(): Promise<FiringTally> {
    let total = NO_FIRINGS;
    for (;;) {
      const { tally, claimed } = await fireBatch();
      total = sumTallies(total, tally);
      if (tally.fired > 0) deps.wakeWorker();
      if (claimed < options.batchSize) break;
    }
    if (total.missed > 0 || total.dropped > 0) {
      logger.warn(
        { missed: total.missed, notRecorded: total.dropped },
        "schedule slots were missed while the service was down",
      );
    }
    return total;
  }

  async function delayAfter(tally: FiringTally): Promise<number> {
    const due = await nextDueAt(store.db, now());
    if (due === null) return options.maxSleepMs;
    const wait = due.getTime() - now().getTime();
    if (wait > 0) return Math.min(wait, options.maxSleepMs);
    return tally.fired + tally.failed + tally.missed + tally.skipped > 0 ? 0 : HELD_ELSEWHERE_MS;
  }

  async function run(): Promise<void> {
    while (active) {
      alarm.clear();
      let delay: number;
      try {
        delay = await delayAfter(await serial(look));
      } catch (error) {
        if (!active) break;
        logger.error({ err: error }, "scheduler look failed");
        delay = ERROR_BACKOFF_MS;
      }
      if (active) await alarm.sleep(delay);
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
      alarm.wake();
      await loop;
    },
    wake: () => alarm.wake(),
    tick: () => serial(look),
  };
}
