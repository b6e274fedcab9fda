// bench/vs-bolt: the chat sample (built JavaScript, service signature on) against a Slack Bolt app on the same
// signed Events API message, in alternating rounds of one run. The service spends two calls on one event
// (/verify-webhook, then /parse-inbound), so an event costs the chat adapter both; a third subject, /parse-inbound
// alone, shows what the second round trip costs. Prints events/s, CPU per event and RSS after the load as ratios.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { signRequest } from "@adapterkit/client";
import { signSlackV0 } from "@adapterkit/sdk";
import autocannon, { type Request as LoadRequest } from "autocannon";
import { buildJavaScript } from "../../scripts/build.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const SERVICE_SECRET = "whsec_YmVuY2gtdnMtYm9sdC1zZXJ2aWNlLXNpZ25pbmc=";
const SLACK_SECRET = "bench-slack-signing-secret-0001";
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const TICKS_PER_S = 100;

type Subject = "chat" | "chat-parse-only" | "bolt";
interface Server {
  child: ChildProcess;
  port: number;
}
interface Sample {
  events: number;
  cpuUsPerEvent: number;
}

/** One Events API message, as Slack would send it, signed with the app's signing secret now. */
function slackRequest() {
  const body = JSON.stringify({
    type: "event_callback",
    team_id: "T0BENCH",
    api_app_id: "A0BENCH",
    event_id: "Ev0BENCH",
    event_time: 1_700_000_000,
    event: {
      type: "message",
      channel: "C0BENCH",
      user: "U0PERSON",
      text: "hello from the bench",
      ts: "1700000000.000100",
    },
  });
  return { body, headers: { "content-type": "application/json", ...signSlackV0({ secret: SLACK_SECRET, body }) } };
}

/** The requests one event makes: Bolt gets Slack's; the chat adapter gets the service's one or two signed calls. */
function requestsFor(subject: Subject): LoadRequest[] {
  const slack = slackRequest();
  if (subject === "bolt") return [{ method: "POST", path: "/slack/events", headers: slack.headers, body: slack.body }];
  const envelope = {
    credentials: { token: "xoxb-bench", signing_secret: SLACK_SECRET },
    method: "POST",
    path: "/slack/events",
    query: {},
    headers: slack.headers,
    body: slack.body,
  };
  const call = (path: string, payload: object): LoadRequest => {
    const body = JSON.stringify(payload);
    const headers = { "content-type": "application/json", ...signRequest({ secret: SERVICE_SECRET, body }) };
    return { method: "POST", path: `/chat${path}`, headers, body };
  };
  const parse = call("/parse-inbound", { ...envelope, mode: "trigger" });
  return subject === "chat-parse-only" ? [parse] : [call("/verify-webhook", envelope), parse];
}

async function start(subject: Subject): Promise<Server> {
  const script = subject === "bolt" ? "bolt-server.mjs" : "chat-server.mjs";
  const env = {
    ...process.env,
    NODE_OPTIONS: "",
    ADAPTER_SIGNING_SECRET: SERVICE_SECRET,
    SLACK_SIGNING_SECRET: SLACK_SECRET,
  };
  const child = spawn(process.execPath, [here(script)], { stdio: ["ignore", "pipe", "inherit"], env });
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    const port = Number(/^READY (\d+)$/.exec(line)?.[1]);
    if (port) return { child, port };
  }
  throw new Error(`${script} exited before it was ready`);
}

/** utime + stime of a process, in seconds, and its resident set in MB (Linux /proc). */
function usage(pid: number): { cpuS: number; rssMb: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const cpuS = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return { cpuS, rssMb: rssKb / 1024 };
}

async function load(server: Server, subject: Subject, duration: number): Promise<Sample> {
  const requests = requestsFor(subject);
  const before = usage(server.child.pid as number);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    requests,
    connections: CONNECTIONS,
    duration,
  });
  const cpuS = usage(server.child.pid as number).cpuS - before.cpuS;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${subject}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const events = result.requests.total / requests.length;
  return { events: events / duration, cpuUsPerEvent: (cpuS * 1e6) / events };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  if (!existsSync(here("node_modules/@slack/bolt"))) {
    console.log("vs-bolt: skipped: @slack/bolt is not installed; run `npm install --prefix bench/vs-bolt` first");
    return;
  }
  console.log("vs-bolt: building the packages (tsc -b) so the chat sample runs from its JavaScript");
  await buildJavaScript();
  const subjects: Subject[] = ["bolt", "chat", "chat-parse-only"];
  const servers = new Map<Subject, Server>();
  for (const subject of subjects) servers.set(subject, await start(subject));
  const samples = new Map<Subject, Sample[]>(subjects.map((subject) => [subject, []]));
  try {
    for (const subject of subjects) await load(servers.get(subject) as Server, subject, 1); // warm-up
    console.log(`vs-bolt: ${ROUNDS} rounds of ${DURATION_S} s, ${CONNECTIONS} connections, alternating order`);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? subjects : [...subjects].reverse();
      for (const subject of order) {
        const sample = await load(servers.get(subject) as Server, subject, DURATION_S);
        samples.get(subject)?.push(sample);
        console.log(
          `  round ${round + 1} ${subject.padEnd(16)} ${sample.events.toFixed(0).padStart(6)} events/s ${sample.cpuUsPerEvent.toFixed(0).padStart(5)} µs CPU/event`,
        );
      }
    }
    const figure = (subject: Subject) => ({
      events: median((samples.get(subject) ?? []).map((s) => s.events)),
      cpu: median((samples.get(subject) ?? []).map((s) => s.cpuUsPerEvent)),
      rss: usage(servers.get(subject)?.child.pid as number).rssMb,
    });
    const bolt = figure("bolt");
    console.log(`\n  ${"subject".padEnd(38)} events/s   CPU µs/event   RSS MB   (median; ratios against Bolt)`);
    for (const subject of subjects) {
      const f = figure(subject);
      const label = {
        bolt: "Bolt 5 (HTTPReceiver)",
        chat: "chat sample: verify + parse (signed)",
        "chat-parse-only": "chat sample: parse only (signed)",
      }[subject];
      console.log(
        `  ${label.padEnd(38)} ${f.events.toFixed(0).padStart(8)} ${(f.events / bolt.events).toFixed(2)}×  ${f.cpu.toFixed(0).padStart(6)} ${(f.cpu / bolt.cpu).toFixed(2)}×  ${f.rss.toFixed(0).padStart(5)} ${(f.rss / bolt.rss).toFixed(2)}×`,
      );
    }
    const chat = figure("chat");
    const single = figure("chat-parse-only");
    console.log(
      `\n  the second call per event costs ${(chat.cpu - single.cpu).toFixed(0)} µs CPU (${(((chat.cpu - single.cpu) / chat.cpu) * 100).toFixed(0)}% of the event)`,
    );
    console.log(
      `  goal: chat events/s ≥ 1.5× Bolt (${(chat.events / bolt.events).toFixed(2)}×), RSS ≤ Bolt (${(chat.rss / bolt.rss).toFixed(2)}×)`,
    );
  } finally {
    for (const server of servers.values()) {
      server.child.kill("SIGTERM");
      await once(server.child, "exit");
    }
  }
}

await main();
