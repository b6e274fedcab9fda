import type { AdapterEndpointId, Manifest } from "@adapterkit/contract";
import type { z } from "zod";
import type { CHECK_GROUPS, CHECK_LEVELS, CHECK_STATUSES, checkFailureSchema } from "./report/report-schema.ts";

/** How much a check weighs: review passes when every required check passes (D29). */
export type CheckLevel = (typeof CHECK_LEVELS)[number];

/**
 * The areas checks are grouped by (architecture.md#check-groups); `--only`/`--skip` accept these as well as check ids.
 */
export type CheckGroup = (typeof CHECK_GROUPS)[number];

export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** One concrete way the adapter fell short: enough to understand and reproduce it. */
export type CheckFailure = z.infer<typeof checkFailureSchema>;

/** What running a check produced. */
export interface CheckOutcome {
  readonly status: CheckStatus;
  /** Why it was not applicable or skipped, or a one-line summary. */
  readonly reason?: string;
  readonly failures?: readonly CheckFailure[];
}

/** A conformance check: data plus one async function (architecture.md#conformance-runner). */
export interface Check<Context = unknown> {
  /** Stable id, `<group>.<name>` in kebab-case, e.g. `health.status-ready`. */
  readonly id: string;
  readonly group: CheckGroup;
  readonly level: CheckLevel;
  /** One line: what is checked and where the rule comes from (a contract.md section or a D-number). */
  readonly rationale: string;
  /** False makes the check `not_applicable` (e.g. a capability the manifest does not declare). */
  readonly appliesWhen: (manifest: Manifest, context: Context) => boolean | string;
  /**
   * True when the check must run alone (nothing else in flight): the feedback loop watching the stand-in platform,
   * statelessness and performance measuring the adapter. Default false: safe to run beside other checks.
   */
  readonly exclusive?: boolean;
  /**
   * True when the check waits as long as a contract time-out (a platform that hangs): it runs in the `review`
   * profile or when named by its id in `--only`, and is otherwise reported `skipped`, so a default run stays short.
   */
  readonly slow?: boolean;
  /**
   * A slow check's longest wait in ms given the run's per-endpoint time-outs; the report states the sum over the
   * slow checks that run as the run's slow-check budget. Default: the run's per-check time limit.
   */
  readonly waitsMs?: (timeouts: Readonly<Record<AdapterEndpointId, number>>) => number;
  readonly run: (context: Context) => Promise<CheckOutcome>;
}

/** A request the stand-in platform received (an HTTP call from the adapter, or a mail over SMTP). */
export interface CapturedDelivery {
  readonly protocol: "http" | "smtp";
  readonly method?: string;
  readonly path?: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text (HTTP) or the raw RFC 5322 message (SMTP). */
  readonly body: string;
  /** Parsed JSON body when it was JSON. */
  readonly json?: unknown;
  readonly smtp?: { readonly from: string; readonly to: readonly string[] };
  readonly receivedAt: number;
}

/**
 * The runner's local stand-in of the adapter's platform, programmed from the fixtures
 * (architecture.md#conformance-runner).
 */
export interface StandInPlatform {
  /** Base URL of its HTTP side, `{{platform_url}}` in fixtures. */
  readonly url: string;
  /** `host:port` of its SMTP sink, `{{smtp_host}}`/`{{smtp_port}}` in fixtures, when the fixtures ask for one. */
  readonly smtp?: { readonly host: string; readonly port: number };
  /** Every delivery received since the start (or since `clear()`), oldest first. */
  deliveries(): readonly CapturedDelivery[];
  /** Resolves with the first delivery after `since` that satisfies `match`, or undefined after `timeoutMs`. */
  waitForDelivery(
    match: (delivery: CapturedDelivery) => boolean,
    options?: { timeoutMs?: number; since?: number },
  ): Promise<CapturedDelivery | undefined>;
  /**
   * Makes the next HTTP request(s) on a route answer with a canned failure (a platform 5xx for deliver checks);
   * `matches` narrows it to the requests it accepts (say, those carrying a nonce), so that with checks running
   * concurrently another check's request on the same route does not take the failure.
   */
  failNext(
    route: { method?: string; path: string; matches?: (request: CapturedDelivery) => boolean },
    answer: { status: number; body?: unknown; times?: number; delayMs?: number },
  ): void;
  /**
   * Answers every HTTP request whose path starts with `prefix` with a `307` to `location` (the outbound-guard
   * probe of a redirect from the allowed stand-in to an address no guard may reach); the function returned undoes it.
   */
  redirectUnder(prefix: string, location: string): () => void;
  /**
   * Drops the connection of every HTTP request whose path starts with `prefix`, answering nothing (a server that
   * fails on an address the adapter may reach, for comparing its words with a refusal's); the function undoes it.
   */
  dropUnder(prefix: string): () => void;
  clear(): void;
  close(): Promise<void>;
}
