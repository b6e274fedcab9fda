import { createAdapterClient } from "@adapterkit/client";
import { ADAPTER_ENDPOINTS, type AdapterEndpointId } from "@adapterkit/contract";
import { ALL_CHECKS } from "../checks/index.ts";
import { signingSecretNeeded } from "../checks/security/signing-secret-needed.ts";
import { UNSIGNED_REFUSAL_MESSAGE, unsignedRefusal } from "../checks/security/unsigned-refusal.ts";
import type { ConformanceCheck } from "../context.ts";
import type { PlatformRoute } from "../fixtures/fixtures.ts";
import { loadFixtures } from "../fixtures/load-fixtures.ts";
import { startStandInPlatform } from "../platform/start-stand-in-platform.ts";
import { CONFORMANCE_PROFILES } from "../report/conformance-profiles.ts";
import type { CheckResult, ConformanceReport } from "../report/report.ts";
import { buildReport } from "./build-report.ts";
import type { ConformanceOptions } from "./conformance-options.ts";
import { createContext } from "./create-context.ts";
import { explainUnreachableStandIn } from "./explain-unreachable-stand-in.ts";
import { fetchAdapterFacts } from "./fetch-adapter-facts.ts";
import { LatencyRecorder } from "./latency-recorder.ts";
import { runCheck } from "./run-check.ts";
import { runPool } from "./run-pool.ts";
import { selectChecks } from "./select-checks.ts";
import { ConformanceUsageError } from "./usage-error.ts";

/** D11: how long the service waits for an adapter call; the wait for requests the endpoint table does not list. */
const SERVICE_WAIT_MS = 10_000;
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_BUDGET_MS = 500;

/**
 * Runs the conformance checks against one adapter and returns the report; the CLI and the service's review
 * (D29) both call this.
 * @throws FixturesError or ConformanceUsageError (a usage error); an unreachable adapter is a report whose result
 * is `unreachable`.
 * @example
 * const report = await runConformance({ adapterUrl: "http://localhost:3100/chat", fixtures: "adapters/chat/conformance.fixtures.json" });
 * if (report.result !== "passed") console.error(`${report.summary.required_failed} required check(s) failed`);
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const startedAt = new Date();
  const settings = resolveSettings(options);
  const fixtures = await loadFixtures(options.fixtures);
  const checks = options.checks ?? ALL_CHECKS;
  const selection = selectChecks(checks, settings);
  const latencyBudgetMs = options.latencyBudgetMs ?? fixtures.performance?.p95_budget_ms ?? DEFAULT_BUDGET_MS;
  const reportOptions = {
    profile: settings.profile,
    slow_budget_ms: 0,
    level: settings.level,
    only: [...settings.only],
    skip: [...settings.skip],
    signed: options.signingSecret !== undefined,
    timeouts_ms: settings.timeouts,
    concurrency: settings.concurrency,
    latency_budget_ms: latencyBudgetMs,
  };
  const slug = new URL(settings.adapterUrl).pathname.split("/").filter(Boolean).at(-1) ?? "";

  const probe = createAdapterClient({
    baseUrl: settings.adapterUrl,
    timeouts: settings.timeouts,
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
  });
  const facts = await fetchAdapterFacts(probe).finally(() => probe.close());
  options.onProgress?.({ type: "start", adapterUrl: settings.adapterUrl, total: selection.length });
  if (!facts.reachable) {
    const skipped = selection.map(({ check }) => skippedResult(check, "the adapter is unreachable"));
    return buildReport({
      adapter: { url: settings.adapterUrl, slug, manifest_sha256: null, health_version: null },
      options: reportOptions,
      startedAt,
      finishedAt: new Date(),
      checks: skipped,
      endpoints: [],
      unreachable: facts.error,
    });
  }

  const platform =
    options.platform ??
    (await startStandInPlatform(fixtures.platform?.smtp === undefined ? {} : { smtp: fixtures.platform.smtp }));
  const latencies = new LatencyRecorder();
  const ctx = createContext({
    adapterUrl: settings.adapterUrl,
    slug,
    fixtures,
    platform,
    signingSecret: options.signingSecret,
    dispatcher: options.dispatcher,
    timeouts: settings.timeouts,
    timeoutMs: settings.timeoutMs,
    latencyBudgetMs,
    latencies,
    manifest: facts.manifest,
    health: facts.health,
  });
  platform.setRoutes(ctx.render(fixtures.platform?.routes ?? []) as readonly PlatformRoute[]);
  let done = 0;
  try {
    // An unsigned run against an adapter that refuses unsigned calls: one finding, not a 401 per check.
    const refusal = selection.some(({ skipReason }) => skipReason === undefined)
      ? await unsignedRefusal(ctx)
      : undefined;
    const results = await runPool(
      selection.map(({ check, skipReason }) => ({
        exclusive: skipReason === undefined && check.exclusive === true,
        run: async (): Promise<CheckResult> => {
          const settled = settledResult(check, skipReason, refusal !== undefined);
          if (settled === undefined) options.onProgress?.({ type: "check-start", id: check.id });
          const result = settled ?? (await runCheck(check, ctx, settings.checkTimeLimitMs));
          done += 1;
          options.onProgress?.({
            type: "check-end",
            id: check.id,
            status: result.status,
            durationMs: result.duration_ms,
            done,
            total: selection.length,
          });
          return result;
        },
      })),
      settings.concurrency,
    );
    return buildReport({
      adapter: {
        url: settings.adapterUrl,
        slug,
        manifest_sha256: facts.manifest.sha256,
        health_version: facts.health?.version ?? null,
      },
      options: { ...reportOptions, slow_budget_ms: slowBudgetOf(checks, results, settings) },
      startedAt,
      finishedAt: new Date(),
      checks: explainUnreachableStandIn(results, platform),
      endpoints: latencies.summary(),
    });
  } finally {
    await ctx.close();
    if (options.platform === undefined) await platform.close();
  }
}

/** How long the slow checks that ran (applied, not skipped) may wait in all: each one's `waitsMs`, else the check limit. */
function slowBudgetOf(
  checks: readonly ConformanceCheck[],
  results: readonly CheckResult[],
  settings: { timeouts: Readonly<Record<AdapterEndpointId, number>>; checkTimeLimitMs: number },
): number {
  const ran = new Set(
    results.filter((result) => result.status === "passed" || result.status === "failed").map((result) => result.id),
  );
  return checks
    .filter((check) => check.slow === true && ran.has(check.id))
    .reduce((sum, check) => sum + (check.waitsMs?.(settings.timeouts) ?? settings.checkTimeLimitMs), 0);
}

/**
 * The result of a check that does not run: skipped, or not applicable because the adapter refuses unsigned calls
 * (D371); undefined when it runs. The refusal's own check always runs then, even when --only or --skip left it out.
 */
function settledResult(
  check: ConformanceCheck,
  skipReason: string | undefined,
  refused: boolean,
): CheckResult | undefined {
  if (refused && check.id === signingSecretNeeded.id) return undefined;
  if (skipReason !== undefined) return skippedResult(check, skipReason);
  if (refused && needsAnswers(check))
    return notApplicableResult(check, `${UNSIGNED_REFUSAL_MESSAGE} (${signingSecretNeeded.id})`);
  return undefined;
}

/** Groups whose checks read only the public `/manifest.json` and `/health`, which answer unsigned (D9). */
const PUBLIC_GROUPS: ReadonlySet<string> = new Set(["manifest", "health"]);

/** Whether a check needs the adapter to answer its calls (so an adapter refusing unsigned calls leaves it nothing). */
function needsAnswers(check: ConformanceCheck): boolean {
  return !PUBLIC_GROUPS.has(check.group) && check.id !== signingSecretNeeded.id;
}

function skippedResult(check: ConformanceCheck, reason: string): CheckResult {
  return { ...resultOf(check, "skipped"), reason };
}

function notApplicableResult(check: ConformanceCheck, reason: string): CheckResult {
  return { ...resultOf(check, "not_applicable"), reason };
}

function resultOf(check: ConformanceCheck, status: "skipped" | "not_applicable"): CheckResult {
  return {
    id: check.id,
    group: check.group,
    level: check.level,
    rationale: check.rationale,
    status,
    duration_ms: 0,
    failures: [],
  };
}

function resolveSettings(options: ConformanceOptions) {
  let url: URL;
  try {
    url = new URL(options.adapterUrl);
  } catch {
    throw new ConformanceUsageError(`not a URL: ${options.adapterUrl}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConformanceUsageError(`the adapter URL must be http(s): ${options.adapterUrl}`);
  if (url.search !== "" || url.hash !== "")
    throw new ConformanceUsageError("the adapter URL must not carry a query or fragment");
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (options.profile !== undefined && !(CONFORMANCE_PROFILES as readonly string[]).includes(options.profile))
    throw new ConformanceUsageError(
      `--profile must be one of ${CONFORMANCE_PROFILES.join(", ")}, got ${options.profile}`,
    );
  if (options.timeoutMs !== undefined && (!Number.isInteger(options.timeoutMs) || options.timeoutMs <= 0))
    throw new ConformanceUsageError(`--timeout must be a positive integer (ms), got ${options.timeoutMs}`);
  const timeouts = Object.fromEntries(
    ADAPTER_ENDPOINTS.map((endpoint) => [endpoint.id, options.timeoutMs ?? endpoint.timeoutMs]),
  ) as Record<AdapterEndpointId, number>;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new ConformanceUsageError(`--concurrency must be a positive integer, got ${concurrency}`);
  return {
    adapterUrl: `${url.origin}${url.pathname.replace(/\/+$/, "")}`,
    only: options.only ?? [],
    skip: options.skip ?? [],
    level: options.level ?? "all",
    profile: options.profile ?? "default",
    timeouts,
    timeoutMs: options.timeoutMs ?? SERVICE_WAIT_MS,
    concurrency,
    // A check makes several calls; its limit leaves room for a few of the slowest kind to time out.
    checkTimeLimitMs: Math.max(...Object.values(timeouts)) * 4,
  };
}
