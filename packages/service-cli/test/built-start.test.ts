// The reference service as production runs it: built with `tsc -b` (scripts/build.mjs, the one build, D476) and
// started from its JavaScript with plain node, both as `node packages/service-cli/dist/main.js serve` and as
// `npm start` runs it (scripts/start.mjs, D474).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "adapterkit/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildJavaScript } from "../../../scripts/build.mjs";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const READY = "Ctrl-C stops everything.";
const SAMPLES = ["chat", "files", "mail", "tasks", "webhook"];

const dataDirs: string[] = [];
beforeAll(async () => {
  // Never trusts dist/ as it is: an edited source must be in what this test runs.
  await buildJavaScript();
}, 900_000);
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The environment of one start on a data dir of its own, without the tests' "@adapterkit/source" condition. */
async function serveEnv(): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), "adapterkit-built-"));
  dataDirs.push(dataDir);
  return productionEnv({
    PORT: String(await freePort()),
    ADAPTERS_PORT: String(await freePort()),
    ADAPTERKIT_DATA_DIR: dataDir,
    DATABASE_URL: "",
  });
}

/**
 * The environment without the tests' "@adapterkit/source" condition (vitest.config.ts), which would resolve the
 * workspace's packages to their TypeScript: production resolves them to dist/ like any installed package.
 */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const nodeOptions = (process.env.NODE_OPTIONS ?? "").replace(/--conditions[= ]@adapterkit\/source/g, "").trim();
  return { ...process.env, NODE_OPTIONS: nodeOptions, ...extra };
}

interface Started {
  readonly child: ChildProcess;
  readonly output: string;
  readonly exited: Promise<number | null>;
}

/** Starts `node <args>` in its own process group and resolves once it printed its summary. */
function start(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  let output = "";
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      stop(child);
      fail(new Error(`${args.join(" ")} did not get ready:\n${output}`));
    }, 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(READY)) return;
      clearTimeout(timer);
      child.stdout?.off("data", read);
      child.stderr?.off("data", read);
      done({ child, output, exited });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

/** Stops a process group with SIGTERM, as Ctrl-C does. */
function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid, "SIGTERM");
  }
}

/** Asks the running service for its health and, with and without the token it printed, for the Apps. */
async function checkApi(output: string): Promise<void> {
  expect(output).not.toMatch(/failed/i);
  const token = /API token \(shown once\)\s+(\S+)/.exec(output)?.[1];
  expect(token, output).toBeDefined();
  const url = /adapterkit reference service\s+(http:\/\/\S+)/.exec(output)?.[1];
  expect(url, output).toBeDefined();
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect((await fetch(`${url}/api/v1/apps`)).status).toBe(401);
  const apps = await fetch(`${url}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } });
  expect(apps.status).toBe(200);
  const { items } = (await apps.json()) as { items: { slug: string }[] };
  expect(items.map((app) => app.slug).sort()).toEqual(SAMPLES);
}

it.each([
  {
    form: "from dist/ with plain node (`node packages/service-cli/dist/main.js serve`)",
    command: [join(REPO, "packages/service-cli/dist/main.js"), "serve"],
  },
  {
    form: "through `npm start`'s script (scripts/start.mjs), which brings dist/ up to date first",
    command: [join(REPO, "scripts/start.mjs")],
  },
])("serves $form, answers the API and stops on SIGTERM", async ({ command }) => {
  const served = await start(command, await serveEnv());
  try {
    await checkApi(served.output);
  } finally {
    stop(served.child);
  }
  expect(await served.exited).toBe(0);
}, 300_000);
