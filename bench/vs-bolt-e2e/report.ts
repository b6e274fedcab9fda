import { loadAverage } from "../lib/load-average.ts";
import { median } from "../lib/median.ts";
import type { SideSample } from "./measure.ts";
import type { Side, Synchronous } from "./start-side.ts";

/** How each side is named in the output. */
export const LABELS: Record<Side, string> = {
  service: "service (+ chat adapter)",
  "bolt-group": "Bolt, group commit",
  bolt: "Bolt, a commit per event",
  relay: "relay (+ chat adapter)",
};

type Figures = Pick<SideSample, "eventsPerS" | "p99Ms" | "processes">;

const GOALS = { events: 1, cpuAtNormal: 1.5, profileNote: 0.7 };
const fixed = (value: number, width: number) => Math.round(value).toString().padStart(width);
const cpuOf = (sample: Figures) => sample.processes.reduce((sum, p) => sum + p.cpuUs, 0);
const verdict = (met: boolean) => (met ? "met" : "NOT MET");

/** One side's figures on one line: deliveries/s, p99, CPU per delivery of every process and their sum, RSS. */
export function show(side: Side, sample: Figures): string {
  const cpu = sample.processes.map((p) => `${p.name} ${fixed(p.cpuUs, 4)}`).join(" + ");
  const rss = sample.processes.map((p) => `${p.name} ${fixed(p.rssMb, 3)}`).join(", ");
  return (
    `${LABELS[side].padEnd(28)} ${fixed(sample.eventsPerS, 6)} deliveries/s  p99 ${fixed(sample.p99Ms, 4)} ms` +
    `  CPU µs/delivery ${cpu}${sample.processes.length > 1 ? ` = ${fixed(cpuOf(sample), 4)}` : ""}  RSS MB ${rss}`
  );
}

function medianOf(list: readonly SideSample[]): Figures {
  return {
    eventsPerS: median(list.map((s) => s.eventsPerS)),
    p99Ms: median(list.map((s) => s.p99Ms)),
    processes: (list[0]?.processes ?? []).map(({ name }, index) => ({
      name,
      cpuUs: median(list.map((s) => s.processes[index]?.cpuUs ?? Number.NaN)),
      rssMb: median(list.map((s) => s.processes[index]?.rssMb ?? Number.NaN)),
    })),
  };
}

/** The rounds' ratios service/Bolt (each within its round) and their medians, for deliveries/s and CPU per delivery. */
function ratiosTo(service: readonly SideSample[], bolt: readonly SideSample[]) {
  const events = service.map((s, round) => s.eventsPerS / (bolt[round]?.eventsPerS ?? Number.NaN));
  const cpu = service.map((s, round) => cpuOf(s) / cpuOf(bolt[round] ?? s));
  return { events, cpu, medianEvents: median(events), medianCpu: median(cpu) };
}

/** Prints a setting's medians and its goals: at `normal` against the plain Bolt app, at `full` the group-commit one. */
export function reportSetting(synchronous: Synchronous, samples: ReadonlyMap<Side, readonly SideSample[]>): void {
  const service = samples.get("service") ?? [];
  console.log(
    `\nsynchronous=${synchronous}, medians of ${service.length} rounds (RSS after each load), load ${loadAverage()}`,
  );
  for (const [side, list] of samples) console.log(`  ${show(side, medianOf(list))}`);
  for (const [side, list] of samples) {
    if (side === "service") continue;
    if (side === "relay") {
      reportFloor(service, list, samples.get("bolt") ?? []);
      continue;
    }
    const ratio = ratiosTo(service, list);
    const byRound = ratio.events.map((r) => `${r.toFixed(2)}x`).join(", ");
    const line = `service / ${LABELS[side]}: deliveries/s by round ${byRound}, median ${ratio.medianEvents.toFixed(2)}x`;
    const cpu = `CPU per delivery, all processes, median ${ratio.medianCpu.toFixed(2)}x`;
    if (synchronous === "normal") {
      console.log(
        `${line} (goal ≥ ${GOALS.events.toFixed(1)}x): ${verdict(ratio.medianEvents >= GOALS.events)}\n` +
          `  ${cpu} (goal ≤ ${GOALS.cpuAtNormal}x): ${verdict(ratio.medianCpu <= GOALS.cpuAtNormal)}`,
      );
      if (ratio.medianEvents < GOALS.profileNote) {
        console.log("  below 0.7x: `npm run bench -- vs-bolt-e2e --profile` shows where the service's time goes");
      }
    } else if (side === "bolt-group") {
      console.log(
        `${line} (goal ≥ ${GOALS.events.toFixed(1)}x): ${verdict(ratio.medianEvents >= GOALS.events)}; ${cpu}`,
      );
    } else {
      console.log(`${line}; ${cpu} (no goal: the naive app, an fsync inside every commit on its only thread)`);
    }
  }
}

/**
 * The relay's lines (D606): the two hops alone against the plain Bolt app, the least any host that calls its
 * adapter over HTTP costs, and the service's CPU per delivery above the relay's, its own work (dedup, routing, the
 * event, its record and its run committed).
 */
function reportFloor(service: readonly SideSample[], relay: readonly SideSample[], bolt: readonly SideSample[]): void {
  const floor = ratiosTo(relay, bolt);
  const own = median(service.map((s, round) => cpuOf(s) - cpuOf(relay[round] ?? s)));
  console.log(
    `the design's floor, the relay / ${LABELS.bolt} (no goal; nothing stored): deliveries/s median ` +
      `${floor.medianEvents.toFixed(2)}x, CPU per delivery median ${floor.medianCpu.toFixed(2)}x\n` +
      `  the service's own work above the relay: ${fixed(own, 0)} µs CPU per delivery (median of the rounds)`,
  );
}
