import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { manifestSchema } from "@adapterkit/contract";
import { Ajv2020 } from "ajv/dist/2020.js";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import type { Adapter } from "../define/define-adapter.ts";
import { startAdapter } from "../testing/start-adapter.ts";
import { ADAPTER_KINDS } from "./adapter-kinds.ts";
import { scaffoldAdapter } from "./scaffold-adapter.ts";
import { ScaffoldError } from "./scaffold-error.ts";

const SDK_DIR = fileURLToPath(new URL("../../", import.meta.url));
const SDK_VERSION = JSON.parse(readFileSync(join(SDK_DIR, "package.json"), "utf8")).version;
const FIXTURES_SCHEMA = JSON.parse(readFileSync(join(SDK_DIR, "../../conformance/fixtures.schema.json"), "utf8"));
const validateFixtures = new Ajv2020({ strict: false }).compile(FIXTURES_SCHEMA);

// Every temp folder a test makes is removed after it.
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp workspace whose node_modules links this SDK, so generated code can import it without npm install. */
function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), "adapterkit-new-"));
  temps.push(root);
  mkdirSync(join(root, "node_modules", "@adapterkit"), { recursive: true });
  symlinkSync(SDK_DIR, join(root, "node_modules", "@adapterkit", "sdk"));
  return root;
}

/** A loopback port nothing listens on just now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ScaffoldError) return error.code;
    throw error;
  }
  return "written";
};

describe("scaffoldAdapter", () => {
  it.each(ADAPTER_KINDS)("writes a %s project and reports every file", (kind) => {
    const dir = join(workspace(), "demo");
    const progress: string[] = [];
    const result = scaffoldAdapter({ slug: "demo", kind, dir, onProgress: ({ file }) => progress.push(file) });
    expect(result.dir).toBe(dir);
    expect(progress).toEqual(result.files);
    expect(result.files).toEqual(
      expect.arrayContaining([
        "package.json",
        "tsconfig.json",
        "README.md",
        ".gitignore",
        "src/manifest.ts",
        "src/adapter.ts",
        "src/main.ts",
        "src/handlers/verify.ts",
        "test/adapter.test.ts",
        "conformance.fixtures.json",
      ]),
    );
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const range = `^${SDK_VERSION}`;
    expect(pkg.dependencies).toEqual({ "@adapterkit/sdk": range });
    expect(pkg.devDependencies).toMatchObject({ adapterkit: range, "@adapterkit/conformance": range });
    // Node runs the TypeScript itself and tests it with its own runner: no tsx, vitest or esbuild to install.
    const ownTools = Object.keys(pkg.devDependencies).filter((name) => !["mailparser", "smtp-server"].includes(name));
    expect(ownTools.sort()).toEqual(["@adapterkit/conformance", "@types/node", "adapterkit", "typescript"]);
    expect(pkg.scripts).toMatchObject({
      start: "node src/main.ts",
      dev: "adapterkit dev",
      test: 'node --test "test/**/*.test.ts"',
    });
    expect(pkg.allowScripts).toBeUndefined();
    expect(JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8")).compilerOptions.erasableSyntaxOnly).toBe(true);
    expect(JSON.stringify(pkg)).not.toContain("file:");
    expect(readFileSync(join(dir, "src/main.ts"), "utf8")).toContain("serve(adapter");
    for (const file of result.files.filter((name) => name.endsWith(".ts"))) {
      const source = ts.createSourceFile(file, readFileSync(join(dir, file), "utf8"), ts.ScriptTarget.ES2023);
      const syntax = (source as unknown as { parseDiagnostics: { messageText: unknown }[] }).parseDiagnostics;
      expect({ file, syntax: syntax.map((problem) => problem.messageText) }).toEqual({ file, syntax: [] });
    }
    expect(result.nextSteps[0]).toMatch(/^cd /);
    expect(result.nextSteps.filter((step) => step.startsWith("npm install"))).toEqual([
      expect.stringContaining("npm install --no-save <packs>/*.tgz"),
    ]);
  });

  it.each(
    ADAPTER_KINDS,
  )("gives a %s project one install command, and the runner's mail extras to mail only", (kind) => {
    const dir = join(workspace(), "demo");
    scaffoldAdapter({ slug: "demo", kind, dir });
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    const installing = readme.slice(readme.indexOf("## Installing the kit"), readme.indexOf("## Commands"));
    const commands = [...installing.matchAll(/^npm install.*$/gm)].map((match) => match[0]);
    expect(commands).toEqual(["npm install", "npm install --no-save /path/to/packs/*.tgz"]);
    const { devDependencies } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    // The runner's optional peers, at the ranges it gives them: what its SMTP stand-in loads for mail fixtures.
    const runner = new URL("../../../../conformance/package.json", import.meta.url);
    const mailExtras = JSON.parse(readFileSync(runner, "utf8")).peerDependencies;
    if (kind === "mail") expect(devDependencies).toMatchObject(mailExtras);
    else expect(Object.keys(devDependencies)).not.toEqual(expect.arrayContaining(["mailparser"]));
    expect(installing.includes("`mailparser`")).toBe(kind === "mail");
  });

  it.each(ADAPTER_KINDS)("writes %s conformance fixtures that the runner's schema accepts", (kind) => {
    const dir = join(workspace(), "demo");
    scaffoldAdapter({ slug: "demo", kind, dir });
    const fixtures = JSON.parse(readFileSync(join(dir, "conformance.fixtures.json"), "utf8"));
    expect(validateFixtures(fixtures) ? [] : validateFixtures.errors).toEqual([]);
    expect(JSON.stringify(fixtures)).toContain("{{");
    expect(fixtures.$schema).toBe("./node_modules/@adapterkit/conformance/fixtures.schema.json");
  });

  it.each(ADAPTER_KINDS)("imports in each %s handler file the SDK exports its comment names", async (kind) => {
    const dir = join(workspace(), "demo");
    const { files } = scaffoldAdapter({ slug: "demo", kind, dir });
    const sdk: Record<string, unknown> = await import("../index.ts");
    for (const file of files.filter((name) => name.startsWith("src/handlers/"))) {
      const source = readFileSync(join(dir, file), "utf8");
      const imported = /^import \{ (.+) \} from "@adapterkit\/sdk";$/m.exec(source)?.[1]?.split(", ") ?? [];
      const values = imported.filter((name) => !name.startsWith("type "));
      expect({ file, missing: values.filter((name) => !(name in sdk)) }).toEqual({ file, missing: [] });
      const named = [...source.matchAll(/`(?:new )?([A-Za-z]+)\(/g)].map((match) => match[1] as string);
      const fromSdk = named.filter((name) => name in sdk);
      expect({ file, unimported: fromSdk.filter((name) => !values.includes(name)) }).toEqual({ file, unimported: [] });
    }
  });

  it.each(
    ADAPTER_KINDS,
  )("writes a %s adapter that starts, serves its manifest and answers 501 from every handler", async (kind) => {
    const dir = join(workspace(), "acme-demo");
    scaffoldAdapter({ slug: "acme-demo", kind, dir });
    const { adapter } = (await import(pathToFileURL(join(dir, "src/adapter.ts")).href)) as { adapter: Adapter };
    const { client, close } = await startAdapter(adapter);
    try {
      const manifest = manifestSchema.parse((await client.manifest()).body);
      expect(manifest).toMatchObject({ name: "Acme Demo", slug: "acme-demo" });
      expect(adapter.handlers.size).toBe(kind === "source" ? 3 : 5);
      // Every handler endpoint, and the combined /inbound their placeholders cannot make (D410).
      expect(adapter.notImplemented).toHaveLength(8);
      const fixtures = JSON.parse(readFileSync(join(dir, "conformance.fixtures.json"), "utf8"));
      const result = await client.post("/verify", JSON.stringify({ credentials: fixtures.credentials.good }));
      expect(result).toMatchObject({ status: 501, body: { code: "not_implemented" } });
    } finally {
      await close();
    }
  });

  it.each(
    ADAPTER_KINDS,
  )("writes %s tests that Node's own runner runs from the TypeScript, with no loader", async (kind) => {
    const dir = join(workspace(), "acme-demo");
    scaffoldAdapter({ slug: "acme-demo", kind, dir });
    const run = spawnSync(process.execPath, ["--test", "test/**/*.test.ts"], { cwd: dir, encoding: "utf8" });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
    expect(run.stdout).toMatch(/^ℹ pass 4$/m);
    expect(run.stdout).toMatch(new RegExp(`^ℹ todo ${kind === "source" ? 3 : 5}$`, "m"));
  });

  it("serves with plain node and reports package.json's version on /health", async () => {
    const dir = join(workspace(), "acme-demo");
    scaffoldAdapter({ slug: "acme-demo", kind: "webhook", dir });
    const port = await freePort();
    const child = spawn(process.execPath, ["src/main.ts"], {
      cwd: dir,
      env: { ...process.env, PORT: String(port), ADAPTER_VERSION: "" },
      stdio: "ignore",
    });
    try {
      let health: unknown;
      for (let attempt = 0; attempt < 200 && health === undefined && child.exitCode === null; attempt += 1) {
        health = await fetch(`http://127.0.0.1:${port}/acme-demo/health`).then(
          (response) => response.json(),
          () => new Promise((wait) => setTimeout(wait, 100)).then(() => undefined),
        );
      }
      expect(health).toMatchObject({ status: "ready", adapter: "acme-demo", version: "0.1.0" });
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("fills an existing empty folder", () => {
    const dir = join(workspace(), "empty");
    mkdirSync(dir);
    expect(refusal(() => scaffoldAdapter({ slug: "demo", kind: "chat", dir }))).toBe("written");
  });

  it("refuses a folder that is not empty and writes nothing", () => {
    const dir = join(workspace(), "taken");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "mine");
    expect(refusal(() => scaffoldAdapter({ slug: "demo", kind: "chat", dir }))).toBe("not_empty");
    expect(readdirSync(dir)).toEqual(["notes.txt"]);
    const file = join(dir, "notes.txt");
    expect(refusal(() => scaffoldAdapter({ slug: "demo", kind: "chat", dir: file }))).toBe("not_empty");
  });

  it("refuses a slug that is not a slug and a kind it does not know", () => {
    const dir = join(workspace(), "x");
    for (const slug of ["Demo", "a", "demo--x", "demo_x", "-demo"]) {
      expect(refusal(() => scaffoldAdapter({ slug, kind: "chat", dir }))).toBe("invalid_slug");
    }
    expect(refusal(() => scaffoldAdapter({ slug: "demo", kind: "sms", dir }))).toBe("unknown_kind");
  });

  it("depends on the kit by a given version range", () => {
    const dir = join(workspace(), "pinned");
    scaffoldAdapter({ slug: "demo", kind: "webhook", dir, kitDependency: "~1.2.0" });
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    expect(pkg.dependencies).toEqual({ "@adapterkit/sdk": "~1.2.0" });
    expect(pkg.devDependencies).toMatchObject({ adapterkit: "~1.2.0", "@adapterkit/conformance": "~1.2.0" });
  });

  it("prints next steps from where the author stands", () => {
    const root = workspace();
    const here = process.cwd();
    try {
      process.chdir(root);
      expect(scaffoldAdapter({ slug: "demo", kind: "chat", dir: "nested/demo" }).nextSteps[0]).toBe("cd nested/demo");
      const elsewhere = join(workspace(), "it's here");
      expect(scaffoldAdapter({ slug: "demo", kind: "chat", dir: elsewhere }).nextSteps[0]).toBe(
        `cd '${elsewhere.replace("'", "'\\''")}'`,
      );
    } finally {
      process.chdir(here);
    }
  });
});
