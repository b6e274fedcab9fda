import type { Dispatcher } from "undici";
import type { CheckStatus } from "../check.ts";
import type { ConformanceCheck } from "../context.ts";
import type { Fixtures } from "../fixtures/fixtures.ts";
import type { RunningStandInPlatform } from "../platform/start-stand-in-platform.ts";
import type { ConformanceProfile } from "../report/conformance-profiles.ts";

/** What the runner reports while it works (the terminal reporter draws a live line from these). */
export type ProgressEvent =
  | { readonly type: "start"; readonly adapterUrl: string; readonly total: number }
  | { readonly type: "check-start"; readonly id: string }
  | {
      readonly type: "check-end";
      readonly id: string;
      readonly status: CheckStatus;
      readonly durationMs: number;
      readonly done: number;
      readonly total: number;
    };

/** Options of {@link runConformance}; the CLI maps its flags onto these one to one. */
export interface ConformanceOptions {
  /** The adapter's base URL; its last path segment is the slug (D1). */
  readonly adapterUrl: string;
  /** A fixtures file path, or the fixtures object itself (the service's review passes the stored one). */
  readonly fixtures?: string | Fixtures;
  /** Check ids or group names to run; everything else is reported `skipped`. */
  readonly only?: readonly string[];
  /** Check ids or group names not to run (reported `skipped`). */
  readonly skip?: readonly string[];
  /**
   * `review` runs the slow checks too (a platform that hangs), which wait as long as a contract time-out; the
   * report states their time budget. Default `default`: slow checks run only when `only` names them by id.
   */
  readonly profile?: ConformanceProfile;
  /** `required` runs only required checks; default `all`. */
  readonly level?: "required" | "all";
  /** The adapter's D9 secret; service calls are then signed and the security checks run. */
  readonly signingSecret?: string;
  /** Per-call timeout in ms for every endpoint; default the contract's per endpoint (D11: 10 s, health 5 s, fetch-file 60 s). */
  readonly timeoutMs?: number;
  /** How many checks run at once; default 4. */
  readonly concurrency?: number;
  /** The p95 budget of the performance check in ms; default from the fixtures, else 500. */
  readonly latencyBudgetMs?: number;
  readonly onProgress?: (event: ProgressEvent) => void;
  /**
   * An undici dispatcher every call to the adapter goes through (the service passes its outbound guard's, A15);
   * default Node's own connections.
   */
  readonly dispatcher?: Dispatcher;
  /**
   * A stand-in platform the caller started (and closes) instead of the runner's own, so that an adapter can be
   * served allowing exactly its addresses (architecture.md#a18) before the run begins.
   */
  readonly platform?: RunningStandInPlatform;
  /** The checks to run instead of the full registry (tests). */
  readonly checks?: readonly ConformanceCheck[];
}
