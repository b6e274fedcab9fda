import type { AdapterEndpointId } from "@adapterkit/contract";
import type { CheckFailure, CheckGroup, CheckLevel, CheckStatus } from "../check.ts";

/** One check's result in a report. */
export interface CheckResult {
  readonly id: string;
  readonly group: CheckGroup;
  readonly level: CheckLevel;
  readonly rationale: string;
  readonly status: CheckStatus;
  readonly reason?: string;
  readonly duration_ms: number;
  readonly failures: readonly CheckFailure[];
}

/** Latency of one endpoint over every call the run made to it. */
export interface EndpointLatency {
  readonly endpoint: AdapterEndpointId;
  readonly path: string;
  readonly samples: number;
  readonly p50_ms: number;
  readonly p95_ms: number;
  readonly max_ms: number;
}

/** How many checks ended in each status. */
export interface ReportSummary {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly not_applicable: number;
  readonly skipped: number;
  /** Failed checks of level `required`: review passes when this is 0 (D29). */
  readonly required_failed: number;
}

/** The outcome of a run: `conformance/report.schema.json` is its published schema. */
export interface ConformanceReport {
  readonly report_version: "1";
  readonly runner: { readonly name: string; readonly version: string };
  readonly adapter: {
    readonly url: string;
    readonly slug: string;
    /** SHA-256 hex of the manifest bytes judged; null when the manifest could not be fetched. */
    readonly manifest_sha256: string | null;
    readonly health_version: string | null;
  };
  readonly options: {
    readonly level: "required" | "all";
    readonly only: readonly string[];
    readonly skip: readonly string[];
    readonly signed: boolean;
    readonly timeout_ms: number;
    readonly concurrency: number;
    readonly latency_budget_ms: number;
  };
  readonly started_at: string;
  readonly finished_at: string;
  readonly duration_ms: number;
  /** `passed`: every required check passed; `unreachable`: the adapter could not be reached, nothing ran. */
  readonly result: "passed" | "failed" | "unreachable";
  /** DESIGN §6: 0 passed, 1 a required check failed, 3 unreachable (2, a usage error, never makes a report). */
  readonly exit_code: 0 | 1 | 3;
  /** Why the adapter counts as unreachable, when it does. */
  readonly error?: string;
  readonly checks: readonly CheckResult[];
  readonly endpoints: readonly EndpointLatency[];
  readonly summary: ReportSummary;
}
