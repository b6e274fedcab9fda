import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { AdapterExit } from "./dev-event.ts";

/** How many lines of each stream a crash report shows. */
const TAIL_LINES = 20;
const STOP_GRACE_MS = 10_000;

/** Options of {@link startAdapterProcess}. */
export interface AdapterProcessOptions {
  readonly dir: string;
  /** `node` arguments: the entry file, after any flags Node.js should take. */
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** How long it may take to say it listens before it is stopped and reported. */
  readonly startTimeoutMs: number;
  /** Every line it writes, when the author asked to see its logs. */
  readonly onLine?: (line: string) => void;
}

/** A started adapter project: `ready` settles once it listens (its URL) or exits first. */
export interface AdapterProcess {
  readonly pid: number | undefined;
  readonly ready: Promise<{ ok: true; url: string } | ({ ok: false } & AdapterExit)>;
  /** Settles when it exits after having listened (a crash unless {@link stop} was called). */
  readonly crashed: Promise<AdapterExit>;
  /** Stops it by its PID: SIGTERM, then SIGKILL if it has not exited within the grace. */
  stop(): Promise<void>;
}

/**
 * Starts the project's entry with `node` and reads its log for the SDK's `listening` line, whose `urls` name the
 * adapter's base URL (the slug comes from the project's own manifest, not from a guess).
 * @example const adapter = startAdapterProcess({ dir, args: ["src/main.ts"], env, startTimeoutMs: 60_000 });
 */
export function startAdapterProcess(options: AdapterProcessOptions): AdapterProcess {
  const child = spawn(process.execPath, [...options.args], {
    cwd: options.dir,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  let listening = false;
  let stopping = false;
  let resolveReady: (value: Awaited<AdapterProcess["ready"]>) => void = () => {};
  const ready = new Promise<Awaited<AdapterProcess["ready"]>>((resolve) => {
    resolveReady = resolve;
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once("close", (code, signal) => resolve({ code, signal }));
    child.once("error", (error) => {
      stderr.push(error.message);
      resolve({ code: null, signal: null });
    });
  });
  const keep = (lines: string[], line: string) => {
    lines.push(line);
    if (lines.length > TAIL_LINES) lines.shift();
    options.onLine?.(line);
  };
  createInterface({ input: child.stdout }).on("line", (line) => {
    keep(stdout, line);
    const url = listeningUrl(line);
    if (url !== undefined && !listening) {
      listening = true;
      resolveReady({ ok: true, url });
    }
  });
  createInterface({ input: child.stderr }).on("line", (line) => keep(stderr, line));
  const exitOf = (ended: { code: number | null; signal: string | null }, extra: Partial<AdapterExit> = {}) => ({
    ...ended,
    phase: listening ? ("running" as const) : ("starting" as const),
    tail: [...(stderr.length > 0 ? stderr : stdout)],
    ...extra,
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const timer = setTimeout(() => {
    if (listening) return;
    void stop().then(() => resolveReady({ ok: false, ...exitOf({ code: null, signal: null }, { timedOut: true }) }));
  }, options.startTimeoutMs);
  const crashed = exited.then((ended) => {
    clearTimeout(timer);
    // Streams may still hold the last lines when the process is reported closed; `close` waits for them.
    if (!listening) resolveReady({ ok: false, ...exitOf(ended) });
    return exitOf(ended);
  });
  return {
    pid: child.pid,
    ready,
    crashed: crashed.then((exit) => (stopping || exit.phase === "starting" ? new Promise<never>(() => {}) : exit)),
    stop,
  };
}

/** The adapter's URL from the SDK's JSON `listening` log line, on 127.0.0.1 (dev talks to loopback only). */
function listeningUrl(line: string): string | undefined {
  if (!line.startsWith("{")) return undefined;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof entry !== "object" || entry === null) return undefined;
  const { msg, urls } = entry as { msg?: unknown; urls?: unknown };
  if (msg !== "listening" || typeof urls !== "object" || urls === null) return undefined;
  const first = Object.values(urls).find((value): value is string => typeof value === "string");
  if (first === undefined) return undefined;
  const url = new URL(first);
  url.hostname = "127.0.0.1";
  return url.href.replace(/\/$/, "");
}
