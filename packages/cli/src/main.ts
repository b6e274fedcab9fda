import { hideBin } from "yargs/helpers";
import { EXIT_CODES } from "./cli-error.ts";
import { COMMANDS } from "./commands/index.ts";
import { runCli } from "./run-cli.ts";
import { SERVICE_COMMANDS, serviceCommandError } from "./service-commands.ts";

/** Runs the `adapterkit` command line: the commands an adapter author uses. */
export async function main(argv: string[]): Promise<void> {
  const moved = serviceCommandError(argv[0]);
  if (moved !== undefined) {
    console.error(`adapterkit: ${moved.message}`);
    process.exitCode = moved.exitCode;
    return;
  }
  await runCli({
    scriptName: "adapterkit",
    commands: COMMANDS,
    argv,
    epilogue: `The reference service's commands (${SERVICE_COMMANDS.join(", ")}) are adapterkit-service's.`,
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  await main(hideBin(process.argv));
}

export { EXIT_CODES };
