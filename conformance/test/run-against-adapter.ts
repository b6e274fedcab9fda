import type { Adapter, ManifestInput } from "@adapterkit/sdk";
import { startAdapter } from "@adapterkit/sdk/testing";
import type { Fixtures } from "../src/fixtures/fixtures.ts";
import type { ConformanceReport } from "../src/report/report.ts";
import type { ConformanceOptions } from "../src/runner/conformance-options.ts";
import { runConformance } from "../src/runner/run-conformance.ts";
import { ADAPTER_SIGNING_SECRET, failureDigest, passedChecks } from "./run-against.ts";

/** Options of {@link runAgainstAdapter}: the runner's own, minus the URL the served adapter supplies. */
export interface AdapterRunOptions extends Omit<ConformanceOptions, "adapterUrl" | "fixtures" | "signingSecret"> {
  /** The adapter's fixtures file path, or the fixtures object itself. */
  readonly fixtures: string | Fixtures;
  /** The D9 secret the adapter is served with and the runner signs with; default {@link ADAPTER_SIGNING_SECRET}. */
  readonly signingSecret?: string;
}

/** A finished run against an SDK adapter, in the shapes a test asserts on. */
export interface AdapterRun {
  readonly report: ConformanceReport;
  /** Each failed required check with what it found (`{}` when the adapter conforms), for readable diffs. */
  readonly failures: Readonly<Record<string, string>>;
  /** The ids of the checks that passed, sorted. */
  readonly passed: readonly string[];
}

/**
 * Serves an SDK adapter on a free port with a D9 signing secret, runs every check against it with the given
 * fixtures, signed as the service signs, and closes it again.
 * @example const { failures } = await runAgainstAdapter(chatAdapter, { fixtures: FIXTURES }); // failures: {}
 */
export async function runAgainstAdapter<M extends ManifestInput>(
  adapter: Adapter<M>,
  options: AdapterRunOptions,
): Promise<AdapterRun> {
  const signingSecret = options.signingSecret ?? ADAPTER_SIGNING_SECRET;
  const served = await startAdapter(adapter, { signingSecret });
  try {
    const report = await runConformance({ ...options, signingSecret, adapterUrl: served.url });
    return { report, failures: failureDigest(report, "required"), passed: passedChecks(report) };
  } finally {
    await served.close();
  }
}
