import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Whether the slow lane runs: many more generated cases per target (`.ci/run` sets it). */
export const SLOW = process.env.ADAPTERKIT_SLOW_TESTS === "1";

/** Generated cases per fuzz target: a few seconds each in the fast lane, many more in the slow one. */
export const RUNS_PER_TARGET = SLOW ? 500 : 50;

/**
 * A generated-case test's time-out: its cases take as long as the machine's load makes them, and the suite runs
 * several files at once (D579), so the default 20 s would fail a slow lane that is merely busy, not stuck.
 */
export const PROPERTY_TIMEOUT_MS = SLOW ? 600_000 : 120_000;

/** Counts the generated cases an attack file sends, by target. */
export interface CaseCounter {
  add(target: string): void;
  readonly total: number;
  /**
   * Prints the count and, when ADAPTERKIT_ATTACK_REPORT names a directory, writes `<suite>.json` there for the
   * CI tally (`attack suite: N generated cases sent`).
   */
  report(): void;
}

/** A counter for one attack file; `cells` counts fixed requests (the matrix) rather than generated ones. */
export function createCaseCounter(suite: string, kind: "generated" | "cells" = "generated"): CaseCounter {
  const targets: Record<string, number> = {};
  let total = 0;
  return {
    add(target) {
      targets[target] = (targets[target] ?? 0) + 1;
      total += 1;
    },
    get total() {
      return total;
    },
    report() {
      const what = kind === "generated" ? "generated cases" : "matrix cells";
      console.log(`attack ${suite}: ${total} ${what} sent to ${Object.keys(targets).length} targets`);
      const dir = process.env.ADAPTERKIT_ATTACK_REPORT;
      if (dir === undefined || dir === "") return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${suite}.json`), `${JSON.stringify({ suite, kind, cases: total, targets }, null, 2)}\n`);
    },
  };
}
