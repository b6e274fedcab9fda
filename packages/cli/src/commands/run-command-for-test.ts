import { vi } from "vitest";
import yargs, { type CommandModule } from "yargs";
import { CliError } from "../cli-error.ts";

/** What a command printed, line by line for console calls and chunk by chunk for stream writes. */
export interface CommandOutput {
  /** `console.log` lines. */
  readonly out: string[];
  /** `console.error` lines and `process.stderr` writes, in order. */
  readonly err: string[];
  /** `process.stdout` writes. */
  readonly stdout: string[];
}

/** Captures (and silences) everything a command prints; `vi.restoreAllMocks()` in `afterEach` lets it go. */
export function captureOutput(): CommandOutput {
  const output: CommandOutput = { out: [], err: [], stdout: [] };
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

/** Runs `argv` through `commands` as the CLI would and resolves to the exit code (a CliError's, or the handler's). */
export async function runCommandForTest(commands: readonly CommandModule[], argv: string[]): Promise<number> {
  process.exitCode = undefined;
  try {
    let cli = yargs(argv);
    for (const command of commands) cli = cli.command(command);
    await cli
      .strict()
      .fail((message, error) => {
        throw error ?? new CliError("usage", message);
      })
      .parseAsync();
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error instanceof CliError) return error.exitCode;
    throw error;
  } finally {
    process.exitCode = undefined;
  }
}
