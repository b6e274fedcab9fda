import type { Adapter, ManifestInput } from "@adapterkit/sdk";
import { startAdapter } from "@adapterkit/sdk/testing";
import type { Fixtures } from "../src/fixtures/fixtures.ts";
import { loadFixtures } from "../src/fixtures/load-fixtures.ts";
import { startStandInPlatform } from "../src/platform/start-stand-in-platform.ts";
import type { ConformanceReport } from "../src/report/report.ts";
import type { ConformanceOptions } from "../src/runner/conformance-options.ts";
import { runConformance } from "../src/runner/run-conformance.ts";
import { ADAPTER_SIGNING_SECRET, failureDigest, passedChecks } from "./run-against.ts";

/** Options of {@link runAgainstAdapter}: the runner's own, minus the URL the served adapter supplies. */
export interface AdapterRunOptions
  extends Omit<ConformanceOptions, "adapterUrl" | "fixtures" | "signingSecret" | "platform"> {
  /** The adapter's fixtures file path, or the fixtures object itself. */
  readonly fixtures: string | Fixtures;
  /** The D9 secret the adapter is served with and the runner signs with; default {@link ADAPTER_SIGNING_SECRET}. */
  readonly signingSecret?: string;
  /** Hosts the adapter may reach besides the runner's stand-in platform (a stand-in of the test's own). */
  readonly allowedHosts?: readonly string[];
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
 * fixtures, signed as the service signs, and closes it again. The runner's stand-in platform is started first, and
 * the adapter's outbound guard allows exactly its addresses, as `npm start` allows its own stand-ins
 * (architecture.md#a18).
 * @example const { failures } = await runAgainstAdapter(chatAdapter, { fixtures: FIXTURES }); // failures: {}
 */
export async function runAgainstAdapter<M extends ManifestInput>(
  adapter: Adapter<M>,
  options: AdapterRunOptions,
): Promise<AdapterRun> {
  const signingSecret = options.signingSecret ?? ADAPTER_SIGNING_SECRET;
  const fixtures = await loadFixtures(options.fixtures);
  const smtp = fixtures.platform?.smtp;
  const platform = await startStandInPlatform(smtp === undefined ? {} : { smtp });
  const standIns = [
    new URL(platform.url).host,
    ...(platform.smtp ? [`${platform.smtp.host}:${platform.smtp.port}`] : []),
  ];
  try {
    const allowedHosts = [...standIns, ...(options.allowedHosts ?? [])];
    const served = await startAdapter(adapter, { signingSecret, allowedHosts });
    try {
      const report = await runConformance({ ...options, fixtures, platform, signingSecret, adapterUrl: served.url });
      return { report, failures: failureDigest(report, "required"), passed: passedChecks(report) };
    } finally {
      await served.close();
    }
  } finally {
    await platform.close();
  }
}
