import {
  type ConformanceReport,
  type Fixtures,
  FixturesError,
  loadFixtures,
  runConformance,
  startStandInPlatform,
} from "@adapterkit/conformance";
import { ADAPTER_ALLOWED_HOSTS, parseAllowedHosts } from "@adapterkit/sdk";
import { compareRuns, type RunStatuses, statusesOf } from "./compare-runs.ts";
import type { DevEvent } from "./dev-event.ts";
import { type AdapterProcess, startAdapterProcess } from "./start-adapter-process.ts";

type RunningStandInPlatform = Awaited<ReturnType<typeof startStandInPlatform>>;

/** Options of {@link startDevSession}. */
export interface DevSessionOptions {
  readonly dir: string;
  /** `node` arguments that run the project: loader flags and its entry file. */
  readonly nodeArgs: readonly string[];
  /** Absolute path of the fixtures file, or undefined to run with the runner's defaults. */
  readonly fixtures: string | undefined;
  readonly port: number;
  readonly signingSecret: string;
  readonly level: "required" | "all";
  /** The environment the adapter starts with; dev adds PORT, the secret and the stand-in's hosts. */
  readonly env: NodeJS.ProcessEnv;
  readonly startTimeoutMs: number;
  readonly onAdapterLine?: (line: string) => void;
  readonly emit: (event: DevEvent) => void;
}

/** A running `adapterkit dev`: `changed` restarts and checks again; `stop` stops the adapter it started. */
export interface DevSession {
  changed(files: readonly string[]): void;
  stop(signal: string): Promise<void>;
}

/**
 * Starts the project, runs the checks against it signed with its fixtures, and does both again on each change,
 * reporting each run against the last complete one. One cycle at a time: a change during a cycle lets the cycle end,
 * drops its run (it checked code that is gone) and starts the next.
 * @example const session = startDevSession({ dir, nodeArgs, fixtures, port, signingSecret, level: "all", env, startTimeoutMs: 60_000, emit });
 */
export function startDevSession(options: DevSessionOptions): DevSession {
  const { emit } = options;
  let adapter: AdapterProcess | undefined;
  let baseline: RunStatuses | undefined;
  let pending = true;
  let stopped = false;
  let busy: Promise<void> | undefined;
  let starts = 0;
  let runs = 0;

  const checkAgainst = async (
    url: string,
    fixtures: Fixtures,
    platform: RunningStandInPlatform,
    exited: () => boolean,
  ) => {
    runs += 1;
    const run = runs;
    let report: ConformanceReport;
    try {
      report = await runConformance({
        adapterUrl: url,
        fixtures,
        signingSecret: options.signingSecret,
        level: options.level,
        platform,
        onProgress: (event) => {
          if (event.type === "start") emit({ type: "run-start", run, url, total: event.total });
          if (event.type === "check-end") emit({ type: "run-progress", run, done: event.done, total: event.total });
        },
      });
    } catch (error) {
      emit({ type: "run-error", run, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (stopped) return;
    if (pending) return emit({ type: "run-discarded", run, reason: "the project changed during the run" });
    if (exited()) return emit({ type: "run-discarded", run, reason: "the adapter exited during the run" });
    if (report.result === "unreachable")
      return emit({ type: "run-unreachable", run, error: report.error ?? "the adapter is unreachable" });
    const comparison = compareRuns(baseline, report.checks);
    emit({
      type: "run-end",
      run,
      result: report.result,
      summary: report.summary,
      durationMs: report.duration_ms,
      first: baseline === undefined,
      newlyFailing: comparison.newlyFailing,
      newlyPassing: comparison.newlyPassing,
      stillFailing: comparison.stillFailing.map((check) => check.id),
    });
    baseline = statusesOf(report.checks);
  };

  const cycle = async () => {
    await adapter?.stop();
    adapter = undefined;
    let fixtures: Fixtures;
    try {
      fixtures = await loadFixtures(options.fixtures);
    } catch (error) {
      if (!(error instanceof FixturesError)) throw error;
      return emit({ type: "fixtures-error", message: error.message });
    }
    starts += 1;
    const start = starts;
    emit({ type: "starting", start });
    // The stand-in platform is up before the adapter, so the adapter's outbound guard can allow exactly its address.
    const smtp = fixtures.platform?.smtp;
    const platform = await startStandInPlatform(smtp === undefined ? {} : { smtp });
    try {
      const started = startAdapterProcess({
        dir: options.dir,
        args: options.nodeArgs,
        env: adapterEnv(options, platform),
        startTimeoutMs: options.startTimeoutMs,
        ...(options.onAdapterLine === undefined ? {} : { onLine: options.onAdapterLine }),
      });
      adapter = started;
      const ready = await started.ready;
      if (stopped) return;
      if (!ready.ok) return emit({ type: "adapter-exit", ...withoutOk(ready) });
      emit({ type: "serving", start, url: ready.url, pid: started.pid ?? 0 });
      let exited = false;
      void started.crashed.then((exit) => {
        exited = true;
        if (stopped || adapter !== started) return;
        emit({ type: "adapter-exit", ...exit });
        // A crash between runs: say that dev still watches (a cycle in progress says so when it ends).
        if (busy === undefined) emit({ type: "idle" });
      });
      if (pending) return;
      await checkAgainst(ready.url, fixtures, platform, () => exited);
    } finally {
      await platform.close();
    }
  };

  const kick = () => {
    if (busy !== undefined || stopped) return;
    busy = (async () => {
      while (pending && !stopped) {
        pending = false;
        await cycle().catch((error: unknown) =>
          emit({ type: "run-error", run: runs, message: error instanceof Error ? error.message : String(error) }),
        );
      }
      if (!stopped) emit({ type: "idle" });
    })().finally(() => {
      busy = undefined;
      if (pending) kick();
    });
  };

  kick();
  return {
    changed: (files) => {
      if (stopped) return;
      emit({ type: "change", files });
      pending = true;
      kick();
    },
    stop: async (signal) => {
      stopped = true;
      await adapter?.stop();
      await busy;
      emit({ type: "stopped", signal });
    },
  };
}

/** The adapter's environment: the author's, plus the port, the secret, and the stand-in platform's hosts allowed. */
function adapterEnv(options: DevSessionOptions, platform: RunningStandInPlatform): NodeJS.ProcessEnv {
  const standIn = [
    new URL(platform.url).host,
    ...(platform.smtp ? [`${platform.smtp.host}:${platform.smtp.port}`] : []),
  ];
  const allowed = [...standIn, ...parseAllowedHosts(options.env[ADAPTER_ALLOWED_HOSTS])];
  return {
    ...options.env,
    PORT: String(options.port),
    ADAPTER_SIGNING_SECRET: options.signingSecret,
    [ADAPTER_ALLOWED_HOSTS]: allowed.join(","),
    // dev finds the adapter's URL in its `listening` line, logged at info: a quieter level would hide it.
    LOG_LEVEL: options.env.LOG_LEVEL === "debug" || options.env.LOG_LEVEL === "trace" ? options.env.LOG_LEVEL : "info",
  };
}

function withoutOk<T extends { ok: boolean }>(value: T): Omit<T, "ok"> {
  const { ok: _ok, ...rest } = value;
  return rest;
}
