import type { DialectName } from "../store/index.ts";

/** Tuning of the scheduler; every field has a default. */
export interface SchedulerOptions {
  /** D21: a missed slot at most this old still gets its one late run on start; default 1 h, at least 1 min. */
  readonly catchUpWindowMs?: number | undefined;
  /** Due triggers claimed per round trip; default 500. */
  readonly batchSize?: number | undefined;
  /**
   * Transactions in flight at once; default 2 on SQLite (writes are serialised, but a second group is written
   * while the first waits for its commit, and both share it) and 4 on PostgreSQL.
   */
  readonly concurrency?: number | undefined;
  /**
   * Firings committed per transaction (each firing's run and trigger run always commit together); default 200 on
   * SQLite, where a commit costs as much as a firing, and 1 on PostgreSQL, where row locks are held until commit.
   */
  readonly firingsPerTransaction?: number | undefined;
  /** How long a claim keeps other instances off a due trigger; default 60 s. */
  readonly leaseMs?: number | undefined;
  /** The longest sleep between looks, so changes made by another instance are seen; default 60 s. */
  readonly maxSleepMs?: number | undefined;
}

/** The options with every default filled in. */
export type ResolvedSchedulerOptions = { readonly [K in keyof SchedulerOptions]-?: number };

/** D21's default catch-up window. */
export const DEFAULT_CATCH_UP_WINDOW_MS = 60 * 60 * 1000;
// Below a minute, a slot that is merely late under load would count as missed.
const MIN_CATCH_UP_WINDOW_MS = 60 * 1000;

function positive(name: string, value: number | undefined, fallback: number, min = 1): number {
  const chosen = value ?? fallback;
  if (!Number.isFinite(chosen) || chosen < min)
    throw new Error(`scheduler ${name} must be at least ${min}, not ${chosen}`);
  return chosen;
}

/** Fills in defaults and refuses values the scheduler cannot work with. */
export function resolveSchedulerOptions(options: SchedulerOptions, dialect: DialectName): ResolvedSchedulerOptions {
  return {
    catchUpWindowMs: positive(
      "catchUpWindowMs",
      options.catchUpWindowMs,
      DEFAULT_CATCH_UP_WINDOW_MS,
      MIN_CATCH_UP_WINDOW_MS,
    ),
    batchSize: Math.floor(positive("batchSize", options.batchSize, 500)),
    concurrency: Math.floor(positive("concurrency", options.concurrency, dialect === "postgres" ? 4 : 2)),
    firingsPerTransaction: Math.floor(
      positive("firingsPerTransaction", options.firingsPerTransaction, dialect === "postgres" ? 1 : 200),
    ),
    leaseMs: positive("leaseMs", options.leaseMs, 60_000, 0),
    maxSleepMs: positive("maxSleepMs", options.maxSleepMs, 60_000),
  };
}

/** Reads ADAPTERKIT_CATCH_UP_WINDOW (seconds) into scheduler options; undefined when unset. */
export function schedulerOptionsFromEnv(text: string | undefined): SchedulerOptions | undefined {
  if (text === undefined || text === "") return undefined;
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds * 1000 < MIN_CATCH_UP_WINDOW_MS) {
    throw new Error(`ADAPTERKIT_CATCH_UP_WINDOW must be a whole number of seconds, at least 60, not "${text}"`);
  }
  return { catchUpWindowMs: seconds * 1000 };
}
