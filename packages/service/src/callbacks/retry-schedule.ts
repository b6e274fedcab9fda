const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** D25: the wait before each retry, after the first attempt fails; after the last one the callback is dead. */
export const CALLBACK_RETRY_DELAYS_MS = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
] as const;

/** D25: how long one attempt may take before it counts as failed. */
export const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * When the attempt after `attempts` failed ones is due, or null when the schedule is exhausted (dead letter):
 * the first failure waits 5 s, the eighth 6 h, the ninth is final.
 */
export function nextAttemptAt(
  attempts: number,
  failedAt: Date,
  delays: readonly number[] = CALLBACK_RETRY_DELAYS_MS,
): Date | null {
  const delay = delays[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
