// bench/inbound (A16, issue 15): signed chat platform deliveries through the whole inbound pipeline — POST
// /api/v1/apps/{installation_id}/inbound: the adapter's combined /inbound (D410), dedup, routing to an app-event
// trigger, the event and a queued run committed (SQLite, synchronous=FULL) before the 200 — against the floor: the same
// deliveries sent straight to the chat adapter's /inbound (one call per event, the same signing; D413), which the
// pipeline cannot beat. Every request is a new event signed at send time. Floor and pipeline alternate within each
// round (D30), with a third load beside them: a bare relay making only the adapter call, which shows what of the
// service's CPU per event is the calls and what is its own work (D310). Goal: at least 0.4 of the floor's events/s
// (issue 36's; D607), p99 under 50 ms at 50 connections. Beside throughput it prints CPU per event of each process (the
// service, the adapter), since on a loaded machine CPU per event moves much less than events/s. Knobs: BENCH_DURATION
// (s, default 4), BENCH_ROUNDS (default 3), BENCH_RATE (events/s offered to each side, evenly spaced, D631; default unlimited): CPU per
// event depends on the rate (D179), so two builds compared on a loaded machine are compared at one fixed rate both
// reach (D260). Every server runs as deployed: built JavaScript under plain node (D417).
import { buildPackages } from "../lib/build-packages.ts";
import { median } from "../lib/median.ts";
import { measureFloor, measurePipeline, measureRelay, type Sample } from "./measure.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL = { ratio: 0.4, p99Ms: 50 };
const FLOOR = "floor (adapter, 1 call)";
const PIPELINE = "pipeline (service)";
// Not part of the goal: how far a process doing only the adapter call gets, so the service's own share is visible.
const RELAY = "relay (the call only)";
const VARIANTS = [
  { name: FLOOR, measure: measureFloor },
  { name: PIPELINE, measure: measurePipeline },
  { name: RELAY, measure: measureRelay },
];

const pad = (value: number, width: number) => Math.round(value).toString().padStart(width);
function show(name: string, sample: Sample): string {
  const service =
    sample.serviceCpuUs === undefined
      ? ""
      : `  ${name === RELAY ? "relay  " : "service"} ${pad(sample.serviceCpuUs, 4)}`;
  const p99 = "p99";
  return (
    `  ${name.padEnd(25)} ${pad(sample.events, 6)} events/s  ${p99} ${pad(sample.p99, 3)} ms` +
    `  CPU µs/event: adapter ${pad(sample.adapterCpuUs, 4)}${service}` +
    (sample.adapterConnections === undefined ? "" : `  adapter connections ${sample.adapterConnections}`)
  );
}

async function main(): Promise<void> {
  await buildPackages("inbound");
  console.log(`inbound: 50 connections, ${DURATION_S} s per load (after 1 s warm-up), ${ROUNDS} rounds`);
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating the order each round spreads machine noise over both.
    for (const variant of round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
      const sample = await variant.measure(DURATION_S);
      samples.set(variant.name, [...(samples.get(variant.name) ?? []), sample]);
      const store =
        sample.outcomes === undefined
          ? ""
          : `  events ${sample.outcomes} runs ${sample.runs}  loop delay ms p50/p99/max ${sample.loopDelay}`;
      console.log(`round ${round + 1}/${ROUNDS}${show(variant.name, sample)}${store}`);
    }
  }
  const figure = (name: string): Sample => {
    const runs = samples.get(name) ?? [];
    const of = (pick: (sample: Sample) => number | undefined) => median(runs.map((run) => pick(run) ?? Number.NaN));
    return {
      events: of((s) => s.events),
      p99: of((s) => s.p99),
      adapterCpuUs: of((s) => s.adapterCpuUs),
      serviceCpuUs: of((s) => s.serviceCpuUs),
    };
  };
  const floor = figure(FLOOR);
  const pipeline = figure(PIPELINE);
  const relay = figure(RELAY);
  const ratio = pipeline.events / floor.events;
  const met = ratio >= GOAL.ratio && pipeline.p99 < GOAL.p99Ms;
  console.log(
    `\nmedians\n${show(FLOOR, { ...floor, serviceCpuUs: undefined })}\n${show(PIPELINE, pipeline)}\n${show(RELAY, relay)}`,
  );
  console.log(
    `\npipeline vs floor: ${Math.round(pipeline.events)} vs ${Math.round(floor.events)} events/s, ratio ` +
      `${ratio.toFixed(2)} (goal ≥ ${GOAL.ratio}); p99 ${pipeline.p99} ms (goal < ${GOAL.p99Ms} ms; the floor's ` +
      `${floor.p99} ms): ${met ? "met" : "NOT MET"}`,
  );
  const serviceUs = pipeline.serviceCpuUs ?? Number.NaN;
  const total = serviceUs + pipeline.adapterCpuUs;
  const cores = (us: number, events: number) => ((us * events) / 1e6).toFixed(2);
  console.log(
    `CPU per event in the pipeline: ${Math.round(total)} µs = service ${Math.round(serviceUs)} ` +
      `(${Math.round((serviceUs / total) * 100)} %) + adapter's call ${Math.round(pipeline.adapterCpuUs)} ` +
      `(floor: ${Math.round(floor.adapterCpuUs)}); cores busy during the load: service ` +
      `${cores(serviceUs, pipeline.events)}, adapter ${cores(pipeline.adapterCpuUs, pipeline.events)} (floor: ` +
      `adapter ${cores(floor.adapterCpuUs, floor.events)}). The service's one thread bounds the pipeline near ` +
      `${Math.round(1e6 / serviceUs)} events/s, ${(floor.adapterCpuUs / serviceUs).toFixed(2)} of what the floor's ` +
      "adapter CPU per event allows on one core",
  );
  const relayUs = relay.serviceCpuUs ?? Number.NaN;
  console.log(
    `The relay (the platform's POST and the same adapter call through the same client, nothing stored): ` +
      `${Math.round(relay.events)} events/s, ratio ${(relay.events / floor.events).toFixed(2)}, ` +
      `${Math.round(relayUs)} µs/event; the service's own work (admission, dedup, routing, the committed event and ` +
      `run) is the other ${Math.round(serviceUs - relayUs)} µs`,
  );
}

await main();
