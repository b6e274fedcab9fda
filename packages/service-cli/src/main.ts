import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "adapterkit/command-line";
import { hideBin } from "yargs/helpers";
import { SERVICE_COMMANDS } from "./commands/index.ts";

/** Runs the `adapterkit-service` command line: the reference service (`serve`) and the commands that open its store. */
export async function main(argv: string[]): Promise<void> {
  await runCli({
    scriptName: "adapterkit-service",
    commands: SERVICE_COMMANDS,
    argv,
    epilogue: "An adapter author's commands (new, conformance, capture) are adapterkit's.",
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await main(hideBin(process.argv));
}
