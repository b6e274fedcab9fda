import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// D570–D573: the service's folders import only downward through the districts of packages/service/districts.json,
// with at most `maxBackArrows` arrows to a higher folder of the same district; no package has an import cycle.
const REPO = fileURLToPath(new URL("../", import.meta.url));
const PACKAGES = [
  "packages/service/src",
  "conformance/src",
  "packages/service-cli/src",
  "packages/sdk/src",
  "packages/client/src",
  "packages/contract/src",
  "packages/cli/src",
];
const folders: string[] = [];

function run(script: string, folder: string) {
  const result = spawnSync(process.execPath, [script, folder], { cwd: REPO, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** A package folder with a districts.json and the given source files. */
function packageOf(districts: unknown, files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "district-arrows-"));
  folders.push(folder);
  writeFileSync(join(folder, "districts.json"), JSON.stringify(districts));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, "src", name)), { recursive: true });
    writeFileSync(join(folder, "src", name), text);
  }
  return folder;
}

/** A copy of the service's sources and districts, to plant an import in. */
function serviceCopy(): string {
  const folder = mkdtempSync(join(tmpdir(), "district-arrows-service-"));
  folders.push(folder);
  cpSync(join(REPO, "packages/service/src"), join(folder, "src"), { recursive: true });
  cpSync(join(REPO, "packages/service/districts.json"), join(folder, "districts.json"));
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("districts and import cycles (issue 38)", () => {
  it("finds the service's folders importing only downward, with at most 10 back-arrows", () => {
    const { status, output } = run("scripts/district-arrows.mjs", "packages/service");
    expect(output).toMatch(/ 0 upward across districts, 0 undeclared in packages\/service\n$/);
    const backArrows = Number(/(\d+) back-arrow\(s\) \(at most 10\)/.exec(output)?.[1]);
    expect(backArrows).toBeLessThanOrEqual(10);
    expect(status).toBe(0);
  });

  it("fails on an upward import planted in a copy of the service, type-only as it is, naming the arrow", () => {
    const folder = serviceCopy();
    appendFileSync(
      join(folder, "src/errors/service-error.ts"),
      'import type { PortalAnswer } from "../portal/portal-route.ts";\nexport type Planted = PortalAnswer;\n',
    );
    const { status, output } = run("scripts/district-arrows.mjs", folder);
    expect(status).toBe(1);
    expect(output).toContain(
      "upward across districts: errors -> portal (ground -> web, 1 import(s), e.g. errors/service-error.ts -> portal/portal-route.ts)",
    );
    expect(output).toContain(" 1 upward across districts");
  });

  it("counts an arrow to a higher folder of the same district, and fails past the limit", () => {
    const districts = (maxBackArrows: number) => ({
      maxBackArrows,
      districts: [{ name: "ground", holds: "two folders", folders: ["low", "high"] }],
    });
    const files = {
      "low/low.ts": 'import type { High } from "../high/high.ts";\nexport type Low = High;\n',
      "high/high.ts": "export type High = string;\n",
    };
    const over = run("scripts/district-arrows.mjs", packageOf(districts(0), files));
    expect(over.status).toBe(1);
    expect(over.output).toContain(
      "back-arrow: low -> high (ground -> ground, 1 import(s), e.g. low/low.ts -> high/high.ts)",
    );
    expect(over.output).toContain("1 back-arrow(s) (at most 0), 0 upward across districts");
    expect(run("scripts/district-arrows.mjs", packageOf(districts(1), files)).status).toBe(0);
  });

  it("fails on a folder that no district names", () => {
    const folder = packageOf(
      { maxBackArrows: 10, districts: [{ name: "ground", holds: "one folder", folders: ["low"] }] },
      { "low/low.ts": "export const LOW = 1;\n", "stray/stray.ts": "export const STRAY = 1;\n" },
    );
    const { status, output } = run("scripts/district-arrows.mjs", folder);
    expect(status).toBe(1);
    expect(output).toContain("not in any district: stray");
  });

  it.each(PACKAGES)("finds no import cycle in %s", (folder) => {
    expect(run("scripts/import-cycles.mjs", folder)).toEqual({ status: 0, output: `0 import cycle(s) in ${folder}\n` });
  });
});
