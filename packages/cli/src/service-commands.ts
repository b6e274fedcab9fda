import { CliError } from "./cli-error.ts";

/**
 * The commands that open the reference service (its store, its keys) or serve it: they belong to
 * `adapterkit-service`, so an adapter author's install carries no service (D430).
 */
export const SERVICE_COMMANDS = [
  "serve",
  "token",
  "install",
  "apps",
  "keys",
  "tool-servers",
  "sync",
  "callbacks",
] as const;

const SERVICE_COMMAND_NAMES: ReadonlySet<string> = new Set(SERVICE_COMMANDS);

/** The usage error for `adapterkit <a service command>`: where that command is now; undefined for any other. */
export function serviceCommandError(name: string | undefined): CliError | undefined {
  if (name === undefined || !SERVICE_COMMAND_NAMES.has(name)) return undefined;
  return new CliError(
    "usage",
    `"${name}" is a command of the reference service, not of the authors' kit: run "adapterkit-service ${name} …" ` +
      "(package @adapterkit/service-cli; in the kit's checkout npx adapterkit-service, or npm start for serve)",
  );
}
