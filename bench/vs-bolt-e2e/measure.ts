import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMsOf, memoryOf } from "../lib/proc-stats.ts";
import { type BenchChild, startBuiltChild } from "../lib/start-child.ts";
import { isRunning, stopChild } from "../lib/stop-child.ts";
import { newAnswers, slackDeliveries } from "../vs-bolt/deliveries.ts";
import { runLoad } from "../vs-bolt/run-load.ts";
import {
  BOLT_STORE,
  checkStore,
  SERVICE_STORE,
  type StoreCheck,
  type StoreQueries,
  storeFault,
} from "./check-store.ts";

/** SQLite's durability on both sides: `full` (the service's default, D178) or `normal`. */
export type Synchronous = "full" | "normal";

/** One side's processes, started in a fresh data dir: where Slack's deliveries go and what an accepting answer is. */
interface Started {
  readonly inbound: URL;
  readonly accepted: RegExp;
  /** Stopped in this order once the load is over. */
  readonly processes: readonly { readonly name: string; readonly child: BenchChild }[];
  readonly storeFile: string;
  readonly queries: StoreQueries;
}

/** One side's load: events/s, p99, CPU per event and RSS of each of its processes, and what its store held. */
export interface SideSample {
  readonly eventsPerS: number;
  readonly p99Ms: number;
  readonly processes: readonly { readonly name: string; readonly cpuUs: number; readonly rssMb: number }[];
  readonly store: StoreCheck;
  readonly fault: string | undefined;
}

const SECRETS = { slack: randomBytes(16).toString("hex"), app: `whsec_${randomBytes(32).toString("base64")}` };
const here = (file: string) => new URL(file, import.meta.url);

/** The reference service and the chat adapter, each its own process from built JavaScript (bench/inbound's). */
async function startService(dir: string, synchronous: Synchronous): Promise<Started> {
  const adapter = await startBuiltChild(here("../inbound/adapter-server.ts"), {
    BENCH_SLACK_SECRET: SECRETS.slack,
    BENCH_APP_SECRET: SECRETS.app,
  });
  try {
    const { url, credentials } = JSON.parse(adapter.ready) as { url: string; credentials: Record<string, string> };
    const service = await startBuiltChild(here("../inbound/service-server.ts"), {
      BENCH_ADAPTER_URL: url,
      BENCH_APP_SECRET: SECRETS.app,
      BENCH_CREDENTIALS: JSON.stringify(credentials),
      BENCH_DATA_DIR: dir,
      ADAPTERKIT_SQLITE_SYNCHRONOUS: synchronous,
    });
    return {
      inbound: new URL(service.ready),
      accepted: /"outcome":"accepted","event_id":\d+,"workflow_run_ids":\[\d+\]/,
      processes: [
        { name: "service", child: service },
        { name: "adapter", child: adapter },
      ],
      storeFile: join(dir, "adapterkit.sqlite"),
      queries: SERVICE_STORE,
    };
  } catch (error) {
    await stopChild(adapter);
    throw error;
  }
}

/** The Bolt app keeping what it receives (bench/vs-bolt/bolt-server.mjs with BENCH_STORE). */
async function startBolt(dir: string, synchronous: Synchronous): Promise<Started> {
  const storeFile = join(dir, "bolt.sqlite");
  const bolt = await startBuiltChild(here("../vs-bolt/bolt-server.mjs"), {
    SLACK_SIGNING_SECRET: SECRETS.slack,
    BENCH_STORE: storeFile,
    BENCH_SYNCHRONOUS: synchronous,
  });
  return {
    inbound: new URL(`http://127.0.0.1:${bolt.ready}/slack/events`),
    accepted: /^$/,
    processes: [{ name: "bolt", child: bolt }],
    storeFile,
    queries: BOLT_STORE,
  };
}

export const SIDES = { service: startService, bolt: startBolt } as const;

/** Starts a side, warms it up for 1 s, loads it for `duration` s, stops it and checks its store. */
export async function measureSide(
  side: keyof typeof SIDES,
  options: { duration: number; connections: number; synchronous: Synchronous },
): Promise<SideSample> {
  const dir = mkdtempSync(join(tmpdir(), `bench-vs-bolt-e2e-${side}-`));
  let started: Started | undefined;
  try {
    started = await SIDES[side](dir, options.synchronous);
    const answers = newAnswers();
    const requests = slackDeliveries(started.inbound.pathname, SECRETS.slack, answers, started.accepted);
    const load = (duration: number) =>
      runLoad(started!.inbound.origin, requests, { duration, connections: options.connections, perEvent: 1, answers });
    await load(1);
    const pids = started.processes.map(({ child }) => child.child.pid as number);
    const cpuBefore = pids.map(cpuMsOf);
    const measured = await load(options.duration);
    const processes = started.processes.map(({ name }, index) => ({
      name,
      cpuUs: ((cpuMsOf(pids[index]!) - cpuBefore[index]!) * 1000) / measured.events,
      rssMb: memoryOf(pids[index]!).rssMiB,
    }));
    for (const { child } of started.processes) await stopChild(child);
    const store = checkStore(started.storeFile, started.queries, answers.accepted);
    // Two loads (the warm-up and the measured one), each stopped with up to one event per connection unanswered.
    const fault = storeFault(store, 2 * options.connections);
    return { eventsPerS: measured.eventsPerS, p99Ms: measured.p99Ms, processes, store, fault };
  } finally {
    for (const { child } of started?.processes ?? []) if (isRunning(child)) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
