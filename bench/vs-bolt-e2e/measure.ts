import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMsOf, memoryOf } from "../lib/proc-stats.ts";
import { isRunning, stopChild } from "../lib/stop-child.ts";
import type { SampleWindow } from "../lib/summarize-cpu-profile.ts";
import { type Answers, newAnswers, slackDeliveries } from "../vs-bolt/deliveries.ts";
import { runLoad } from "../vs-bolt/run-load.ts";
import { checkStore, type StoreCheck, storeFault } from "./check-store.ts";
import { SECRETS, type Side, type Started, type Synchronous, startSide } from "./start-side.ts";

/** One side's load: deliveries/s, p99, CPU per delivery and RSS of each process, its answers and its store. */
export interface SideSample {
  readonly eventsPerS: number;
  readonly p99Ms: number;
  readonly processes: readonly { readonly name: string; readonly cpuUs: number; readonly rssMb: number }[];
  readonly answers: Pick<Answers, "retriesSent" | "acceptedTwice"> & { readonly duplicates: number };
  /** What its store held; undefined for the relay, which keeps nothing. */
  readonly store: StoreCheck | undefined;
  readonly fault: string | undefined;
  /** When the measured load ran, on the monotonic clock a CPU profile's samples are stamped with. */
  readonly window: SampleWindow;
}

/** How each side is loaded. */
export interface LoadOptions {
  readonly duration: number;
  readonly connections: number;
  readonly synchronous: Synchronous;
  /** Every n-th new event is delivered twice, as Slack retries it. */
  readonly retryEvery: number;
  readonly profileDir?: string | undefined;
}

/** The event ids a side answered 200 for: each must be in its store exactly once. */
export const answeredIds = (answers: Answers): Set<string> => new Set([...answers.accepted, ...answers.duplicates]);

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Starts a side, warms it up for 1 s, loads it for `duration` s, stops it and checks its store. */
export async function measureSide(side: Side, options: LoadOptions): Promise<SideSample> {
  const dir = mkdtempSync(join(tmpdir(), `bench-vs-bolt-e2e-${side}-`));
  let started: Started | undefined;
  try {
    started = await startSide(side, { dir, synchronous: options.synchronous, profileDir: options.profileDir });
    const answers = newAnswers();
    const requests = slackDeliveries(started.inbound.pathname, SECRETS.slack, answers, {
      ...started.answers,
      retryEvery: options.retryEvery,
    });
    const load = (duration: number) =>
      runLoad(started!.inbound.origin, requests, { duration, connections: options.connections, perEvent: 1, answers });
    await load(1);
    const pids = started.processes.map(({ child }) => child.child.pid as number);
    // A profiled service times its statements from here on (D625).
    if (options.profileDir !== undefined) {
      for (const { name, child } of started.processes) if (name === "service") child.child.kill("SIGUSR2");
    }
    const cpuBefore = pids.map(cpuMsOf);
    const startUs = monotonicUs();
    const measured = await load(options.duration);
    const window = { startUs, endUs: monotonicUs() };
    const processes = started.processes.map(({ name }, index) => ({
      name,
      cpuUs: ((cpuMsOf(pids[index]!) - cpuBefore[index]!) * 1000) / measured.events,
      rssMb: memoryOf(pids[index]!).rssMiB,
    }));
    for (const { child } of started.processes) await stopChild(child);
    const kept = started.store;
    const store = kept === undefined ? undefined : checkStore(kept.file, kept.queries, answeredIds(answers));
    // Two loads (the warm-up and the measured one), each stopped with up to one event per connection unanswered.
    const fault =
      answers.acceptedTwice > 0
        ? `${answers.acceptedTwice} deliveries of an event already accepted were accepted again`
        : store === undefined
          ? undefined
          : storeFault(store, 2 * options.connections);
    const { retriesSent, acceptedTwice } = answers;
    return {
      eventsPerS: measured.eventsPerS,
      p99Ms: measured.p99Ms,
      processes,
      answers: { retriesSent, acceptedTwice, duplicates: answers.duplicates.size },
      store,
      fault,
      window,
    };
  } finally {
    for (const { child } of started?.processes ?? []) if (isRunning(child)) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
