import type { ConformanceReport } from "@adapterkit/conformance";
import type { ReviewGroup, ReviewJson } from "@adapterkit/contract";
import type { ReviewRow } from "./review-tables.ts";

/** The stored report, parsed; undefined before the run stored one. */
export function reportOf(row: ReviewRow): ConformanceReport | undefined {
  return row.report === null ? undefined : (JSON.parse(row.report) as ConformanceReport);
}

/** The report's checks grouped, in the order the report lists them. */
export function groupChecks(report: ConformanceReport): ReviewGroup[] {
  const groups = new Map<string, ReviewGroup>();
  for (const check of report.checks) {
    const group = groups.get(check.group) ?? {
      group: check.group,
      passed: 0,
      failed: 0,
      not_applicable: 0,
      checks: [],
    };
    if (check.status !== "skipped") group[check.status] += 1;
    const { group: _group, ...rest } = check;
    group.checks.push(rest);
    groups.set(check.group, group);
  }
  return [...groups.values()];
}

/** A review as the API shows it; `withChecks` adds the report's checks by group once it is stored. */
export function toReviewJson(row: ReviewRow, slug: string, withChecks: boolean): ReviewJson {
  // Lists leave the reports unparsed: finishReview sets `error` on a failed review only when it was unreachable.
  const report = withChecks ? reportOf(row) : undefined;
  return {
    id: row.id,
    app: slug,
    version: row.app_version,
    state: row.state,
    progress: { done: row.checks_done, total: row.checks_total },
    counts: { passed: row.passed, failed: row.failed, not_applicable: row.not_applicable },
    result: report?.result ?? resultOf(row),
    error: row.error,
    attempts: row.attempts,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    groups: withChecks && report !== undefined ? groupChecks(report) : null,
    // Only one review read alone gets its causes (showReview): they need the version's manifest and the fixtures.
    causes: null,
  };
}

function resultOf(row: ReviewRow): ReviewJson["result"] {
  if (row.state === "passed") return "passed";
  if (row.state !== "failed") return null;
  return row.error === null ? "failed" : "unreachable";
}
