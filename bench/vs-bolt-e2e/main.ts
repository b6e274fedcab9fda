// bench/vs-bolt-e2e: a hosted event end to end against a plain Slack Bolt app keeping the same event (D481). The same
// Slack message events (a new event_id each, signed when sent) go (a) to the reference service's installation
// inbound URL — the service and the chat adapter each their own process from built JavaScript with plain node, the
// event committed with a queued run (run worker off, SQLite) before the 200 — and (b) to a Bolt 5 app whose message
// listener commits the event and a run row to SQLite (WAL) before Bolt answers. Both sides run SQLite at the same
// durability, BENCH_SYNCHRONOUS=full (default: every answered event survives a power loss; the service's `full` of
// D178, Bolt's synchronous=FULL) or normal. Each round starts both sides fresh (order alternating), loads each,
// and checks that every event answered as accepted is in its store once with one run. Prints events/s, p99, CPU per
// event and RSS of every process, the rounds' ratios service/Bolt events/s and their median. Goal: ≥ 1.0× Bolt.
// Knobs: BENCH_DURATION (s, default 4), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 50).
import { buildPackages } from "../lib/build-packages.ts";
import { median } from "../lib/median.ts";
import { measureSide, type SIDES, type SideSample, type Synchronous } from "./measure.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL = 1;
const LABELS = { service: "service (+ chat adapter)", bolt: "Bolt app" } as const;
type Side = keyof typeof SIDES;

function synchronousSetting(): Synchronous {
  const value = process.env.BENCH_SYNCHRONOUS ?? "full";
  if (value !== "full" && value !== "normal") throw new Error(`BENCH_SYNCHRONOUS is ${value}: full or normal`);
  return value;
}

const fixed = (value: number, width: number) => Math.round(value).toString().padStart(width);
function show(side: Side, sample: Omit<SideSample, "store" | "fault">): string {
  const cpu = sample.processes.map((p) => `${p.name} ${fixed(p.cpuUs, 4)}`).join(" + ");
  const total = sample.processes.reduce((sum, p) => sum + p.cpuUs, 0);
  const rss = sample.processes.map((p) => `${p.name} ${fixed(p.rssMb, 3)}`).join(", ");
  return (
    `${LABELS[side].padEnd(24)} ${fixed(sample.eventsPerS, 6)} events/s  p99 ${fixed(sample.p99Ms, 4)} ms` +
    `  CPU µs/event ${cpu}${sample.processes.length > 1 ? ` = ${fixed(total, 4)}` : ""}  RSS MB ${rss}`
  );
}

async function main(): Promise<void> {
  const synchronous = synchronousSetting();
  await buildPackages("vs-bolt-e2e");
  console.log(
    `vs-bolt-e2e: SQLite synchronous=${synchronous} on both sides, ${CONNECTIONS} connections, ${ROUNDS} rounds, ` +
      `each side started fresh, warmed up 1 s, loaded ${DURATION_S} s`,
  );
  const samples: Record<Side, SideSample[]> = { service: [], bolt: [] };
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: Side[] = round % 2 === 0 ? ["service", "bolt"] : ["bolt", "service"];
    for (const side of order) {
      console.log(`round ${round + 1}/${ROUNDS}  ${LABELS[side]}: starting, warming up, loading ${DURATION_S} s …`);
      const sample = await measureSide(side, { duration: DURATION_S, connections: CONNECTIONS, synchronous });
      const { stored, runs, unanswered } = sample.store;
      console.log(`round ${round + 1}/${ROUNDS}  ${show(side, sample)}`);
      console.log(
        `round ${round + 1}/${ROUNDS}  ${"".padEnd(24)} store: ${stored} events, ${runs} runs; every accepted ` +
          `event once: ${sample.fault === undefined ? "yes" : `NO: ${sample.fault}`} (${unanswered} in flight at the stop)`,
      );
      if (sample.fault !== undefined) throw new Error(`${side}: ${sample.fault}`);
      samples[side].push(sample);
    }
    const ratio = (samples.service[round]?.eventsPerS ?? 0) / (samples.bolt[round]?.eventsPerS ?? 1);
    ratios.push(ratio);
    console.log(`round ${round + 1}/${ROUNDS}  service / Bolt events/s: ${ratio.toFixed(2)}x`);
  }
  report(samples, ratios);
}

function report(samples: Record<Side, SideSample[]>, ratios: number[]): void {
  const medianOf = (list: SideSample[]) => ({
    eventsPerS: median(list.map((s) => s.eventsPerS)),
    p99Ms: median(list.map((s) => s.p99Ms)),
    processes: (list[0]?.processes ?? []).map(({ name }, index) => ({
      name,
      cpuUs: median(list.map((s) => s.processes[index]?.cpuUs ?? Number.NaN)),
      rssMb: median(list.map((s) => s.processes[index]?.rssMb ?? Number.NaN)),
    })),
  });
  const service = medianOf(samples.service);
  const bolt = medianOf(samples.bolt);
  const cpu = (side: typeof service) => side.processes.reduce((sum, p) => sum + p.cpuUs, 0);
  const ratio = median(ratios);
  console.log(`\nmedians of ${ratios.length} rounds (RSS after each load)`);
  console.log(`  ${show("service", service)}\n  ${show("bolt", bolt)}`);
  console.log(
    `\nservice / Bolt events/s, by round: ${ratios.map((r) => `${r.toFixed(2)}x`).join(", ")}; median ` +
      `${ratio.toFixed(2)}x (goal ≥ ${GOAL.toFixed(1)}x): ${ratio >= GOAL ? "met" : "NOT MET"}`,
  );
  console.log(
    `CPU per event, all processes: service + adapter ${Math.round(cpu(service))} µs, Bolt ${Math.round(cpu(bolt))} µs ` +
      `(${(cpu(service) / cpu(bolt)).toFixed(2)}x, medians)`,
  );
}

await main();
