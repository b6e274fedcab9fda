// bench/hooks: sustained POST /api/v1/hooks/:token against the real service on SQLite (durable writes), with a
// minimal node:http + better-sqlite3 server doing one insert per request as the baseline, measured in the same run
// (D30). Goal (issue 6): at least 0.5 of the baseline's throughput, p99 under 25 ms at 50 connections.
// The goal is judged on the hook path — the service with its run worker off — because the baseline accepts and
// executes nothing; the service with its worker executing the runs alongside is measured and printed too, with
// the runs it got through, so nothing is hidden (docs/decisions.md D102). Both run with SQLite synchronous=FULL, the
// service's default (D107: an acknowledged hook survives power loss); the baseline and the hook path are measured
// with synchronous=NORMAL too, to show what that durability costs.
// Beside throughput it prints each server's CPU time per request (from process.cpuUsage in the child): on a shared,
// loaded machine a process gets a varying share of the cores, which moves req/s a lot and CPU per request little.
// With a PostgreSQL (BENCH_DATABASE_URL, else ADAPTERKIT_TEST_DATABASE_URL) the hook path runs on it too, a fresh
// schema each run, and prints its statements per request (D639). No goal: its store is not the baseline's.
// Knobs: BENCH_DURATION (s, default 5), BENCH_ROUNDS (default 3); for the service child BENCH_LOG_LEVEL (default
// warn) and BENCH_WORKER_CONCURRENCY (default: the service's own).
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { benchDatabaseUrl, reachable } from "../lib/bench-postgres.ts";
import { median } from "../lib/median.ts";
import { startChild } from "../lib/start-child.ts";
import { stopChild } from "../lib/stop-child.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const BODY = JSON.stringify({ order: 1, items: ["a", "b"] });
const GOAL = { ratio: 0.5, p99Ms: 25 };

interface Variant {
  readonly name: string;
  readonly entry: string;
  readonly env?: Record<string, string>;
}

const HOOK_PATH = "service, hook path";
const WITH_WORKER = "service + run worker";
const NORMAL = { ADAPTERKIT_SQLITE_SYNCHRONOUS: "normal" };
const FULL = { ADAPTERKIT_SQLITE_SYNCHRONOUS: "full" };
const BASELINE_NORMAL = "baseline, NORMAL";
const HOOK_PATH_NORMAL = "hook path, NORMAL";
const HOOK_PATH_POSTGRES = "hook path, PostgreSQL";
const databaseUrl = benchDatabaseUrl();
const postgres = databaseUrl !== undefined && (await reachable(databaseUrl)) ? databaseUrl : undefined;
const VARIANTS: readonly Variant[] = [
  { name: "baseline", entry: "./baseline-server.ts", env: FULL },
  { name: HOOK_PATH, entry: "./service-server.ts", env: { ...FULL, BENCH_WORKER: "off" } },
  { name: WITH_WORKER, entry: "./service-server.ts", env: FULL },
  { name: BASELINE_NORMAL, entry: "./baseline-server.ts", env: NORMAL },
  { name: HOOK_PATH_NORMAL, entry: "./service-server.ts", env: { ...NORMAL, BENCH_WORKER: "off" } },
  ...(postgres === undefined
    ? []
    : [
        {
          name: HOOK_PATH_POSTGRES,
          entry: "./service-server.ts",
          env: { BENCH_WORKER: "off", BENCH_STORE: "postgres" },
        },
      ]),
];

interface Sample {
  readonly requests: number;
  readonly p99: number;
  /** The server's CPU time per request served (warm-up included), in microseconds. */
  readonly cpuPerRequestUs?: number;
  /** The service's runs by status when the load stopped: whether the worker kept up. */
  readonly runs?: string;
  /** On PostgreSQL, the statements the service sent per request served (warm-up included). */
  readonly statementsPerRequest?: number;
}

async function load(url: string, duration: number): Promise<Sample & { total: number }> {
  const result = await autocannon({
    url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    connections: CONNECTIONS,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requests: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

async function measure(variant: Variant): Promise<Sample> {
  const store =
    variant.env?.BENCH_STORE === "postgres" && postgres !== undefined
      ? { BENCH_DATABASE_URL: postgres, BENCH_SCHEMA: `bench_hooks_${randomBytes(4).toString("hex")}` }
      : {};
  const child = await startChild(new URL(variant.entry, import.meta.url), { ...variant.env, ...store });
  const url = child.ready;
  let sample: Sample = { requests: 0, p99: 0 };
  let served = 0;
  try {
    served += (await load(url, 1)).total; // warm-up: JIT, prepared statements, connection set-up
    const { total, ...measured } = await load(url, DURATION_S);
    served += total;
    sample = measured;
  } finally {
    const report = await stopChild(child);
    const runs = report.get("RUNS");
    if (runs !== undefined) sample = { ...sample, runs };
    const cpuMs = report.get("CPU");
    if (cpuMs !== undefined && served > 0) sample = { ...sample, cpuPerRequestUs: (Number(cpuMs) * 1000) / served };
    const sent = report.get("STATEMENTS");
    if (sent !== undefined && served > 0) sample = { ...sample, statementsPerRequest: Number(sent) / served };
  }
  return sample;
}

const pad = (value: number, width: number) => Math.round(value).toString().padStart(width);
const show = (name: string, sample: Sample) =>
  `  ${name.padEnd(22)} ${pad(sample.requests, 7)} req/s  p99 ${pad(sample.p99, 3)} ms` +
  `  CPU ${pad(sample.cpuPerRequestUs ?? Number.NaN, 4)} µs/req`;

async function main(): Promise<void> {
  console.log(
    `hooks: POST /api/v1/hooks/:token, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} rounds`,
  );
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating the order each round spreads machine noise over every variant.
    const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
    for (const variant of order) {
      const sample = await measure(variant);
      samples.set(variant.name, [...(samples.get(variant.name) ?? []), sample]);
      const runs = sample.runs === undefined ? "" : `  runs at the end ${sample.runs}`;
      const sent = sample.statementsPerRequest;
      const perRequest = sent === undefined ? "" : `  statements/req ${sent.toFixed(2)}`;
      console.log(`round ${round + 1}/${ROUNDS}${show(variant.name, sample)}${perRequest}${runs}`);
    }
  }
  const figure = (name: string): Sample => {
    const runs = samples.get(name) ?? [];
    return {
      requests: median(runs.map((run) => run.requests)),
      p99: median(runs.map((run) => run.p99)),
      cpuPerRequestUs: median(runs.map((run) => run.cpuPerRequestUs ?? Number.NaN)),
      statementsPerRequest: median(runs.map((run) => run.statementsPerRequest ?? Number.NaN)),
    };
  };
  const baseline = figure("baseline");
  console.log("\nmedians");
  for (const variant of VARIANTS) {
    const sample = figure(variant.name);
    const cpuRatio = (baseline.cpuPerRequestUs ?? Number.NaN) / (sample.cpuPerRequestUs ?? Number.NaN);
    const ratio =
      variant.name === "baseline"
        ? ""
        : `  ratio ${(sample.requests / baseline.requests).toFixed(2)}  CPU ratio ${cpuRatio.toFixed(2)}`;
    console.log(`${show(variant.name, sample)}${ratio}`);
  }
  const verdict = (name: string, judged: boolean) => {
    const sample = figure(name);
    const ratio = sample.requests / baseline.requests;
    const met = ratio >= GOAL.ratio && sample.p99 < GOAL.p99Ms;
    const outcome = judged ? (met ? "met" : "NOT MET") : `${met ? "also within" : "outside"} the goal (not judged)`;
    return (
      `${name} vs baseline: throughput ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL.ratio}), p99 ${sample.p99} ms ` +
      `(goal < ${GOAL.p99Ms} ms; baseline ${baseline.p99} ms): ${outcome}`
    );
  };
  console.log(`\n${verdict(HOOK_PATH, true)}`);
  console.log(verdict(WITH_WORKER, false));
  const normal = figure(BASELINE_NORMAL);
  const hookNormal = figure(HOOK_PATH_NORMAL);
  console.log(
    `synchronous=NORMAL (ADAPTERKIT_SQLITE_SYNCHRONOUS=normal; may lose the last commits on power loss): hook path ` +
      `${Math.round(hookNormal.requests)} req/s, ratio ${(hookNormal.requests / normal.requests).toFixed(2)} to its ` +
      `baseline; FULL keeps ${(figure(HOOK_PATH).requests / hookNormal.requests).toFixed(2)} of NORMAL's hook throughput`,
  );
  if (postgres === undefined) {
    console.log(
      "hook path on PostgreSQL: skipped (set BENCH_DATABASE_URL or ADAPTERKIT_TEST_DATABASE_URL to a reachable one)",
    );
  } else {
    const onPostgres = figure(HOOK_PATH_POSTGRES);
    console.log(
      `hook path on PostgreSQL (no goal: another store than the baseline's): ${Math.round(onPostgres.requests)} ` +
        `req/s, CPU ${Math.round(onPostgres.cpuPerRequestUs ?? Number.NaN)} µs/req, ` +
        `${(onPostgres.statementsPerRequest ?? Number.NaN).toFixed(2)} statements/req`,
    );
  }
}

await main();
