/** What handling claimed triggers did. */
export interface FiringTally {
  /** Runs started (trigger runs `succeeded`). */
  readonly fired: number;
  /** Firings whose workflow could not start (trigger runs `failed`). */
  readonly failed: number;
  /** Slots recorded as `missed`. */
  readonly missed: number;
  /** Missed slots past the record limit, only counted. */
  readonly dropped: number;
  /** Claims that were stale: the trigger changed, was disabled or deleted, or its slot already had a trigger run. */
  readonly skipped: number;
}

/** A tally of nothing. */
export const NO_FIRINGS: FiringTally = { fired: 0, failed: 0, missed: 0, dropped: 0, skipped: 0 };

/** Adds two tallies. */
export function sumTallies(a: FiringTally, b: FiringTally): FiringTally {
  return {
    fired: a.fired + b.fired,
    failed: a.failed + b.failed,
    missed: a.missed + b.missed,
    dropped: a.dropped + b.dropped,
    skipped: a.skipped + b.skipped,
  };
}
