import { writeFile } from "node:fs/promises";
import { renderSchemaFiles } from "../src/schemas/render-schema-files.ts";

// Regenerates conformance/fixtures.schema.json and report.schema.json from their zod source (STYLE 1).
const root = new URL("../", import.meta.url);
const files = renderSchemaFiles();
for (const [name, text] of Object.entries(files)) await writeFile(new URL(name, root), text);
console.log(`conformance schemas: wrote ${Object.keys(files).join(", ")}`);
