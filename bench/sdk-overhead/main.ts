// bench/sdk-overhead: POST /parse-inbound through serve() and toExpressRouter(), each against a
// hand-written handler doing the same parse and validation, measured in the same run (D30).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { PATH, SAMPLE } from "./parse-inbound.ts";
import type { Variant } from "./servers.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
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
  requests: number;
  p99: number;
}

async function startChild(variant: Variant): Promise<{ child: ChildProcess; port: number }> {
  const entry = fileURLToPath(new URL("./server-process.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", entry, variant], { stdio: ["ignore", "pipe", "inherit"] });
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    const port = Number(/^READY (\d+)$/.exec(line)?.[1]);
    if (port) return { child, port };
  }
  child.kill("SIGKILL");
  throw new Error(`${variant} exited before it was ready`);
}

async function load(port: number, duration: number): Promise<Sample> {
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
  return { requests: result.requests.average, p99: result.latency.p99 };
}

async function measure(variant: Variant): Promise<Sample> {
  const { child, port } = await startChild(variant);
  try {
    await load(port, 1); // warm-up: JIT and connection set-up
    return await load(port, DURATION_S);
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  console.log(
    `sdk-overhead: POST ${PATH}, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} rounds (median)`,
  );
  const samples = new Map<Variant, Sample[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating baseline and subject within each round spreads machine noise over both.
    for (const pair of PAIRS) {
      for (const variant of round % 2 === 0 ? [pair.baseline, pair.subject] : [pair.subject, pair.baseline]) {
        samples.set(variant, [...(samples.get(variant) ?? []), await measure(variant)]);
      }
    }
  }
  const figure = (variant: Variant) => {
    const runs = samples.get(variant) ?? [];
    return { requests: median(runs.map((run) => run.requests)), p99: median(runs.map((run) => run.p99)) };
  };
  for (const pair of PAIRS) {
    const baseline = figure(pair.baseline);
    const subject = figure(pair.subject);
    const ratio = subject.requests / baseline.requests;
    console.log(`\n${pair.name}`);
    console.log(
      `  ${pair.baseline.padEnd(17)} ${Math.round(baseline.requests).toString().padStart(7)} req/s  p99 ${baseline.p99} ms`,
    );
    console.log(
      `  ${pair.subject.padEnd(17)} ${Math.round(subject.requests).toString().padStart(7)} req/s  p99 ${subject.p99} ms`,
    );
    console.log(
      `  throughput ratio ${ratio.toFixed(2)} (goal ≥ ${pair.goal}) ${ratio >= pair.goal ? "met" : "NOT MET"}`,
    );
  }
}

await main();
