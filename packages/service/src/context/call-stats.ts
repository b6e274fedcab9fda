import type { AppCallStats } from "@adapterkit/contract";

/** How one adapter call ended, as A7 counts it. */
export type CallOutcome = "ok" | "failed" | "timed_out";

/** A7: outcomes and latency of the calls to each App's endpoints, since this instance started. */
export interface CallStats {
  record(appId: number, endpoint: string, outcome: CallOutcome, durationMs: number): void;
  /** One App's figures, by endpoint name. */
  of(appId: number): AppCallStats[];
}

interface Tally {
  ok: number;
  failed: number;
  timed_out: number;
  totalMs: number;
  maxMs: number;
}

/** Counts in memory: the figures describe this instance and start again with it (D121). */
export function createCallStats(): CallStats {
  const tallies = new Map<number, Map<string, Tally>>();
  return {
    record(appId, endpoint, outcome, durationMs) {
      const ofApp = tallies.get(appId) ?? new Map<string, Tally>();
      tallies.set(appId, ofApp);
      const tally = ofApp.get(endpoint) ?? { ok: 0, failed: 0, timed_out: 0, totalMs: 0, maxMs: 0 };
      ofApp.set(endpoint, tally);
      tally[outcome] += 1;
      tally.totalMs += durationMs;
      tally.maxMs = Math.max(tally.maxMs, durationMs);
    },
    of(appId) {
      const ofApp = tallies.get(appId) ?? new Map<string, Tally>();
      return [...ofApp].map(([endpoint, t]) => {
        const count = t.ok + t.failed + t.timed_out;
        const round = (ms: number) => Math.round(ms * 10) / 10;
        return {
          endpoint,
          ok: t.ok,
          failed: t.failed,
          timed_out: t.timed_out,
          mean_ms: round(t.totalMs / count),
          max_ms: round(t.maxMs),
        };
      });
    },
  };
}
