import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { type BenchChild, startBuiltChild } from "../lib/start-child.ts";
import { stopChild } from "../lib/stop-child.ts";
import type { AnswerShapes } from "../vs-bolt/deliveries.ts";
import { BOLT_STORE, SERVICE_STORE, type StoreQueries } from "./check-store.ts";

/** SQLite's durability on both sides: `full` (the service's default, D178) or `normal`. */
export type Synchronous = "full" | "normal";

/**
 * The sides: the service with the chat adapter, the plain Bolt app (a commit per event), Bolt with group commit, and
 * the relay with the chat adapter: the hosted design's floor, Slack's POST received and the one adapter call made
 * through the service's client, nothing stored (bench/inbound's relay, D310).
 */
export const SIDES = ["service", "bolt", "bolt-group", "relay"] as const;
export type Side = (typeof SIDES)[number];

/** One side's processes, started in a fresh data dir: where Slack's deliveries go and what its answers look like. */
export interface Started {
  readonly inbound: URL;
  readonly answers: AnswerShapes;
  /** Stopped in this order once the load is over. */
  readonly processes: readonly { readonly name: string; readonly child: BenchChild }[];
  /** Where its events are kept and how to read them; the relay keeps nothing. */
  readonly store: { readonly file: string; readonly queries: StoreQueries } | undefined;
}

/** How to start a side: its data dir, its durability, and (for `--profile`) a dir each process writes a CPU profile to. */
export interface StartOptions {
  readonly dir: string;
  readonly synchronous: Synchronous;
  readonly profileDir?: string | undefined;
}

/** The secrets of a bench run: Slack's signing secret (both sides) and the App's (service to adapter). */
export const SECRETS = { slack: randomBytes(16).toString("hex"), app: `whsec_${randomBytes(32).toString("base64")}` };
const here = (file: string) => new URL(file, import.meta.url);
/** Where a profiled service writes its statements' CPU (D625). */
export const statementTimesFile = (profileDir: string) => join(profileDir, "service-statements.txt");
const profiled = (options: StartOptions, name: string) =>
  options.profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${join(options.profileDir, name)}`];

/** The service's answer to an event it routed, and to a delivery of an event it had (Slack's retry). */
export const SERVICE_ANSWERS: AnswerShapes = {
  accepted: /"outcome":"accepted","event_id":\d+,"workflow_run_ids":\[\d+\]/,
  duplicate: /"outcome":"duplicate"/,
};

/** The service's process on a data dir, with the chat App installed at `adapterUrl` (or, with `join`, already there). */
export function startServiceProcess(
  options: StartOptions,
  adapter: { url: string; credentials: Record<string, string> },
  join?: string,
): Promise<BenchChild> {
  return startBuiltChild(
    here("../inbound/service-server.ts"),
    {
      BENCH_ADAPTER_URL: adapter.url,
      BENCH_APP_SECRET: SECRETS.app,
      BENCH_CREDENTIALS: JSON.stringify(adapter.credentials),
      BENCH_DATA_DIR: options.dir,
      ADAPTERKIT_SQLITE_SYNCHRONOUS: options.synchronous,
      ...(join === undefined ? {} : { BENCH_JOIN: join }),
      ...(options.profileDir === undefined ? {} : { BENCH_STATEMENT_TIMES: statementTimesFile(options.profileDir) }),
    },
    profiled(options, "service"),
  );
}

/** The bare relay in front of an adapter: each event answered once its one adapter call is (bench/inbound's). */
function startRelayProcess(adapter: { url: string; credentials: Record<string, string> }): Promise<BenchChild> {
  return startBuiltChild(here("../inbound/relay-server.ts"), {
    BENCH_ADAPTER_URL: adapter.url,
    BENCH_APP_SECRET: SECRETS.app,
    BENCH_CREDENTIALS: JSON.stringify(adapter.credentials),
  });
}

/**
 * The chat adapter and, in front of it, the reference service or the relay, each its own process from built
 * JavaScript (bench/inbound's).
 */
async function startHosted(options: StartOptions, front: "service" | "relay"): Promise<Started> {
  const adapter = await startBuiltChild(
    here("../inbound/adapter-server.ts"),
    { BENCH_SLACK_SECRET: SECRETS.slack, BENCH_APP_SECRET: SECRETS.app },
    profiled(options, "adapter"),
  );
  try {
    const address = JSON.parse(adapter.ready);
    const child = front === "service" ? await startServiceProcess(options, address) : await startRelayProcess(address);
    return {
      inbound: new URL(child.ready),
      // The relay answers every delivery alike, a retry included: it keeps nothing to tell one by.
      answers: front === "service" ? SERVICE_ANSWERS : { accepted: SERVICE_ANSWERS.accepted },
      processes: [
        { name: front, child },
        { name: "adapter", child: adapter },
      ],
      store: front === "service" ? { file: join(options.dir, "adapterkit.sqlite"), queries: SERVICE_STORE } : undefined,
    };
  } catch (error) {
    await stopChild(adapter);
    throw error;
  }
}

/** The Bolt app keeping what it receives (bench/vs-bolt/bolt-server.mjs with BENCH_STORE), committing as told. */
async function startBolt(options: StartOptions, commit: "each" | "group"): Promise<Started> {
  const storeFile = join(options.dir, "bolt.sqlite");
  const bolt = await startBuiltChild(
    here("../vs-bolt/bolt-server.mjs"),
    {
      SLACK_SIGNING_SECRET: SECRETS.slack,
      BENCH_STORE: storeFile,
      BENCH_SYNCHRONOUS: options.synchronous,
      BENCH_COMMIT: commit,
    },
    profiled(options, "bolt"),
  );
  return {
    inbound: new URL(`http://127.0.0.1:${bolt.ready}/slack/events`),
    // Bolt answers an empty 200 whether or not the event_id was stored before: it cannot tell a retry apart.
    answers: { accepted: /^$/ },
    processes: [{ name: "bolt", child: bolt }],
    store: { file: storeFile, queries: BOLT_STORE },
  };
}

/** Starts a side's processes in `options.dir`. */
export function startSide(side: Side, options: StartOptions): Promise<Started> {
  if (side === "service" || side === "relay") return startHosted(options, side);
  return startBolt(options, side === "bolt-group" ? "group" : "each");
}
