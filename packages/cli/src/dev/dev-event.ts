import type { CheckResult, ReportSummary } from "@adapterkit/conformance";

/** Why the adapter process is not serving: it exited (or never said it listens) with these last lines. */
export interface AdapterExit {
  readonly code: number | null;
  readonly signal: string | null;
  /** `starting`: before it said it listens; `running`: after. */
  readonly phase: "starting" | "running";
  /** The last lines it wrote to stderr (else stdout), oldest first. */
  readonly tail: readonly string[];
  /** Set when it was stopped for not listening in time. */
  readonly timedOut?: boolean;
}

/** Everything `adapterkit dev` reports; the text renderer and `--json` both draw from these. */
export type DevEvent =
  | {
      readonly type: "session";
      readonly dir: string;
      readonly command: readonly string[];
      readonly port: number;
      readonly signingSecret: string;
      readonly secretFrom: "flag" | "environment" | "generated";
      readonly fixtures: string | null;
      readonly watching: readonly string[];
      readonly logs: boolean;
    }
  | { readonly type: "change"; readonly files: readonly string[] }
  | { readonly type: "starting"; readonly start: number }
  | { readonly type: "serving"; readonly start: number; readonly url: string; readonly pid: number }
  | ({ readonly type: "adapter-exit" } & AdapterExit)
  | { readonly type: "fixtures-error"; readonly message: string }
  | { readonly type: "run-start"; readonly run: number; readonly url: string; readonly total: number }
  | { readonly type: "run-progress"; readonly run: number; readonly done: number; readonly total: number }
  | {
      readonly type: "run-end";
      readonly run: number;
      readonly result: "passed" | "failed";
      readonly summary: ReportSummary;
      readonly durationMs: number;
      readonly first: boolean;
      readonly newlyFailing: readonly CheckResult[];
      readonly newlyPassing: readonly CheckResult[];
      readonly stillFailing: readonly string[];
    }
  | { readonly type: "run-unreachable"; readonly run: number; readonly error: string }
  | { readonly type: "run-discarded"; readonly run: number; readonly reason: string }
  | { readonly type: "run-error"; readonly run: number; readonly message: string }
  | { readonly type: "idle" }
  | { readonly type: "stopped"; readonly signal: string };
