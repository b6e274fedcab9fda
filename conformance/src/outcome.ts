import type { CheckFailure, CheckOutcome } from "./check.ts";

/** A passed outcome, optionally with a one-line summary. */
export function passed(reason?: string): CheckOutcome {
  return reason === undefined ? { status: "passed" } : { status: "passed", reason };
}

/** A failed outcome; with no failures it is still failed, so callers cannot pass by accident. */
export function failed(failures: readonly CheckFailure[], reason?: string): CheckOutcome {
  return reason === undefined ? { status: "failed", failures } : { status: "failed", failures, reason };
}

/** Passed when `failures` is empty, failed otherwise. */
export function outcomeOf(failures: readonly CheckFailure[], reason?: string): CheckOutcome {
  return failures.length === 0 ? passed(reason) : failed(failures, reason);
}

/** A check that does not apply to this adapter (never a pass or a failure, architecture.md#check-groups). */
export function notApplicable(reason: string): CheckOutcome {
  return { status: "not_applicable", reason };
}
