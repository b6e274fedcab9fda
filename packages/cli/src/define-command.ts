import type { ArgumentsCamelCase, Argv, CommandModule, InferredOptionTypes, Options } from "yargs";

/** A handler's exit code; one that prints and succeeds returns nothing (exit 0). */
// biome-ignore lint/suspicious/noConfusingVoidType: handlers written as plain async functions return void.
type HandlerResult = Promise<number | void>;

/** A CLI command defined once: its options drive the typed arguments of its handler (after wrangler's helper). */
export interface CommandSpec<O extends Record<string, Options>> {
  readonly command: string;
  readonly describe: string;
  readonly options: O;
  readonly positional?: Record<string, { describe: string; type: "string"; demandOption?: boolean }>;
  readonly handler: (args: ArgumentsCamelCase<InferredOptionTypes<O>> & Record<string, unknown>) => HandlerResult;
}

/** Turns a spec into a yargs command module; the handler's return value becomes the exit code. */
export function defineCommand<O extends Record<string, Options>>(spec: CommandSpec<O>): CommandModule {
  return {
    command: spec.command,
    describe: spec.describe,
    builder: (yargs: Argv): Argv => {
      let built: Argv = yargs.options(spec.options);
      for (const [name, positional] of Object.entries(spec.positional ?? {}))
        built = built.positional(name, positional);
      return built;
    },
    handler: async (args) => {
      const code = await spec.handler(args as ArgumentsCamelCase<InferredOptionTypes<O>> & Record<string, unknown>);
      if (typeof code === "number") process.exitCode = code;
    },
  };
}
