import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildJavaScript } from "../../../scripts/build.mjs";
import { fillInHandlers } from "./fill-in-handlers.ts";
import { authorEnv, type CommandResult, runCommand, stopGroup } from "./run-command.ts";
import { startProject } from "./start-project.ts";

const SLOW = process.env.ADAPTERKIT_SLOW_TESTS === "1";
const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const KINDS = ["chat", "mail", "webhook", "source"] as const;
/** What an adapter author installs (D430): `npm run pack` writes these into its folder, the rest into service/. */
const AUTHORS_KIT = [
  "@adapterkit/client",
  "@adapterkit/conformance",
  "@adapterkit/contract",
  "@adapterkit/sdk",
  "adapterkit",
];
/** How many packages the authors' kit may bring into an empty project, its own five included (issue 26). */
const MAX_PACKAGES = 80;
/**
 * How many packages a scaffolded project's one install may bring, the kit and its own tools (typescript,
 * @types/node) included: Node.js runs its TypeScript, so no tsx, vitest or esbuild (issue 38). A mail project's
 * runner extras and the mail handlers' nodemailer come on top.
 */
const MAX_PROJECT_PACKAGES = 60;
/** npm's flags for every install here: from the cache where it can, and quiet. Install scripts run (none may exist). */
const QUIET = ["--prefer-offline", "--no-audit", "--no-fund"];
/** What the mail handlers use besides the kit, at the versions the kit's own mail adapter is tested with. */
const MAIL_EXTRAS = [`nodemailer@${versionOf("nodemailer")}`, `@types/nodemailer@${versionOf("@types/nodemailer")}`];

interface Pack {
  filename: string;
  name: string;
  /** "." for the authors' kit, "service" for the service's side. */
  dir: string;
  files: { path: string }[];
}

/** One package the authors' install put into node_modules. */
interface Installed {
  readonly path: string;
  readonly name: string;
  readonly installScripts: string[];
}

let root = "";
let author = "";
let packs: Pack[] = [];
/** The authors' kit's tarballs, as the scaffold's README has the author install them. */
let kitTarballs: string[] = [];
let installed: Installed[] = [];

/** Runs a step and fails the test with its output unless it exits 0. */
async function step(command: string, args: readonly string[], cwd: string, env?: Record<string, string>) {
  const result: CommandResult = await runCommand(command, args, { cwd, ...(env ? { env } : {}) });
  const label = `${command} ${args.join(" ")}`.slice(0, 120);
  expect({ step: label, status: result.status, output: result.status === 0 ? "" : result.output }).toEqual({
    step: label,
    status: 0,
    output: "",
  });
  return result;
}

describe.skipIf(!SLOW)(
  "the kit as an author installs it: built, packed, installed from tarballs outside the workspace and run with plain node (slow: set ADAPTERKIT_SLOW_TESTS=1)",
  () => {
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), "adapterkit-packed-"));
      // The checkout's one build, which waits for any other (built-start.test.ts builds too; D476).
      await buildJavaScript();
      const listing = await step(process.execPath, ["scripts/pack-packages.mjs", join(root, "packs"), "--json"], REPO);
      packs = JSON.parse(listing.stdout) as Pack[];
      kitTarballs = packs.filter((pack) => pack.dir === ".").map((pack) => join(root, "packs", pack.filename));
      // The author's folder: an empty project and the kit alone, as `npm install -D adapterkit` would from a registry.
      author = join(root, "author");
      mkdirSync(author);
      writeFileSync(join(author, "package.json"), JSON.stringify({ name: "author", private: true, type: "module" }));
      await step("npm", ["install", ...QUIET, ...kitTarballs], author);
      installed = installedPackages(author);
      // The probes below compile against the installed SDK; the compiler is theirs, not the kit's.
      const tools = [`typescript@${versionOf("typescript")}`, `@types/node@${versionOf("@types/node")}`];
      await step("npm", ["install", ...QUIET, ...tools], author);
    }, 600_000);
    afterAll(() => {
      if (root) rmSync(root, { recursive: true, force: true });
    }, 180_000);

    it("packs every package with only what a user needs, the authors' kit apart from the service's side", () => {
      expect(packs.map((pack) => pack.name).sort()).toEqual(workspaceNames());
      const kit = packs.filter((pack) => pack.dir === ".").map((pack) => pack.name);
      expect(kit.sort()).toEqual(AUTHORS_KIT);
      expect(packs.filter((pack) => pack.dir !== ".").every((pack) => pack.dir === "service")).toBe(true);
      for (const pack of packs) {
        const files = pack.files.map((file) => file.path);
        const unexpected = files.filter(
          (path) =>
            !/^(package\.json|README\.md|LICENSE|dist\/.+\.(js|d\.ts|js\.map)|bin\/adapterkit(-service)?\.js|templates\/.+|(fixtures|report)\.schema\.json)$/.test(
              path,
            ),
        );
        // Tests, test helpers and the kit's own fixtures (a sample's conformance fixtures, the SDK's fixture
        // adapter); the runner's `fixtures/` module, which reads an author's fixtures, is code.
        const tests = files.filter(
          (path) =>
            !path.startsWith("templates/") &&
            /(\.test(-d)?\.|(^|\/)test\/|\.fixtures\.json$|fixture-adapter)/.test(path),
        );
        expect({ name: pack.name, unexpected, tests }).toEqual({ name: pack.name, unexpected: [], tests: [] });
        const entry = ["adapterkit", "@adapterkit/service-cli"].includes(pack.name) ? "dist/main" : "dist/index";
        const needed = ["package.json", "README.md", "LICENSE", `${entry}.js`, `${entry}.d.ts`];
        expect(files).toEqual(expect.arrayContaining(needed));
      }
    });

    it(`installs the authors' kit into an empty project as at most ${MAX_PACKAGES} packages, with no install script and no native module`, () => {
      const names = installed.map((entry) => entry.name);
      console.log(`packed kit: the authors' kit installs ${installed.length} packages into an empty project`);
      expect({ count: installed.length, within: installed.length <= MAX_PACKAGES, names }).toMatchObject({
        within: true,
      });
      expect(names).toEqual(expect.arrayContaining(AUTHORS_KIT));
      const service = ["@adapterkit/service", "@adapterkit/service-cli", "better-sqlite3", "express", "mailparser"];
      expect(names.filter((name) => service.includes(name) || name.startsWith("@adapterkit/adapter-"))).toEqual([]);
      const scripts = installed.filter((entry) => entry.installScripts.length > 0);
      expect(scripts.map((entry) => `${entry.path}: ${entry.installScripts.join(", ")}`)).toEqual([]);
      expect(nativeFiles(join(author, "node_modules"))).toEqual([]);
    });

    it.each(KINDS)(
      "makes a %s project that one install command readies, passes its tests and type-check, and passes conformance signed and unsigned once its handlers are written",
      { timeout: 600_000 },
      async (kind) => {
        const slug = `demo-${kind}`;
        const made = (await step(join(author, "node_modules/.bin/adapterkit"), ["new", slug, "--kind", kind], author))
          .output;
        expect(made).toMatch(new RegExp(`Next steps:\\n\\s+cd ${slug}\\n`));
        expect(made.split("\n").filter((line) => /^\s+npm install/.test(line))).toHaveLength(1);
        const dir = join(author, slug);
        const manifest = readFileSync(join(dir, "package.json"), "utf8");
        const pkg = JSON.parse(manifest);
        expect(manifest).not.toMatch(/file:|\/tmp\//);
        expect(pkg.dependencies["@adapterkit/sdk"]).toBe(`^${versionOf("@adapterkit/sdk", "packages/sdk")}`);
        fillInHandlers(dir, kind);

        // The README's one install command while the kit is not on a registry, with the tarballs' folder filled in.
        const readme = readFileSync(join(dir, "README.md"), "utf8");
        const command = /^npm install --no-save \/path\/to\/packs\/\*\.tgz$/m.exec(readme)?.[0];
        expect(command).toBeDefined();
        const globbed = readdirSync(join(root, "packs"))
          .filter((name) => name.endsWith(".tgz"))
          .map((name) => join(root, "packs", name));
        expect(globbed.sort()).toEqual([...kitTarballs].sort());
        const extras = kind === "mail" ? MAIL_EXTRAS : [];
        if (kind !== "mail") {
          // The scaffold's one install alone, before the mail handlers' own library joins it.
          await step("npm", ["install", "--no-save", ...globbed, ...QUIET], dir);
          const project = installedPackages(dir);
          console.log(`packed kit: a ${kind} project's one install brings ${project.length} packages`);
          const scripts = project.filter((entry) => entry.installScripts.length > 0);
          expect({
            kind,
            within: project.length <= MAX_PROJECT_PACKAGES,
            names: project.map((entry) => entry.name),
            scripts: scripts.map((entry) => `${entry.path}: ${entry.installScripts.join(", ")}`),
          }).toMatchObject({ kind, within: true, scripts: [] });
          expect(project.map((entry) => entry.name).filter((name) => /^(tsx|vitest|esbuild|vite)$/.test(name))).toEqual(
            [],
          );
        } else {
          await step("npm", ["install", "--no-save", ...globbed, ...extras, ...QUIET], dir);
        }
        expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(manifest);
        expect(existsSync(join(dir, "node_modules/@adapterkit/service"))).toBe(false);
        const fixtures = JSON.parse(readFileSync(join(dir, "conformance.fixtures.json"), "utf8"));
        expect(existsSync(join(dir, fixtures.$schema))).toBe(true);

        await step("npm", ["test"], dir);
        await step("npm", ["run", "typecheck"], dir);
        if (kind === "webhook") expect(await firstDevRun(dir)).toMatchObject({ type: "run-end", result: "passed" });

        for (const signed of [true, false]) {
          const secret = `whsec_${randomBytes(32).toString("base64")}`;
          // The runner's stand-in platform listens on a loopback port of its choosing; its guard check aims elsewhere.
          const env: Record<string, string> = {
            ADAPTER_ALLOWED_HOSTS: "127.0.0.1",
            ...(signed ? { ADAPTER_SIGNING_SECRET: secret } : {}),
          };
          const project = await startProject(dir, slug, env);
          try {
            const report = join(dir, `report-${signed ? "signed" : "unsigned"}.json`);
            const args = ["conformance", project.url, "--fixtures", "conformance.fixtures.json", "--reporter", "json"];
            await runCommand(join(dir, "node_modules/.bin/adapterkit"), [...args, "--out", report], { cwd: dir, env });
            const { summary, checks } = JSON.parse(readFileSync(report, "utf8"));
            const failed = checks
              .filter(
                (check: { status: string; level: string }) => check.status === "failed" && check.level === "required",
              )
              .map(
                (check: { id: string; failures?: { message: string }[] }) =>
                  `${check.id}: ${check.failures?.[0]?.message}`,
              );
            expect({ kind, signed, failed }).toEqual({ kind, signed, failed: [] });
            expect(summary.passed).toBeGreaterThan(25);
            if (signed)
              expect(checks.find((check: { id: string }) => check.id === "security.unsigned-rejected")?.status).toBe(
                "passed",
              );
            const warnings = project
              .log()
              .split("\n")
              .filter((line) => line.includes('"level":40'))
              // The runner's outbound-guard check points credentials at its own loopback listener on purpose; the
              // guard's refusal is the warning an operator should see then, not a fault of the project.
              .filter((line) => !line.includes('"msg":"outbound connection failed"'));
            expect({ kind, warnings }).toEqual({ kind, warnings: [] });
          } finally {
            await project.stop();
          }
        }

        if (kind === "mail") {
          // The author's own folder has the kit alone: its runner names the install its SMTP stand-in needs (D433).
          const project = await startProject(dir, slug, { ADAPTER_ALLOWED_HOSTS: "127.0.0.1" });
          try {
            const args = ["conformance", project.url, "--fixtures", join(dir, "conformance.fixtures.json")];
            const run = await runCommand(join(author, "node_modules/.bin/adapterkit"), args, { cwd: author });
            expect({ status: run.status, output: run.output }).toMatchObject({
              status: 2,
              output: expect.stringMatching(/npm install --save-dev mailparser@\S+ smtp-server@\S+/),
            });
          } finally {
            await project.stop();
          }
        }
      },
    );

    it.each(["node16", "bundler"])(
      'type-checks and runs `import { defineAdapter } from "@adapterkit/sdk"` with moduleResolution %s',
      { timeout: 120_000 },
      async (resolution) => {
        const dir = join(author, `probe-${resolution}`);
        mkdirSync(join(dir, "src"), { recursive: true });
        const module = resolution === "node16" ? "node16" : "esnext";
        const compilerOptions = {
          module,
          moduleResolution: resolution,
          target: "es2022",
          strict: true,
          outDir: "dist",
          types: ["node"],
        };
        writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
        writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
        writeFileSync(
          join(dir, "src/index.ts"),
          [
            'import { defineAdapter } from "@adapterkit/sdk";',
            'const adapter = defineAdapter({ manifest: { schema_version: "1.0", name: "Probe Adapter" } });',
            "const slug: string = adapter.slug;",
            "console.log(slug);",
          ].join("\n"),
        );
        await step(process.execPath, [join(author, "node_modules/typescript/bin/tsc"), "-p", dir], dir);
        expect((await step(process.execPath, [join(dir, "dist/index.js")], dir)).output).toBe("probe-adapter\n");
      },
    );
  },
);

/** Runs the project's `npm run dev` (`adapterkit dev --json`) until its first conformance run ends, then stops it. */
async function firstDevRun(dir: string): Promise<Record<string, unknown>> {
  const child = spawn("npm", ["run", "dev", "--", "--json"], {
    cwd: dir,
    env: authorEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once("close", () => done()));
  try {
    return await new Promise<Record<string, unknown>>((resolve, reject) => {
      let buffered = "";
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        output += chunk.toString();
        for (const line of buffered.split("\n").slice(0, -1)) {
          const event = line.startsWith("{") ? (JSON.parse(line) as Record<string, unknown>) : undefined;
          if (event?.type === "run-end" || event?.type === "run-error" || event?.type === "adapter-exit")
            resolve(event);
        }
        buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
      });
      void exited.then(() => reject(new Error(`npm run dev exited before a run ended:\n${output}`)));
    });
  } finally {
    stopGroup(child.pid);
    await exited;
  }
}

/** A package's version as the workspace has it installed (or, for a kit package, its own folder's). */
function versionOf(name: string, folder = `node_modules/${name}`): string {
  return (JSON.parse(readFileSync(join(REPO, folder, "package.json"), "utf8")) as { version: string }).version;
}

function workspaceNames(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { workspaces: string[] };
  return workspaces.map((dir) => JSON.parse(readFileSync(join(REPO, dir, "package.json"), "utf8")).name).sort();
}

/** Every package in a project's node_modules (from npm's own record of them), with the install scripts it has. */
function installedPackages(project: string): Installed[] {
  const record = JSON.parse(readFileSync(join(project, "node_modules/.package-lock.json"), "utf8")) as {
    packages: Record<string, { link?: boolean }>;
  };
  return Object.entries(record.packages)
    .filter(([path, entry]) => path !== "" && entry.link !== true)
    .map(([path]) => {
      const manifest = JSON.parse(readFileSync(join(project, path, "package.json"), "utf8")) as {
        name: string;
        scripts?: Record<string, string>;
      };
      const lifecycle = ["preinstall", "install", "postinstall"].filter((name) => manifest.scripts?.[name]);
      // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
      const gyp = existsSync(join(project, path, "binding.gyp")) ? ["binding.gyp"] : [];
      return { path, name: manifest.name, installScripts: [...lifecycle, ...gyp] };
    });
}

/** Native modules under a folder: compiled addons (`*.node`) and what would compile one (`binding.gyp`). */
function nativeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && (entry.name.endsWith(".node") || entry.name === "binding.gyp"))
    .map((entry) => join(entry.parentPath, entry.name));
}
