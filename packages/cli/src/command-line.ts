// What another command line built on this one uses (adapterkit-service, D431): the command helper, the exit codes
// and the runner.
export { CliError, EXIT_CODES, type ExitReason } from "./cli-error.ts";
export { type CommandSpec, defineCommand } from "./define-command.ts";
export { type CliOptions, runCli } from "./run-cli.ts";
export { SERVICE_COMMANDS } from "./service-commands.ts";
