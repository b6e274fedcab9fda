import { fileURLToPath } from "node:url";
import type { CheckLevel, CheckStatus } from "../src/check.ts";
import type { ConformanceReport } from "../src/report/report.ts";
import type { ConformanceOptions } from "../src/runner/conformance-options.ts";
import { runConformance } from "../src/runner/run-conformance.ts";
import { type ReferenceAdapterOptions, startReferenceAdapter } from "./reference-adapter.ts";

/** The fixtures the reference adapter (and every broken variant) is run with. */
export const REFERENCE_FIXTURES = fileURLToPath(new URL("./reference.fixtures.json", import.meta.url));

/** The D9 secret the harness starts adapters with and hands to the runner. */
export const ADAPTER_SIGNING_SECRET = "whsec_Fu+lZ8rLD5nvyc9xRmOZi+CsGwuAS23x";

/** One deliberately broken adapter: the reference plus one fault, and the check(s) meant to catch it. */
export interface BrokenAdapter {
  /** What is wrong, in a few words. */
  readonly fault: string;
  readonly adapter: ReferenceAdapterOptions;
  /** The check ids that must fail; every other check must not. */
  readonly caughtBy: readonly string[];
  /** Runner options beyond the defaults (e.g. no signing secret). */
  readonly run?: Partial<ConformanceOptions>;
}

/**
 * Starts an adapter (signed with {@link ADAPTER_SIGNING_SECRET} unless the options say otherwise), runs the runner
 * against it with the reference fixtures, and closes it.
 */
export async function runAgainst(
  adapter: ReferenceAdapterOptions = {},
  options: Partial<ConformanceOptions> = {},
): Promise<ConformanceReport> {
  const running = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET, ...adapter });
  try {
    return await runConformance({
      fixtures: REFERENCE_FIXTURES,
      signingSecret: ADAPTER_SIGNING_SECRET,
      // Tests never assert timings: only a row that slows the adapter down on purpose sets a real budget.
      latencyBudgetMs: 10_000,
      ...options,
      adapterUrl: running.url,
    });
  } finally {
    await running.close();
  }
}

/** The ids of every failed check, sorted. */
export function failedChecks(report: ConformanceReport): string[] {
  return idsOf(report, "failed");
}

/** The ids of every passed check, sorted. */
export function passedChecks(report: ConformanceReport): string[] {
  return idsOf(report, "passed");
}

function idsOf(report: ConformanceReport, status: CheckStatus): string[] {
  return report.checks
    .filter((check) => check.status === status)
    .map((check) => check.id)
    .sort();
}

/** Each failed check (of one level, when given) with its failure messages, for readable assertion diffs. */
export function failureDigest(report: ConformanceReport, level?: CheckLevel): Record<string, string> {
  return Object.fromEntries(
    report.checks
      .filter((check) => check.status === "failed" && (level === undefined || check.level === level))
      .map((check) => [
        check.id,
        check.failures.map((failure) => `${failure.endpoint}: ${failure.message}`).join(" | "),
      ]),
  );
}
