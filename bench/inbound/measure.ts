import { randomBytes } from "node:crypto";
import autocannon, { type Request } from "autocannon";
import { pacedLoad } from "../lib/paced-load.ts";
import { type BenchChild, startBuiltChild } from "../lib/start-child.ts";
import { isRunning, stopChild } from "../lib/stop-child.ts";
import { floorRequests, pipelineRequests, wrongAnswers } from "./load-requests.ts";

/** One measured load: events per second, p99 in ms, and CPU per event (µs) of each process that served it. */
export interface Sample {
  readonly events: number;
  readonly p99: number;
  readonly adapterCpuUs: number;
  readonly serviceCpuUs?: number | undefined;
  /** The service's inbound events by outcome and runs by status when the load stopped. */
  readonly outcomes?: string;
  readonly runs?: string;
  /** The service's event-loop delay during the load, ms: median/p99/max. */
  readonly loopDelay?: string;
  /** TCP connections the adapter accepted, setup and warm-up included. */
  readonly adapterConnections?: number;
}

export const CONNECTIONS = 50;
/** The Slack signing secret the stand-in hands out, and the App's secret the adapter checks (fresh per run). */
export const SECRETS = { slack: randomBytes(16).toString("hex"), app: `whsec_${randomBytes(32).toString("base64")}` };

/**
 * Runs one load; `perEvent` requests make one event. `eventsPerSecond` offers that many events a second, evenly
 * spaced (pacedLoad, D631; default BENCH_RATE); 0 or unset: as many as the server takes, over `connections` kept
 * busy. Fails on any wrong answer.
 */
export async function load(
  url: string,
  requests: Request[],
  perEvent: number,
  duration: number,
  connections = CONNECTIONS,
  eventsPerSecond = Number(process.env.BENCH_RATE ?? 0),
) {
  wrongAnswers.length = 0;
  const rate = eventsPerSecond * perEvent;
  const result =
    rate > 0
      ? await pacedLoad({ url, requests, connections, duration, rate })
      : await autocannon({ url, connections, duration, requests }).then((unlimited) => ({
          requestsPerSecond: unlimited.requests.average,
          total: unlimited.requests.total,
          p99: unlimited.latency.p99,
          non2xx: unlimited.non2xx,
          errors: unlimited.errors,
        }));
  if (result.non2xx > 0 || result.errors > 0 || wrongAnswers.length > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors; ${wrongAnswers.join(" | ")}`);
  }
  return { events: result.requestsPerSecond / perEvent, p99: result.p99, total: result.total / perEvent };
}

export const startAdapter = async () => {
  const child = await startBuiltChild(new URL("./adapter-server.ts", import.meta.url), {
    BENCH_SLACK_SECRET: SECRETS.slack,
    BENCH_APP_SECRET: SECRETS.app,
  });
  return { child, ...(JSON.parse(child.ready) as { url: string; credentials: Record<string, string> }) };
};
/** CPU µs per event over the measured load: from the MARK printed when it started to the CPU printed at the stop. */
export const cpuPerEventUs = (report: Map<string, string>, events: number) =>
  ((Number(report.get("CPU")) - Number(report.get("MARK"))) * 1000) / events;

/** The floor: the adapter alone, each event its one combined `/inbound` call (D413). */
export async function measureFloor(duration: number): Promise<Sample> {
  const adapter = await startAdapter();
  const requests = floorRequests(adapter.url, SECRETS.app, adapter.credentials);
  try {
    await load(adapter.url, requests, 1, 1); // warm-up: JIT, connections
    adapter.child.child.kill("SIGUSR2");
    const { total, ...measured } = await load(adapter.url, requests, 1, duration);
    const report = await stopChild(adapter.child);
    return {
      ...measured,
      adapterCpuUs: cpuPerEventUs(report, total),
      adapterConnections: Number(report.get("CONNECTIONS")),
    };
  } finally {
    if (isRunning(adapter.child)) await stopChild(adapter.child);
  }
}

/** The pipeline: the platform's POST to the service's inbound URL, which calls the adapter's `/inbound` and commits. */
export const measurePipeline = (duration: number) => measureInbound(duration, "./service-server.ts");
/** The bare relay: the platform's POST to a process that only makes the same adapter call and answers. */
export const measureRelay = (duration: number) => measureInbound(duration, "./relay-server.ts");

async function measureInbound(duration: number, entry: string): Promise<Sample> {
  const adapter = await startAdapter();
  let service: BenchChild | undefined;
  try {
    service = await startBuiltChild(new URL(entry, import.meta.url), {
      BENCH_ADAPTER_URL: adapter.url,
      BENCH_APP_SECRET: SECRETS.app,
      BENCH_CREDENTIALS: JSON.stringify(adapter.credentials),
    });
    const inbound = new URL(service.ready);
    const requests = pipelineRequests(inbound.pathname, SECRETS.slack);
    await load(inbound.origin, requests, 1, 1); // warm-up
    for (const child of [service.child, adapter.child.child]) child.kill("SIGUSR2");
    const { total, ...measured } = await load(inbound.origin, requests, 1, duration);
    const report = await stopChild(service);
    const adapterReport = await stopChild(adapter.child);
    return {
      ...measured,
      serviceCpuUs: cpuPerEventUs(report, total),
      adapterCpuUs: cpuPerEventUs(adapterReport, total),
      adapterConnections: Number(adapterReport.get("CONNECTIONS")),
      outcomes: report.get("OUTCOMES") ?? "?",
      runs: report.get("RUNS") ?? "?",
      loopDelay: report.get("LOOP") ?? "?",
    };
  } finally {
    if (service !== undefined && isRunning(service)) await stopChild(service);
    if (isRunning(adapter.child)) await stopChild(adapter.child);
  }
}
