// Child process: the chat sample adapter served by the SDK, checking the App's signing secret (BENCH_APP_SECRET) on
// every call as `npm start` serves it, with the Slack stand-in its /verify talks to at install time (signing secret
// BENCH_SLACK_SECRET). Prints `READY {"url","credentials"}` when ready, and `CPU <ms>` and `CONNECTIONS <n>` when told to stop.
import { chatAdapter, startChatStandIn } from "@adapterkit/adapter-chat";
import { serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { reportCpu } from "../lib/report-cpu.ts";

const slackSecret = process.env.BENCH_SLACK_SECRET;
if (slackSecret === undefined) throw new Error("BENCH_SLACK_SECRET is not set");
const slack = await startChatStandIn({ signingSecret: slackSecret });
const server = await serve(chatAdapter, {
  allowedHosts: [new URL(slack.url).host],
  port: 0,
  host: "127.0.0.1",
  handleSignals: false,
  signingSecret: process.env.BENCH_APP_SECRET,
  logger: pino({ level: "warn" }),
});
// Connections opened to it: the service's client should keep a few alive, not open one per call.
let connections = 0;
server.server.on("connection", () => {
  connections += 1;
});
const url = server.url.replace("localhost", "127.0.0.1");
const printCpu = reportCpu();
process.stdout.write(`READY ${JSON.stringify({ url, credentials: slack.credentials })}\n`);
process.on("SIGTERM", async () => {
  printCpu();
  process.stdout.write(`CONNECTIONS ${connections}\n`);
  await server.close();
  await slack.close();
  process.exit(0);
});
