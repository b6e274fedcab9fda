import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FILLED_IN = new URL("./filled-in/", import.meta.url);

/**
 * Writes the handlers of a project `adapterkit new` made, as its README tells the author to: each
 * `filled-in/<kind>/<name>.txt` replaces `notImplemented("…")` in `src/handlers/<name>.ts`, its leading `import`
 * lines going to the top of the file. Returns the handler files it filled in.
 */
export function fillInHandlers(projectDir: string, kind: string): string[] {
  const filled: string[] = [];
  for (const entry of readdirSync(new URL(`${kind}/`, FILLED_IN)).filter((name) => name.endsWith(".txt"))) {
    const text = readFileSync(new URL(`${kind}/${entry}`, FILLED_IN), "utf8");
    const lines = text.split("\n");
    const imports = lines.filter((line) => line.startsWith("import "));
    const body = lines
      .filter((line) => !line.startsWith("import "))
      .join("\n")
      .trim();
    const file = join(projectDir, "src", "handlers", entry.replace(/\.txt$/, ".ts"));
    const source = readFileSync(file, "utf8");
    const placeholder = /notImplemented\("[A-Za-z]+"\)/;
    if (!placeholder.test(source)) throw new Error(`${file} has no notImplemented(…) to replace`);
    writeFileSync(file, [...imports, source.replace(placeholder, () => body)].join("\n"));
    filled.push(file);
  }
  return filled;
}
