import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
/** What an adapter author installs (D430); packed-kit.test.ts installs exactly these and counts what they bring. */
const AUTHORS_KIT = ["packages/contract", "packages/client", "packages/sdk", "conformance", "packages/cli"];
/**
 * Modules that import an optional peer: each is loaded only on demand (a dynamic `import()`), so the peer is needed
 * only by a project that reaches it (D433).
 */
const ON_DEMAND: Readonly<Record<string, readonly string[]>> = {
  conformance: ["src/platform/start-smtp-sink.ts", "src/platform/create-prompt-smtp-server.ts"],
};

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface Import {
  readonly file: string;
  readonly specifier: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

function manifestOf(dir: string): Manifest {
  return JSON.parse(readFileSync(join(REPO, dir, "package.json"), "utf8")) as Manifest;
}

/** The shipped sources of a workspace: `src/**.ts` without tests and test helpers. */
function shippedSources(dir: string, sub = "src"): string[] {
  return readdirSync(join(REPO, dir, sub), { withFileTypes: true }).flatMap((entry) => {
    const path = `${sub}/${entry.name}`;
    if (entry.isDirectory()) return shippedSources(dir, path);
    return /\.ts$/.test(entry.name) && !/(\.test(-d)?\.ts|-for-test\.ts|fixture-adapter\.ts)$/.test(entry.name)
      ? [path]
      : [];
  });
}

function importsOf(dir: string, file: string): Import[] {
  const source = readFileSync(join(REPO, dir, file), "utf8");
  const statics = [...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?"([^"]+)"/gm)].map(
    (match) => ({ file, specifier: match[2] as string, typeOnly: match[1] !== undefined, dynamic: false }),
  );
  const dynamics = [...source.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => ({
    file,
    specifier: match[1] as string,
    typeOnly: false,
    dynamic: true,
  }));
  return [...statics, ...dynamics];
}

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

const isBare = (specifier: string) => !specifier.startsWith(".") && !specifier.startsWith("node:");

describe("the authors' kit", () => {
  it.each(
    AUTHORS_KIT,
  )("%s depends on the authors' kit and its libraries only: no service, sample, native module or Express", (dir) => {
    const manifest = manifestOf(dir);
    const kitNames = AUTHORS_KIT.map((kit) => manifestOf(kit).name);
    const own = Object.keys(manifest.dependencies ?? {}).filter((name) => /^(@adapterkit\/|adapterkit)/.test(name));
    expect({ dir, outside: own.filter((name) => !kitNames.includes(name)) }).toEqual({ dir, outside: [] });
    const heavy = ["better-sqlite3", "pg", "express", "mailparser", "smtp-server", "oidc-provider"];
    const listed = Object.keys(manifest.dependencies ?? {});
    expect({ dir, heavy: listed.filter((name) => heavy.includes(name)) }).toEqual({ dir, heavy: [] });
    const peers = Object.keys(manifest.peerDependencies ?? {});
    const required = peers.filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true);
    expect({ dir, requiredPeers: required }).toEqual({ dir, requiredPeers: [] });
  });

  it.each(AUTHORS_KIT)("%s imports only what its package.json lists, and its optional peers only on demand", (dir) => {
    const manifest = manifestOf(dir);
    const declared = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {})]);
    const peers = new Set(Object.keys(manifest.peerDependencies ?? {}));
    const files = shippedSources(dir);
    const imports = files.flatMap((file) => importsOf(dir, file));
    const undeclared = imports
      .filter((entry) => isBare(entry.specifier))
      .filter((entry) => !declared.has(packageOf(entry.specifier)) && !peers.has(packageOf(entry.specifier)))
      .map((entry) => `${entry.file}: ${entry.specifier}`);
    expect({ dir, undeclared }).toEqual({ dir, undeclared: [] });
    const onDemand = ON_DEMAND[dir] ?? [];
    const peerImports = imports
      .filter((entry) => isBare(entry.specifier) && peers.has(packageOf(entry.specifier)))
      .filter((entry) => !onDemand.includes(entry.file))
      .map((entry) => `${entry.file}: ${entry.specifier}`);
    expect({ dir, peerImports }).toEqual({ dir, peerImports: [] });
    // An on-demand module is reached from elsewhere only by import() or for its types.
    const eager = imports
      .filter((entry) => !entry.dynamic && !entry.typeOnly && !onDemand.includes(entry.file))
      .filter((entry) => onDemand.some((target) => resolvesTo(entry, target)))
      .map((entry) => `${entry.file}: ${entry.specifier}`);
    expect({ dir, eager }).toEqual({ dir, eager: [] });
  });
});

function resolvesTo(entry: Import, target: string): boolean {
  if (!entry.specifier.startsWith(".")) return false;
  const resolved = join(entry.file, "..", entry.specifier);
  return resolved === target;
}
