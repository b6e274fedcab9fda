// A benchmark's server process: started with tsx (or plain node), ready once it prints `READY <detail>` on stdout.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** A running child: the detail of its READY line and the rest of its stdout, line by line. */
export interface BenchChild {
  readonly child: ChildProcess;
  readonly ready: string;
  readonly lines: AsyncIterator<string>;
}

/**
 * Starts `entry` (a URL of a .ts file) under tsx with `env` added (and `nodeArgs`), and waits for its `READY …` line.
 * BENCH_NODE_ARGS adds node options to every child (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a
 * server's time goes; `bench/lib/cpuprofile-summary.ts` sums a profile by function).
 */
export function startChild(
  entry: URL,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<BenchChild> {
  return spawnReady(entry, { ...process.env, ...env }, [...nodeArgs, "--import", "tsx"]);
}

/**
 * Starts `entry` with plain node as a deployment runs it: @adapterkit/* resolve to their built dist/ (no source
 * condition, NODE_OPTIONS cleared; build first) and a .ts entry has its types stripped by Node itself.
 */
export function startBuiltChild(
  entry: URL,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<BenchChild> {
  return spawnReady(entry, { ...process.env, NODE_OPTIONS: "", ...env }, nodeArgs);
}

async function spawnReady(entry: URL, env: NodeJS.ProcessEnv, nodeArgs: readonly string[]): Promise<BenchChild> {
  const common = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== "");
  const child = spawn(process.execPath, [...common, ...nodeArgs, fileURLToPath(entry)], {
    stdio: ["ignore", "pipe", "inherit"],
    env,
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    const ready = /^READY (.+)$/.exec(line.value)?.[1];
    if (ready !== undefined) return { child, ready, lines };
  }
  child.kill("SIGKILL");
  throw new Error(`${fileURLToPath(entry)} exited before it was ready`);
}
