import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import yargs, { type CommandModule } from "yargs";
import { CliError } from "../cli-error.ts";

export { freePort } from "../dev/free-port.ts";

/** What a command printed, line by line for console calls and chunk by chunk for stream writes. */
export interface CommandOutput {
  /** `console.log` lines. */
  readonly out: string[];
  /** `console.error` lines and `process.stderr` writes, in order. */
  readonly err: string[];
  /** `process.stdout` writes. */
  readonly stdout: string[];
}

/**
 * Captures (and silences) everything a command prints, into `output` when given (its arrays emptied first);
 * `vi.restoreAllMocks()` in `afterEach` lets it go.
 */
export function captureOutput(output: CommandOutput = { out: [], err: [], stdout: [] }): CommandOutput {
  for (const lines of [output.out, output.err, output.stdout]) lines.length = 0;
  vi.spyOn(console, "log").mockImplementation((line: unknown) => void output.out.push(String(line)));
  vi.spyOn(console, "error").mockImplementation((line: unknown) => void output.err.push(String(line)));
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    output.stdout.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    output.err.push(String(chunk));
    return true;
  });
  return output;
}

/**
 * Points the commands at `dataDir` on SQLite (whatever the shell's DATABASE_URL says), plus any `extra` variables;
 * `vi.unstubAllEnvs()` in `afterEach` undoes it.
 */
export function stubServiceEnv(dataDir: string, extra: Record<string, string> = {}): void {
  vi.stubEnv("ADAPTERKIT_DATA_DIR", dataDir);
  vi.stubEnv("DATABASE_URL", "");
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
}

/** What every command test stands in: its own data dir, and the output the commands print. */
export interface CommandSandbox {
  /** A fresh empty folder for each test, which the commands use as their data dir. */
  readonly dir: string;
  /** The same arrays for the whole file, emptied before each test. */
  readonly output: CommandOutput;
}

/**
 * Registers the hooks every command test needs: before each test a fresh data dir (`prefix` + random), the
 * commands pointed at it on SQLite with `env` besides ({@link stubServiceEnv}), and their output captured; after each
 * test all of that undone and the folder removed. A file's own `afterEach` runs before this one's, so a service it
 * opened on the dir is closed before the dir goes.
 */
export function useCommandSandbox(prefix: string, env: Record<string, string> = {}): CommandSandbox {
  const sandbox = { dir: "", output: { out: [], err: [], stdout: [] } as CommandOutput };
  beforeEach(async () => {
    sandbox.dir = await mkdtemp(join(tmpdir(), prefix));
    stubServiceEnv(sandbox.dir, env);
    captureOutput(sandbox.output);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    await rm(sandbox.dir, { recursive: true, force: true });
  });
  return sandbox;
}

/** Parses and runs `argv` through `commands` as main.ts does: a usage mistake or a command's failure throws a CliError. */
export async function parseCommandForTest(commands: readonly CommandModule[], argv: string[]): Promise<void> {
  let cli = yargs(argv);
  for (const command of commands) cli = cli.command(command);
  await cli
    .strict()
    .fail((message, error) => {
      throw error ?? new CliError("usage", message);
    })
    .parseAsync();
}

/** Runs `argv` through `commands` as the CLI would and resolves to the exit code (a CliError's, or the handler's). */
export async function runCommandForTest(commands: readonly CommandModule[], argv: string[]): Promise<number> {
  process.exitCode = undefined;
  try {
    await parseCommandForTest(commands, argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error instanceof CliError) return error.exitCode;
    throw error;
  } finally {
    process.exitCode = undefined;
  }
}
