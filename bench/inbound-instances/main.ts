// bench/inbound-instances: two service instances on one PostgreSQL schema under bench/inbound's load (D422, D416).
// Each round first finds how many events a second one instance takes (as many as 50 connections send), then offers
// a fixed rate below that (half of it, or BENCH_RATE) to one instance and to two instances on a fresh schema with
// the load split between them (half the connections and half the rate each), and prints the CPU per event of both
// instances together against one instance's at that same rate, with the duplicate check: every delivery has its
// own dedup key, so a key with two rows is an event recorded twice. On two cores, CPU per event (not events/s) shows
// whether instances duplicate work, and only at one rate: CPU per event falls as batches fill (D179). A limited rate
// is offered steadily, each request at its own moment (pacedLoad, D631), on at most the load's connections. A fourth
// load, one instance with each instance's share (half the rate on half the connections), shows what is left once
// the smaller load each of two sees is taken out (D618), and each
// load prints the statements and commits the instances sent per event (counted in each instance: the database's own
// counters also count whoever else uses it meanwhile).
// PostgreSQL from BENCH_DATABASE_URL, else ADAPTERKIT_TEST_DATABASE_URL; skipped, saying why, when unset or
// unreachable. BENCH_DURATION (s, default 4), BENCH_ROUNDS (default 3), BENCH_RATE (events/s, default half of what
// one instance took in the round).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipelineRequests } from "../inbound/load-requests.ts";
import { CONNECTIONS, cpuPerEventUs, load, SECRETS, startAdapter } from "../inbound/measure.ts";
import { benchDatabaseUrl, reachable } from "../lib/bench-postgres.ts";
import { buildPackages } from "../lib/build-packages.ts";
import { median } from "../lib/median.ts";
import { type BenchChild, startBuiltChild } from "../lib/start-child.ts";
import { isRunning, stopChild } from "../lib/stop-child.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL = 1.2;
const databaseUrl = benchDatabaseUrl();

interface Measured {
  readonly events: number;
  readonly cpuUs: number;
  readonly p99: number;
  readonly recorded: string;
  readonly duplicates: number;
  /** Statements the instances sent per event during the load. */
  readonly statementsPerEvent: number;
  /** Transactions the instances committed per event during the load: how full their batches were. */
  readonly commitsPerEvent: number;
}

/**
 * One load over `instances` service processes on one fresh schema, the connections (all of them unless given) and
 * the offered rate (events/s, 0: unlimited) split between them.
 */
async function measure(instances: 1 | 2, url: string, rate: number, allConnections = CONNECTIONS): Promise<Measured> {
  const adapter = await startAdapter();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-inbound-instances-"));
  const schema = `bench_instances_${randomBytes(4).toString("hex")}`;
  const env = {
    BENCH_ADAPTER_URL: adapter.url,
    BENCH_APP_SECRET: SECRETS.app,
    BENCH_CREDENTIALS: JSON.stringify(adapter.credentials),
    BENCH_DATABASE_URL: url,
    BENCH_SCHEMA: schema,
    BENCH_DATA_DIR: dataDir,
  };
  const entry = new URL("../inbound/service-server.ts", import.meta.url);
  const services: BenchChild[] = [];
  try {
    services.push(await startBuiltChild(entry, { ...env, BENCH_DROP_SCHEMA: "1" }));
    const inbound = new URL(services[0]?.ready ?? "");
    if (instances === 2) services.push(await startBuiltChild(entry, { ...env, BENCH_JOIN: inbound.pathname }));
    const origins = services.map((service) => new URL(service.ready).origin);
    const requests = pipelineRequests(inbound.pathname, SECRETS.slack);
    const connections = allConnections / instances;
    const each = rate / instances;
    await Promise.all(origins.map((origin) => load(origin, requests, 1, 1, connections, each))); // warm-up
    for (const service of services) service.child.kill("SIGUSR2");
    const loads = await Promise.all(origins.map((origin) => load(origin, requests, 1, DURATION_S, connections, each)));
    // The instance that set the schema up stops last: it counts what both recorded, then drops the schema.
    const reports: Map<string, string>[] = [];
    for (const service of [...services].reverse()) reports.push(await stopChild(service));
    const total = loads.reduce((sum, one) => sum + one.total, 0);
    const cpuUs = reports.reduce((sum, report) => sum + cpuPerEventUs(report, total), 0);
    const last = reports.at(-1);
    const perEvent = (word: string) => reports.reduce((sum, report) => sum + Number(report.get(word)), 0) / total;
    return {
      events: loads.reduce((sum, one) => sum + one.events, 0),
      cpuUs,
      p99: Math.max(...loads.map((one) => one.p99)),
      recorded: `${last?.get("OUTCOMES") ?? "?"} runs ${last?.get("RUNS") ?? "?"}`,
      duplicates: Number(last?.get("DUPLICATES") ?? Number.NaN),
      statementsPerEvent: perEvent("STATEMENTS"),
      commitsPerEvent: perEvent("COMMITS"),
    };
  } finally {
    for (const service of services) if (isRunning(service)) await stopChild(service);
    if (isRunning(adapter.child)) await stopChild(adapter.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (databaseUrl === undefined) {
  console.log("inbound-instances: skipped: no PostgreSQL (set BENCH_DATABASE_URL or ADAPTERKIT_TEST_DATABASE_URL)");
  process.exit(0);
}
if (!(await reachable(databaseUrl))) {
  console.log(`inbound-instances: skipped: PostgreSQL at ${new URL(databaseUrl).host} is not reachable`);
  process.exit(0);
}
await buildPackages("inbound-instances");
console.log(`inbound-instances: ${CONNECTIONS} connections, ${DURATION_S} s per load, ${ROUNDS} rounds, PostgreSQL`);
const ratios: number[] = [];
const shareRatios: number[] = [];
let duplicates = 0;
for (let round = 1; round <= ROUNDS; round += 1) {
  const line = (name: string, m: Measured) =>
    console.log(
      `round ${round}/${ROUNDS}  ${name.padEnd(34)}  ${Math.round(m.events)} events/s  p99 ${m.p99} ms  CPU µs/event ` +
        `(services) ${Math.round(m.cpuUs)}  statements/event ${m.statementsPerEvent.toFixed(2)}  commits/event ` +
        `${m.commitsPerEvent.toFixed(2)}  recorded ${m.recorded}  ` +
        `duplicates ${m.duplicates}`,
    );
  const most = await measure(1, databaseUrl, 0);
  line("one instance, as fast as it goes", most);
  const rate = Number(process.env.BENCH_RATE ?? 0) || Math.round(most.events / 2);
  const one = await measure(1, databaseUrl, rate);
  line(`one instance at ${rate} events/s`, one);
  const two = await measure(2, databaseUrl, rate);
  line(`two instances at ${rate} events/s`, two);
  // Each of the two serves half the rate on half the connections; one instance given just that shows what an
  // instance costs at its share.
  const half = Math.round(rate / 2);
  const share = await measure(1, databaseUrl, half, CONNECTIONS / 2);
  line(`one instance at ${half} events/s, ${CONNECTIONS / 2} conns`, share);
  for (const m of [most, one, two, share]) duplicates += m.duplicates;
  ratios.push(two.cpuUs / one.cpuUs);
  shareRatios.push(two.cpuUs / share.cpuUs);
  console.log(
    `round ${round}/${ROUNDS}  CPU per event, two instances at ${rate} events/s against one instance at ${rate}: ` +
      `${(two.cpuUs / one.cpuUs).toFixed(2)}, at each one's share (${half}): ${(two.cpuUs / share.cpuUs).toFixed(2)}`,
  );
}
const ratio = median(ratios);
const met = ratio <= GOAL && duplicates === 0;
console.log(
  `two instances vs one at the same rate: CPU per event ${ratio.toFixed(2)}× (median of ${ROUNDS}; goal ≤ ${GOAL}×), ` +
    `duplicates ${duplicates} (goal 0): ${met ? "met" : "NOT MET"}`,
);
console.log(
  `two instances vs one instance at each one's share of the rate: ${median(shareRatios).toFixed(2)}× (median): what ` +
    "is left once the smaller load each instance sees (fewer events per batch and per system call) is taken out",
);
