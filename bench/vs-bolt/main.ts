// bench/vs-bolt: the adapter alone against a plain Slack Bolt app, on the same Slack message events (a new event_id
// each, signed when sent). Subjects, each its own long-lived process from built JavaScript with plain node:
// `bolt` (Bolt 5, HTTPReceiver, signature on, a no-op message listener) gets Slack's POST; `chat` (the chat
// sample) gets what the service sends it for that POST when its manifest declares `/inbound` (one signed call in
// trigger mode, D411); `chat-two-calls` gets the fallback (`/verify-webhook`, then `/parse-inbound`). Each round
// loads every subject in turn (order alternating), the round's ratios are taken against that round's Bolt, and the
// figures are the medians of the rounds' ratios (D480). Goals: chat ≥ 1.5× Bolt's events/s, ≤ 0.67× its CPU per
// event, RSS ≤ Bolt's. They compare part of a pipeline with a whole one (D550): Bolt's figure is its whole receive
// path, while the service's half of a hosted event (Slack's POST received, the envelope built and signed, the call
// made) runs here in the load generator and is not counted; bench/vs-bolt-e2e times the whole path. Knobs: BENCH_DURATION (s, default 3), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (10).
import { randomBytes } from "node:crypto";
import { buildPackages } from "../lib/build-packages.ts";
import { loadAverage } from "../lib/load-average.ts";
import { median } from "../lib/median.ts";
import { cpuMsOf, memoryOf } from "../lib/proc-stats.ts";
import { type BenchChild, startBuiltChild } from "../lib/start-child.ts";
import { stopChild } from "../lib/stop-child.ts";
import {
  type AdapterTarget,
  type Answers,
  combinedCalls,
  newAnswers,
  slackDeliveries,
  twoCalls,
} from "./deliveries.ts";
import { runLoad } from "./run-load.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GOAL = { events: 1.5, cpu: 0.67, rss: 1 };
const SECRETS = { app: `whsec_${randomBytes(32).toString("base64")}`, slack: randomBytes(16).toString("hex") };
const CREDENTIALS = { token: "xoxb-bench", signing_secret: SECRETS.slack, bot_user_id: "U0BOT" };

interface Subject {
  readonly name: "bolt" | "chat" | "chat-two-calls";
  readonly label: string;
  readonly server: string;
  readonly perEvent: number;
  readonly requests: (url: string, answers: Answers) => ReturnType<typeof slackDeliveries>;
}
const target = (url: string): AdapterTarget => ({
  url,
  appSecret: SECRETS.app,
  slackSecret: SECRETS.slack,
  credentials: CREDENTIALS,
});
const SUBJECTS: readonly Subject[] = [
  {
    name: "bolt",
    label: "Bolt 5 (HTTPReceiver)",
    server: "./bolt-server.mjs",
    perEvent: 1,
    requests: (_url, answers) => slackDeliveries("/slack/events", SECRETS.slack, answers, { accepted: /^$/ }),
  },
  {
    name: "chat",
    label: "chat: one /inbound call",
    server: "./chat-server.mjs",
    perEvent: 1,
    requests: (url, answers) => combinedCalls(target(url), answers),
  },
  {
    name: "chat-two-calls",
    label: "chat: verify + parse",
    server: "./chat-server.mjs",
    perEvent: 2,
    requests: (url, answers) => twoCalls(target(url), answers),
  },
];

interface Sample {
  readonly eventsPerS: number;
  readonly cpuUs: number;
  readonly rssMb: number;
}

async function start(subject: Subject): Promise<{ child: BenchChild; url: string }> {
  const child = await startBuiltChild(new URL(subject.server, import.meta.url), {
    ADAPTER_SIGNING_SECRET: SECRETS.app,
    SLACK_SIGNING_SECRET: SECRETS.slack,
    LOG_LEVEL: "warn",
  });
  const url = /^\d+$/.test(child.ready) ? `http://127.0.0.1:${child.ready}` : child.ready;
  return { child, url };
}

async function measure(subject: Subject, server: { child: BenchChild; url: string }, duration: number) {
  const pid = server.child.child.pid as number;
  const answers = newAnswers();
  const requests = subject.requests(server.url, answers);
  const cpuBefore = cpuMsOf(pid);
  const load = await runLoad(new URL(server.url).origin, requests, {
    duration,
    connections: CONNECTIONS,
    perEvent: subject.perEvent,
    answers,
  });
  const cpuUs = ((cpuMsOf(pid) - cpuBefore) * 1000) / load.events;
  return { eventsPerS: load.eventsPerS, cpuUs, rssMb: memoryOf(pid).rssMiB };
}

const fixed = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);
const row = (label: string, sample: Sample) =>
  `${label.padEnd(24)} ${fixed(sample.eventsPerS, 7)} events/s ${fixed(sample.cpuUs, 6)} µs CPU/event ${fixed(sample.rssMb, 5)} MB RSS`;
const ratios = (sample: Sample, bolt: Sample): Sample => ({
  eventsPerS: sample.eventsPerS / bolt.eventsPerS,
  cpuUs: sample.cpuUs / bolt.cpuUs,
  rssMb: sample.rssMb / bolt.rssMb,
});

async function main(): Promise<void> {
  await buildPackages("vs-bolt");
  const servers = new Map<Subject, { child: BenchChild; url: string }>();
  try {
    for (const subject of SUBJECTS) servers.set(subject, await start(subject));
    console.log(`vs-bolt: warming up each subject for 1 s (${CONNECTIONS} connections)`);
    for (const subject of SUBJECTS) await measure(subject, servers.get(subject)!, 1);
    console.log(`vs-bolt: ${ROUNDS} rounds of ${DURATION_S} s per subject, order alternating`);
    const samples = new Map<Subject, Sample[]>(SUBJECTS.map((subject) => [subject, []]));
    const roundRatios = new Map<Subject, Sample[]>(SUBJECTS.map((subject) => [subject, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? SUBJECTS : [...SUBJECTS].reverse();
      const measured = new Map<Subject, Sample>();
      for (const subject of order) {
        const sample = await measure(subject, servers.get(subject)!, DURATION_S);
        measured.set(subject, sample);
        samples.get(subject)?.push(sample);
        console.log(`round ${round + 1}/${ROUNDS}  ${row(subject.label, sample)}  load ${loadAverage()}`);
      }
      const bolt = measured.get(SUBJECTS[0]!)!;
      for (const subject of SUBJECTS.slice(1)) {
        const ratio = ratios(measured.get(subject)!, bolt);
        roundRatios.get(subject)?.push(ratio);
        console.log(
          `round ${round + 1}/${ROUNDS}  ${`${subject.name} / Bolt`.padEnd(24)} events/s ${ratio.eventsPerS.toFixed(2)}x` +
            `  CPU/event ${ratio.cpuUs.toFixed(2)}x  RSS ${ratio.rssMb.toFixed(2)}x`,
        );
      }
    }
    report(samples, roundRatios);
  } finally {
    for (const server of servers.values()) await stopChild(server.child);
  }
}

function report(samples: Map<Subject, Sample[]>, roundRatios: Map<Subject, Sample[]>): void {
  const medianOf = (list: Sample[] | undefined): Sample => ({
    eventsPerS: median((list ?? []).map((s) => s.eventsPerS)),
    cpuUs: median((list ?? []).map((s) => s.cpuUs)),
    rssMb: median((list ?? []).map((s) => s.rssMb)),
  });
  console.log("\nmedians of the rounds (RSS after each load), and the medians of the rounds' ratios to Bolt");
  for (const subject of SUBJECTS) {
    const ratio = subject.name === "bolt" ? undefined : medianOf(roundRatios.get(subject));
    const against =
      ratio === undefined
        ? "  (the baseline)"
        : `  events/s ${ratio.eventsPerS.toFixed(2)}x  CPU/event ${ratio.cpuUs.toFixed(2)}x  RSS ${ratio.rssMb.toFixed(2)}x`;
    console.log(`  ${row(subject.label, medianOf(samples.get(subject)))}${against}`);
  }
  const chat = medianOf(roundRatios.get(SUBJECTS[1]!));
  const verdict = (met: boolean) => (met ? "met" : "NOT MET");
  console.log(
    `\ngoals for chat (one /inbound call) against Bolt, the adapter alone: the service's half of each event (Slack's\n` +
      `POST received, the envelope built and signed, the call) runs in the load generator and is not counted, while\n` +
      `Bolt's figure is its whole receive path (the whole path: bench/vs-bolt-e2e); load average ${loadAverage()}\n` +
      `  events/s   ≥ ${GOAL.events}x: ${chat.eventsPerS.toFixed(2)}x ${verdict(chat.eventsPerS >= GOAL.events)}\n` +
      `  CPU/event  ≤ ${GOAL.cpu}x: ${chat.cpuUs.toFixed(2)}x ${verdict(chat.cpuUs <= GOAL.cpu)}\n` +
      `  RSS        ≤ ${GOAL.rss}x Bolt's: ${chat.rssMb.toFixed(2)}x ${verdict(chat.rssMb <= GOAL.rss)}`,
  );
}

await main();
