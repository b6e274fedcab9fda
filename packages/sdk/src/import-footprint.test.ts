import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// D418: an adapter that only receives loads neither the HTTP client (ajv, undici) nor Handlebars. One import from
// the wrong entry point brings them back (24 MB and more resident), so the import graph itself is checked here.
const HEAVY = ["undici", "ajv", "handlebars"];

/** The CommonJS packages under node_modules that importing `specifier` (from the sources) loads. */
function packagesLoadedBy(specifier: string): string[] {
  const script = `await import(${JSON.stringify(specifier)});
const names = new Set(Object.keys((await import("node:module")).default._cache).map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1]));
console.log(JSON.stringify([...names].filter(Boolean)));`;
  const result = spawnSync(
    process.execPath,
    ["--conditions=@adapterkit/source", "--import", "tsx", "--input-type=module", "-e", script],
    { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
  );
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "[]") as string[];
}

describe("what importing the SDK loads", () => {
  it("loads none of undici, ajv and Handlebars, which only calling out and scaffolding need", () => {
    const loaded = packagesLoadedBy("@adapterkit/sdk");
    expect(loaded).toContain("pino"); // the check sees CommonJS packages at all
    expect(loaded.filter((name) => HEAVY.includes(name))).toEqual([]);
  });

  it("loads them for the whole client, which is what the check would catch", () => {
    expect(packagesLoadedBy("@adapterkit/client")).toEqual(expect.arrayContaining(["undici", "ajv"]));
  });
});
