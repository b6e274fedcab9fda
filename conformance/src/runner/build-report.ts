import type { CheckResult, ConformanceReport, EndpointLatency, ReportSummary } from "../report/report.ts";
import { RUNNER_NAME, runnerVersion } from "./runner-version.ts";

/** Inputs of a report, gathered by the runner. */
export interface ReportInputs {
  readonly adapter: ConformanceReport["adapter"];
  readonly options: ConformanceReport["options"];
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly checks: readonly CheckResult[];
  readonly endpoints: readonly EndpointLatency[];
  /** Set when the adapter could not be reached. */
  readonly unreachable?: string;
}

/**
 * Tallies results and derives the run's result (architecture.md#exit-codes); the CLI maps the result to an exit code.
 */
export function buildReport(inputs: ReportInputs): ConformanceReport {
  const summary = summarise(inputs.checks);
  const result = inputs.unreachable !== undefined ? "unreachable" : summary.required_failed > 0 ? "failed" : "passed";
  return {
    report_version: "2",
    runner: { name: RUNNER_NAME, version: runnerVersion() },
    adapter: inputs.adapter,
    options: inputs.options,
    started_at: inputs.startedAt.toISOString(),
    finished_at: inputs.finishedAt.toISOString(),
    duration_ms: inputs.finishedAt.getTime() - inputs.startedAt.getTime(),
    result,
    ...(inputs.unreachable === undefined ? {} : { error: inputs.unreachable }),
    checks: [...inputs.checks],
    endpoints: [...inputs.endpoints],
    summary,
  };
}

function summarise(checks: readonly CheckResult[]): ReportSummary {
  const count = (status: CheckResult["status"]) => checks.filter((check) => check.status === status).length;
  return {
    total: checks.length,
    passed: count("passed"),
    failed: count("failed"),
    not_applicable: count("not_applicable"),
    skipped: count("skipped"),
    required_failed: checks.filter((check) => check.status === "failed" && check.level === "required").length,
  };
}
