import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const folders: string[] = [];

function findCycles(folder: string) {
  const result = spawnSync(process.execPath, ["scripts/import-cycles.mjs", folder], { cwd: REPO, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

function folderOf(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "import-cycles-"));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("import cycles (issue 29)", () => {
  it("finds none among the service's files: service-context.ts imports only files that never import it", () => {
    expect(findCycles("packages/service/src")).toEqual({
      status: 0,
      output: "0 import cycle(s) in packages/service/src\n",
    });
  });

  it("names the files of a cycle made of type-only imports, and exits 1", () => {
    const folder = folderOf({
      "context.ts": 'import type { Cache } from "./cache.ts";\nexport interface Context { cache: Cache }\n',
      "cache.ts": 'import type { Context } from "./context.ts";\nexport type Cache = (context: Context) => void;\n',
      "leaf.ts": 'import type { Context } from "./context.ts";\nexport type Leaf = Context;\n',
    });
    const { status, output } = findCycles(folder);
    expect(status).toBe(1);
    expect(output).toContain("cache.ts\n  -> context.ts\n  -> cache.ts");
    expect(output).not.toContain("leaf.ts");
    expect(output).toContain("1 import cycle(s)");
  });
});
