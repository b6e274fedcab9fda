import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "@adapterkit/service";
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
async function serveUntilReady(
  dataDir: string,
  ports: { service: number; adapters: number } = { service: 0, adapters: 0 },
): Promise<string> {
  const env = {
    ...process.env,
    PORT: String(ports.service || (await freePort())),
    ADAPTERS_PORT: String(ports.adapters || (await freePort())),
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

it("installs every sample App into the demo organization and prints each installation, with no failure", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "adapterkit-serve-"));
  const output = await serveUntilReady(dataDir);
  expect(output).not.toMatch(/failed/i);
  const installed = [...output.matchAll(/^\s+(\w+)\s+inst_\S+\s+verified as/gm)].map((match) => match[1]);
  expect(installed.sort()).toEqual(["chat", "files", "mail", "tasks", "webhook"]);
}, 150_000);

it("starts again on its data dir: every sample App installed anew, one app-event trigger on the demo workflow", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "adapterkit-serve-"));
  // The same ports each time, as `npm start` uses; the stand-ins' ports change with every start.
  const ports = { service: await freePort(), adapters: await freePort() };
  const runsUrl = (output: string) => /the run it started\s+curl (\S+\/triggers\/\d+\/runs)/.exec(output)?.[1];
  const first = await serveUntilReady(dataDir, ports);
  const second = await serveUntilReady(dataDir, ports);
  expect(second).not.toMatch(/failed/i);
  const installed = [...second.matchAll(/^\s+(\w+)\s+inst_\S+\s+verified as/gm)].map((match) => match[1]);
  expect(installed.sort()).toEqual(["chat", "files", "mail", "tasks", "webhook"]);
  expect(runsUrl(first)).toBeDefined();
  expect(runsUrl(second)).toBeDefined();
  const store = await openStore({ dataDir, lock: false });
  try {
    const triggers = await store.db
      .selectFrom("triggers")
      .select(["id", "app_installation_id"])
      .where("type", "=", "app_event")
      .execute();
    const chat = /^\s+chat\s+(inst_\S+)\s+verified as/m.exec(second)?.[1];
    expect(triggers.map((trigger) => trigger.app_installation_id)).toEqual([chat]);
  } finally {
    await store.close();
  }
}, 300_000);
