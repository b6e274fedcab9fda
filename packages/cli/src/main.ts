import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { CliError, EXIT_CODES } from "./cli-error.ts";
import { COMMANDS } from "./commands/index.ts";

/** Runs the `adapterkit` command line. */
export async function main(argv: string[]): Promise<void> {
  const cli = yargs(argv)
    .scriptName("adapterkit")
    .command(COMMANDS)
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
    console.error(`adapterkit: ${cliError.message}`);
    if (!(error instanceof CliError)) console.error(error);
    process.exitCode = cliError.exitCode;
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  await main(hideBin(process.argv));
}

export { EXIT_CODES };
