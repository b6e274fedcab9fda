import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService } from "@adapterkit/service";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EXIT_CODES } from "../cli-error.ts";
import { keysCommand } from "./keys.ts";
import { captureOutput, runCommandForTest, stubServiceEnv } from "./run-command-for-test.ts";

let dir: string;
let out: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keys-cli-"));
  stubServiceEnv(dir, { ADAPTERKIT_SECRET_KEY: "" });
  ({ out } = captureOutput());
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

const exitCodeOf = (argv: string[]) => runCommandForTest([keysCommand], argv);

const open = () =>
  createService({
    dataDir: dir,
    logLevel: "silent",
    worker: false,
    scheduler: false,
    callbacks: false,
    healthPolling: false,
  });

describe("adapterkit keys rotate", () => {
  it("re-seals under a new key in the data dir, and the service still reads every secret", async () => {
    let service = await open();
    const demo = await service.bootstrapDemo();
    const secret = await service.callbackSecret(demo.organizationId);
    await service.close();
    const before = await readFile(join(dir, "service.key"), "utf8");
    expect(await exitCodeOf(["keys", "rotate"])).toBe(EXIT_CODES.ok);
    expect(out).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{8}$/)]);
    expect(await readFile(join(dir, "service.key"), "utf8")).not.toBe(before);
    service = await open();
    expect(await service.callbackSecret(demo.organizationId)).toBe(secret);
    expect((await service.bootstrapDemo()).hookUrl).toBe(demo.hookUrl);
    await service.close();
  });

  it("refuses while a service holds the SQLite data dir, changing nothing", async () => {
    const service = await open();
    const before = await readFile(join(dir, "service.key"), "utf8");
    expect(await exitCodeOf(["keys", "rotate"])).toBe(EXIT_CODES.failed);
    expect(await readFile(join(dir, "service.key"), "utf8")).toBe(before);
    await service.close();
  });
});
