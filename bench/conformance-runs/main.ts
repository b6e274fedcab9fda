// bench/conformance-runs: a whole conformance run (runAgainstAdapter: serve, run every default check, report) per
// sample adapter, as a median of warm runs, and as a ratio against the webhook sample's run measured in the same
// process (D30). D170 keeps figures; the issue-19 goal is every sample's run under 2 s.
import { fileURLToPath } from "node:url";
import { type AdapterRunOptions, runAgainstAdapter } from "@adapterkit/conformance/testing";
import { chatAdapter } from "../../adapters/chat/src/index.ts";
import { filesAdapter } from "../../adapters/files/src/index.ts";
import { mailAdapter } from "../../adapters/mail/src/index.ts";
import { createTasksAdapter } from "../../adapters/tasks/src/index.ts";
import { connectForTest } from "../../adapters/tasks/src/stand-in/connect-for-test.ts";
import { startTasksStandIn } from "../../adapters/tasks/src/stand-in/start-tasks-stand-in.ts";
import { webhookAdapter } from "../../adapters/webhook/src/index.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL_MS = 2_000;
const REDIRECT = "http://127.0.0.1:9/oauth/callback";
const fixturesOf = (name: string) =>
  fileURLToPath(new URL(`../../adapters/${name}/conformance.fixtures.json`, import.meta.url));

type Sample = {
  name: string;
  adapter: Parameters<typeof runAgainstAdapter>[0];
  fixtures: AdapterRunOptions["fixtures"];
  allowedHosts?: readonly string[];
};

async function median(sample: Sample): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = performance.now();
    const { failures } = await runAgainstAdapter(sample.adapter, {
      fixtures: sample.fixtures,
      ...(sample.allowedHosts ? { allowedHosts: sample.allowedHosts } : {}),
    });
    if (Object.keys(failures).length > 0) throw new Error(`${sample.name} failed: ${JSON.stringify(failures)}`);
    if (round > 0) times.push(performance.now() - started); // round 0 warms modules and validators up
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

const tasks = await startTasksStandIn({ redirectUris: [REDIRECT] });
try {
  const { access_token } = await connectForTest(tasks, REDIRECT);
  const samples: Sample[] = [
    { name: "webhook", adapter: webhookAdapter, fixtures: fixturesOf("webhook") },
    { name: "mail", adapter: mailAdapter, fixtures: fixturesOf("mail") },
    { name: "chat", adapter: chatAdapter, fixtures: fixturesOf("chat") },
    { name: "files", adapter: filesAdapter, fixtures: fixturesOf("files") },
    {
      name: "tasks",
      adapter: createTasksAdapter(tasks.url),
      fixtures: { credentials: { good: { access_token }, bad: { access_token: "revoked-or-made-up" } } },
      allowedHosts: [new URL(tasks.url).host],
    },
  ];
  let baseline = Number.NaN;
  for (const sample of samples) {
    const ms = await median(sample);
    if (sample.name === "webhook") baseline = ms;
    const verdict = ms < GOAL_MS ? "under" : "OVER";
    console.log(
      `${sample.name.padEnd(8)} median ${Math.round(ms)} ms of ${ROUNDS} (${verdict} ${GOAL_MS} ms), ${(ms / baseline).toFixed(2)}× the webhook run`,
    );
  }
} finally {
  await tasks.close();
}
