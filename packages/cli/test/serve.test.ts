import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";

const BIN = new URL("../bin/adapterkit.js", import.meta.url).pathname;
const READY = "Ctrl-C stops everything.";

/** A port nothing listens on now (the OS's pick for port 0). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/** Runs `adapterkit serve` (what `npm start` runs) until it prints its summary, then stops its process group. */
async function serveUntilReady(dataDir: string): Promise<string> {
  const env = {
    ...process.env,
    PORT: String(await freePort()),
    ADAPTERS_PORT: String(await freePort()),
    ADAPTERKIT_DATA_DIR: dataDir,
    DATABASE_URL: "",
  };
  const child = spawn(process.execPath, [BIN, "serve"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  return new Promise((done, fail) => {
    const stop = (error?: Error) => {
      clearTimeout(timer);
      if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
      child.once("close", () => (error ? fail(error) : done(output)));
    };
    const timer = setTimeout(() => stop(new Error(`serve did not get ready:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY)) stop();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("error", fail);
  });
}

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it("installs every sample App into the demo organization and prints each installation and the portal, with no failure", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "adapterkit-serve-"));
  const output = await serveUntilReady(dataDir);
  expect(output).not.toMatch(/failed/i);
  const installed = [...output.matchAll(/^\s+(\w+)\s+inst_\S+\s+verified as/gm)].map((match) => match[1]);
  expect(installed.sort()).toEqual(["chat", "files", "mail", "tasks", "webhook"]);
  expect(output).toMatch(/developer portal\s+http:\/\/\S+:\d+\/developer\/apps\s+\(sign in with the API token above\)/);
}, 150_000);
