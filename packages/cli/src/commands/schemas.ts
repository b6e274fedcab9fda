import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { renderSchemaFiles } from "@adapterkit/contract";
import { defineCommand } from "../define-command.ts";

const DEFAULT_DIR = resolve(new URL("../../../../schemas", import.meta.url).pathname);

/** `adapterkit schemas`: regenerates the JSON Schemas and OpenAPI documents from the zod source. */
export const schemasCommand = defineCommand({
  command: "schemas",
  describe: "Regenerate schemas/ (JSON Schema 2020-12 per wire shape, two OpenAPI 3.1 documents)",
  options: { out: { type: "string", default: DEFAULT_DIR, describe: "Folder to write" } },
  handler: async ({ out }) => {
    const files = renderSchemaFiles();
    await mkdir(out, { recursive: true });
    for (const stale of await readdir(out)) {
      if (stale.endsWith(".json") && !(stale in files)) await rm(join(out, stale));
    }
    for (const [name, text] of Object.entries(files)) await writeFile(join(out, name), text);
    console.log(`schemas: wrote ${Object.keys(files).length} files to ${out}`);
  },
});
