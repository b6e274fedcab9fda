// bench/vs-bolt-e2e: a hosted event end to end against a Slack Bolt app keeping the same event (D482), like with like
// (D551). The same Slack message events (a new event_id each, signed when sent; every BENCH_RETRY_EVERY-th one, default
// 10, delivered once more as Slack retries it, D552) go (a) to the reference service's installation inbound URL — the
// service and the chat adapter each their own process from built JavaScript with plain node, the event committed with a
// queued run (run worker off, SQLite) before the 200 — and (b) to Bolt 5 apps whose message listener commits the event
// and a run row to SQLite (WAL) before Bolt answers. At `normal` (neither side syncs) the service meets the plain Bolt
// app, a commit per event; at `full` (every answered event survives a power loss) it meets a Bolt app using the
// service's technique, commits grouped and the WAL synced off the main thread, with the plain app (synchronous=FULL, an
// fsync in every commit on its only thread) as a third line; at `normal` a bare relay in front of the adapter (the two
// hops, nothing stored) is measured too, the floor of the design (D606). Each round starts every side fresh, loads each
// and checks that every event answered 200 is in its store once with one run and that no retry was accepted twice. Then
// one round kills the service with SIGKILL mid-load and checks its store after a restart (D554). Goals: at `normal` ≥
// 1.0× Bolt's deliveries/s and ≤ 1.5× its CPU per delivery; at `full` ≥ 1.0× the group-commit Bolt's deliveries/s.
// `--profile`: one profiled load of the service side instead (D553). Knobs: BENCH_SYNCHRONOUS (both, full or normal),
// BENCH_DURATION (s, default 4), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 50), BENCH_RETRY_EVERY (10).
import { buildPackages } from "../lib/build-packages.ts";
import { loadAverage } from "../lib/load-average.ts";
import { killRound } from "./kill-round.ts";
import { measureSide, type SideSample } from "./measure.ts";
import { profileRound } from "./profile-round.ts";
import { LABELS, reportSetting, show } from "./report.ts";
import type { Side, Synchronous } from "./start-side.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RETRY_EVERY = Number(process.env.BENCH_RETRY_EVERY ?? 10);

/**
 * What each setting compares: the service first, then the Bolt apps measured against it. At `normal` the relay is
 * measured too: what the design's two hops cost with nothing stored, the floor the service's figure sits on (D606).
 */
const COMPARED: Record<Synchronous, readonly Side[]> = {
  normal: ["service", "bolt", "relay"],
  full: ["service", "bolt-group", "bolt"],
};

function settings(): Synchronous[] {
  const value = process.env.BENCH_SYNCHRONOUS ?? "both";
  if (value === "both") return ["normal", "full"];
  if (value !== "full" && value !== "normal") throw new Error(`BENCH_SYNCHRONOUS is ${value}: both, full or normal`);
  return [value];
}

async function measureSetting(synchronous: Synchronous): Promise<void> {
  const sides = COMPARED[synchronous];
  const samples = new Map<Side, SideSample[]>(sides.map((side) => [side, []]));
  console.log(`\n-- synchronous=${synchronous}: ${sides.map((side) => LABELS[side]).join(" | ")}`);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const sample = await measureSide(side, {
        duration: DURATION_S,
        connections: CONNECTIONS,
        synchronous,
        retryEvery: RETRY_EVERY,
      });
      console.log(`round ${round + 1}/${ROUNDS}  ${show(side, sample)}  load ${loadAverage()}`);
      console.log(`round ${round + 1}/${ROUNDS}  ${"".padEnd(28)} ${showStore(side, sample)}`);
      if (sample.fault !== undefined) throw new Error(`${side}: ${sample.fault}`);
      samples.get(side)?.push(sample);
    }
  }
  reportSetting(synchronous, samples);
}

/** What a side's store held after the load, or that the relay keeps nothing. */
function showStore(side: Side, sample: SideSample): string {
  const { retriesSent, duplicates } = sample.answers;
  if (sample.store === undefined) return `nothing stored (${retriesSent} retries sent, each answered like a new event)`;
  const { stored, runs, unanswered } = sample.store;
  return (
    `store: ${stored} events, ${runs} runs; ${retriesSent} retries sent` +
    `${side === "service" ? `, ${duplicates} answered as duplicates` : ""}; every answered event once: ` +
    `${sample.fault === undefined ? "yes" : `NO: ${sample.fault}`} (${unanswered} in flight at the stops)`
  );
}

async function main(): Promise<void> {
  await buildPackages("vs-bolt-e2e");
  const options = { duration: DURATION_S, connections: CONNECTIONS, retryEvery: RETRY_EVERY };
  if (process.argv.includes("--profile")) {
    const synchronous = settings()[0] ?? "normal";
    console.log(`vs-bolt-e2e --profile: the service side at synchronous=${synchronous}, loaded ${DURATION_S} s`);
    await profileRound({ ...options, synchronous });
    return;
  }
  console.log(
    `vs-bolt-e2e: ${CONNECTIONS} connections, ${ROUNDS} rounds, every side started fresh, warmed up 1 s, loaded ` +
      `${DURATION_S} s; every ${RETRY_EVERY}th event delivered twice (X-Slack-Retry-Num: 1); load ${loadAverage()}`,
  );
  for (const synchronous of settings()) await measureSetting(synchronous);
  const synchronous = settings().includes("full") ? "full" : "normal";
  console.log(
    `\n-- the service killed with SIGKILL halfway through a ${DURATION_S} s load (synchronous=${synchronous})`,
  );
  const kill = await killRound({ ...options, synchronous });
  console.log(
    `answered 200 before the kill: ${kill.answered} events (${kill.retriesSent} retries attempted, ${kill.duplicates} ` +
      `answered as duplicates), ${kill.afterRestart} more after the restart; store after the restart: ` +
      `${kill.store.stored} events, ${kill.store.runs} runs, ${kill.store.unanswered} committed but never answered; ` +
      `every answered event once: ${kill.fault === undefined ? "yes" : `NO: ${kill.fault}`}`,
  );
  if (kill.fault !== undefined) throw new Error(`kill round: ${kill.fault}`);
}

await main();
