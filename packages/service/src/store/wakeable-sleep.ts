/** A sleep that wake() cuts short, for background loops. */
export interface WakeableSleep {
  /** Waits `ms`, or less when woken; returns at once when woken since the last clear(). */
  sleep(ms: number): Promise<void>;
  /** Ends the current sleep, or the next one if none is under way. */
  wake(): void;
  /** Forgets earlier wakes; a loop calls it before each look, so only news that comes later cuts its sleep. */
  clear(): void;
}

/**
 * Creates a wakeable sleep.
 *
 * @example
 * const alarm = createWakeableSleep();
 * while (active) { alarm.clear(); await look(); await alarm.sleep(1000); }
 */
export function createWakeableSleep(): WakeableSleep {
  let woken = false;
  let wakeUp: (() => void) | undefined;
  return {
    async sleep(ms) {
      if (woken) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    clear() {
      woken = false;
    },
  };
}
