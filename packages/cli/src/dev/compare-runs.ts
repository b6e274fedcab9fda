import type { CheckResult, CheckStatus } from "@adapterkit/conformance";

/** What changed between two runs of the checks, as a watch mode reports it. */
export interface RunComparison {
  /** Failed now, not before (or never ran before): each with its failures, the first of which is shown. */
  readonly newlyFailing: readonly CheckResult[];
  /** Failed before, passed or not applicable now. */
  readonly newlyPassing: readonly CheckResult[];
  /** Failed before and now. */
  readonly stillFailing: readonly CheckResult[];
}

/** Each check's status in a run, by id: the baseline the next run is compared with. */
export type RunStatuses = ReadonlyMap<string, CheckStatus>;

/**
 * Compares a run's results with the previous run's statuses; without a previous run every failure is new.
 * A check skipped now (an `--only` elsewhere, a run cut short) is neither, so it is left out.
 * @example const { newlyFailing } = compareRuns(previous, report.checks);
 */
export function compareRuns(previous: RunStatuses | undefined, checks: readonly CheckResult[]): RunComparison {
  const wasFailing = (id: string) => previous?.get(id) === "failed";
  const now = (status: CheckStatus) => checks.filter((check) => check.status === status);
  const failing = now("failed");
  const settled = checks.filter((check) => check.status === "passed" || check.status === "not_applicable");
  return {
    newlyFailing: failing.filter((check) => !wasFailing(check.id)),
    newlyPassing: settled.filter((check) => wasFailing(check.id)),
    stillFailing: failing.filter((check) => wasFailing(check.id)),
  };
}

/** The statuses of a run's results, to compare the next run with. */
export function statusesOf(checks: readonly CheckResult[]): RunStatuses {
  return new Map(checks.map((check) => [check.id, check.status]));
}
