import type { CommandModule } from "yargs";
import yargs from "yargs";
import { CliError } from "./cli-error.ts";

/** What {@link runCli} runs: a command line's name, its commands, and what its help ends with. */
export interface CliOptions {
  readonly scriptName: string;
  readonly commands: readonly CommandModule[];
  readonly argv: readonly string[];
  readonly epilogue?: string;
}

/**
 * Parses `argv` against `commands` and runs the one named; a CliError prints in one line (anything else with its
 * stack) and sets the process's exit code. `adapterkit` and `adapterkit-service` both run through it.
 * @example await runCli({ scriptName: "adapterkit", commands: COMMANDS, argv: hideBin(process.argv) });
 */
export async function runCli(options: CliOptions): Promise<void> {
  let cli = yargs([...options.argv]).scriptName(options.scriptName);
  for (const command of options.commands) cli = cli.command(command);
  if (options.epilogue !== undefined) cli = cli.epilogue(options.epilogue);
  cli = cli
    .demandCommand(1, "Name a command.")
    .strict()
    .help()
    .fail((message, error) => {
      if (error) throw error;
      throw new CliError("usage", message);
    });
  try {
    await cli.parseAsync();
  } catch (error) {
    const cliError = error instanceof CliError ? error : new CliError("failed", String(error), { cause: error });
    console.error(`${options.scriptName}: ${cliError.message}`);
    if (!(error instanceof CliError)) console.error(error);
    process.exitCode = cliError.exitCode;
  }
}
