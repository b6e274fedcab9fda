import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fillInHandlers } from "./fill-in-handlers.ts";
import { authorEnv, runCommand, stopGroup } from "./run-command.ts";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));
/** The CLI from its sources, run by Node.js itself as the workspace runs it (D134), with an author's environment otherwise. */
const CLI = [MAIN];
const ENV = { NODE_OPTIONS: "--conditions=@adapterkit/source" };
/** Generous: a restart compiles the project again and a run makes some hundred calls, on a machine under load. */
const DEADLINE_MS = 240_000;
const FORMAT_WORKS = "= async ({ text }) => ({ text });";
const FORMAT_BREAKS_THE_CONTRACT = "= async ({ text }) => ({ text: text.length as unknown as string });";

let root = "";
let project = "";
let dev: ChildProcess | undefined;
let output = "";

/** Waits until the output written after `from` matches, and returns the match. */
async function waitForOutput(pattern: RegExp, from: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + DEADLINE_MS;
  while (Date.now() < deadline) {
    const match = pattern.exec(output.slice(from));
    if (match) return match;
    if (dev?.exitCode !== null) break;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`adapterkit dev never printed ${pattern}; after offset ${from} it printed:\n${output.slice(from)}`);
}

/** Rewrites the project's format handler, as an author saving the file does. */
function writeFormat(from: string, to: string): void {
  const file = join(project, "src/handlers/format.ts");
  const source = readFileSync(file, "utf8");
  if (!source.includes(from)) throw new Error(`${file} has no ${from}`);
  writeFileSync(
    file,
    source.replace(from, () => to),
  );
}

beforeAll(async () => {
  // A project as `adapterkit new` writes it, its kit linked from this workspace instead of installed (the packed
  // path is the slow test's): the SDK's sources, which Node.js runs as the project's own TypeScript, with no loader.
  root = mkdtempSync(join(tmpdir(), "adapterkit-dev-"));
  mkdirSync(join(root, "node_modules", "@adapterkit"), { recursive: true });
  symlinkSync(join(REPO, "packages/sdk"), join(root, "node_modules/@adapterkit/sdk"));
  project = join(root, "demo-webhook");
  const made = await runCommand(process.execPath, [...CLI, "new", "demo-webhook", "--kind", "webhook"], {
    cwd: root,
    env: ENV,
  });
  expect({ status: made.status, output: made.status === 0 ? "" : made.output }).toEqual({ status: 0, output: "" });
  fillInHandlers(project, "webhook");
}, 120_000);

afterAll(() => {
  stopGroup(dev?.pid);
  if (root) rmSync(root, { recursive: true, force: true });
});

it(
  "serves the project, turns a check red when a handler is broken on disk and green when it is fixed, and stops the adapter it started on SIGTERM",
  { timeout: 900_000 },
  async () => {
    dev = spawn(process.execPath, [...CLI, "dev"], {
      cwd: project,
      env: { ...authorEnv(), ...ENV },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    dev.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    dev.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => dev?.once("close", (code) => done(code)));

    const first = await waitForOutput(/^run 1: (PASSED|FAILED).*$/m, 0);
    expect(output).toMatch(/^ {2}signing secret {2}whsec_[A-Za-z0-9+/]+={0,2}$/m);
    expect(output).toMatch(/^serving http:\/\/127\.0\.0\.1:\d+\/demo-webhook \(pid \d+\)$/m);
    expect(first[1]).toBe("PASSED");

    let from = output.length;
    writeFormat(FORMAT_WORKS, FORMAT_BREAKS_THE_CONTRACT);
    await waitForOutput(/^changed: src\/handlers\/format\.ts$/m, from);
    const red = await waitForOutput(/^run \d+: FAILED[^\n]*\n(?: {2}newly failing .*\n(?: {6}.*\n)*)+/m, from);
    const newlyFailing = [...red[0].matchAll(/^ {2}newly failing {2}(\S+) \((required|recommended)\)$/gm)];
    const format = newlyFailing.find((match) => match[1]?.startsWith("format.") && match[2] === "required");
    expect(format, red[0]).toBeDefined();
    // The first failure's detail follows the check's line.
    expect(red[0]).toContain(`newly failing  ${format?.[1]} (required)\n      POST /format: `);

    // A save that does not compile: the adapter cannot start, dev says why and goes on watching.
    from = output.length;
    writeFormat(FORMAT_BREAKS_THE_CONTRACT, `${FORMAT_BREAKS_THE_CONTRACT}\nexport const unfinished = ;`);
    await waitForOutput(/^the adapter exited with code 1 before it listened; the last lines it wrote:$/m, from);
    await waitForOutput(/^ {2}\| .*format\.ts.*$/m, from);

    from = output.length;
    writeFormat(`${FORMAT_BREAKS_THE_CONTRACT}\nexport const unfinished = ;`, FORMAT_WORKS);
    const green = await waitForOutput(/^run \d+: (PASSED|FAILED)[^\n]*\n(?: {2}.*\n)*/m, from);
    expect(green[0]).toContain(`newly passing  ${format?.[1]}\n`);
    expect(green[1]).toBe("PASSED");

    const adapterPid = Number([...output.matchAll(/^serving \S+ \(pid (\d+)\)$/gm)].at(-1)?.[1]);
    // SIGTERM to dev alone (as a service manager sends it), not to its group: dev stops the adapter itself.
    dev.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toMatch(/^stopped \(SIGTERM\)/m);
    expect(isAlive(adapterPid)).toBe(false);
  },
);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
