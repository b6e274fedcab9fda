import { ADAPTER_KINDS, ScaffoldError, scaffoldAdapter } from "@adapterkit/sdk";
import { CliError } from "../cli-error.ts";
import { defineCommand } from "../define-command.ts";

/** `adapterkit new <slug> --kind …`: scaffolds a working adapter project from the SDK's templates. */
export const newCommand = defineCommand({
  command: "new <slug>",
  describe: "Create an adapter project: manifest, handlers (501 until written), fixtures, a test, a README",
  positional: { slug: { describe: "The adapter's slug, e.g. acme-chat", type: "string", demandOption: true } },
  options: {
    kind: { choices: ADAPTER_KINDS, demandOption: true, describe: "What the adapter connects" },
    dir: { type: "string", describe: "Folder to create (must be new or empty); default ./<slug>" },
  },
  handler: async (args) => {
    try {
      const result = scaffoldAdapter({
        slug: String(args.slug),
        kind: args.kind,
        ...(args.dir === undefined ? {} : { dir: args.dir }),
        onProgress: ({ file, index, total }) => console.log(`  [${index + 1}/${total}] create ${file}`),
      });
      console.log(`\nCreated ${result.files.length} files in ${result.dir}\n\nNext steps:`);
      for (const step of result.nextSteps) console.log(`  ${step}`);
    } catch (error) {
      if (error instanceof ScaffoldError) throw new CliError("usage", error.message, { cause: error });
      throw error;
    }
  },
});
