// bench/sdk-overhead: POST /parse-inbound through serve() and toExpressRouter(), each against a
// hand-written handler doing the same parse and validation, measured in the same run (D30). Each variant runs in
// its own process from built JavaScript under plain node, as deployed (D610), warmed up on the connections it is
// then measured on; each run prints its requests/s, the server's CPU per request and the load average. The CPU
// ratio (the baseline's µs per request over the subject's) is what the throughput ratio would be with the server
// alone the bottleneck; on a shared two-core machine, where the load generator needs about as much CPU as the
// server, it moves much less than requests/s (D611). Knobs: BENCH_DURATION (s, default 5), BENCH_WARMUP (s, 3),
// BENCH_ROUNDS (3).
import autocannon from "autocannon";
import { buildPackages } from "../lib/build-packages.ts";
import { loadAverage } from "../lib/load-average.ts";
import { median } from "../lib/median.ts";
import { cpuMsOf } from "../lib/proc-stats.ts";
import { startBuiltChild } from "../lib/start-child.ts";
import { stopChild } from "../lib/stop-child.ts";
import { PATH, SAMPLE } from "./parse-inbound.ts";
import type { Variant } from "./servers.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const PAIRS: { name: string; baseline: Variant; subject: Variant; goal: number }[] = [
  { name: "serve() vs hand-written node:http", baseline: "node-baseline", subject: "node-sdk", goal: 0.85 },
  {
    name: "toExpressRouter() vs hand-written Express",
    baseline: "express-baseline",
    subject: "express-sdk",
    goal: 0.95,
  },
];

interface Sample {
  requestsPerS: number;
  cpuUs: number;
  p99: number;
}

async function load(port: number, duration: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${PATH}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: SAMPLE,
    connections: CONNECTIONS,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`port ${port}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

async function measure(variant: Variant): Promise<Sample> {
  const server = await startBuiltChild(new URL("./server-process.ts", import.meta.url), { BENCH_VARIANT: variant });
  const port = Number(server.ready);
  const pid = server.child.pid as number;
  try {
    // Warm-up: the JIT settles the hot path (a second at a loaded machine's few thousand requests/s left functions
    // still being optimised during the measured load, on background threads whose CPU counts).
    await load(port, WARMUP_S);
    const cpuBefore = cpuMsOf(pid);
    const result = await load(port, DURATION_S);
    const cpuUs = ((cpuMsOf(pid) - cpuBefore) * 1000) / result.requests.total;
    return { requestsPerS: result.requests.average, cpuUs, p99: result.latency.p99 };
  } finally {
    await stopChild(server);
  }
}

const fixed = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);
const row = (label: string, sample: Sample) =>
  `${label.padEnd(17)} ${fixed(sample.requestsPerS, 7)} req/s ${fixed(sample.cpuUs, 6, 1)} µs CPU/req  p99 ${sample.p99} ms`;

async function main(): Promise<void> {
  await buildPackages("sdk-overhead");
  console.log(
    `sdk-overhead: POST ${PATH}, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per run, ${ROUNDS} rounds (median)`,
  );
  const samples = new Map<Variant, Sample[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating baseline and subject within each round spreads machine noise over both.
    for (const pair of PAIRS) {
      for (const variant of round % 2 === 0 ? [pair.baseline, pair.subject] : [pair.subject, pair.baseline]) {
        const sample = await measure(variant);
        console.log(`  round ${round + 1} ${row(variant, sample)}  load ${loadAverage()}`);
        samples.set(variant, [...(samples.get(variant) ?? []), sample]);
      }
    }
  }
  const figure = (variant: Variant): Sample => {
    const runs = samples.get(variant) ?? [];
    const of = (key: keyof Sample) => median(runs.map((run) => run[key]));
    return { requestsPerS: of("requestsPerS"), cpuUs: of("cpuUs"), p99: of("p99") };
  };
  for (const pair of PAIRS) {
    const baseline = figure(pair.baseline);
    const subject = figure(pair.subject);
    const ratio = subject.requestsPerS / baseline.requestsPerS;
    console.log(`\n${pair.name} (medians, load ${loadAverage()})`);
    console.log(`  ${row(pair.baseline, baseline)}`);
    console.log(`  ${row(pair.subject, subject)}`);
    console.log(
      `  throughput ratio ${ratio.toFixed(3)} (goal ≥ ${pair.goal}) ${ratio >= pair.goal ? "met" : "NOT MET"}; CPU ratio ${(baseline.cpuUs / subject.cpuUs).toFixed(3)}`,
    );
  }
}

await main();
