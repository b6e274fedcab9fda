import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createService } from "@adapterkit/service";
import { EXIT_CODES } from "adapterkit/command-line";
import { runCommandForTest, useCommandSandbox } from "adapterkit/testing";
import { describe, expect, it } from "vitest";
import { keysCommand } from "./keys.ts";

const sandbox = useCommandSandbox("keys-cli-", { ADAPTERKIT_SECRET_KEY: "" });
const { out } = sandbox.output;

const exitCodeOf = (argv: string[]) => runCommandForTest([keysCommand], argv);

const open = () =>
  createService({
    dataDir: sandbox.dir,
    logLevel: "silent",
    worker: false,
    scheduler: false,
    callbacks: false,
    healthPolling: false,
  });

describe("adapterkit-service keys rotate", () => {
  it("re-seals under a new key in the data dir, and the service still reads every secret", async () => {
    let service = await open();
    const demo = await service.bootstrapDemo();
    const secret = await service.callbackSecret(demo.organizationId);
    await service.close();
    const before = await readFile(join(sandbox.dir, "service.key"), "utf8");
    expect(await exitCodeOf(["keys", "rotate"])).toBe(EXIT_CODES.ok);
    expect(out).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{8}$/)]);
    expect(await readFile(join(sandbox.dir, "service.key"), "utf8")).not.toBe(before);
    service = await open();
    expect(await service.callbackSecret(demo.organizationId)).toBe(secret);
    expect((await service.bootstrapDemo()).hookUrl).toBe(demo.hookUrl);
    await service.close();
  });

  it("refuses while a service holds the SQLite data dir, changing nothing", async () => {
    const service = await open();
    const before = await readFile(join(sandbox.dir, "service.key"), "utf8");
    expect(await exitCodeOf(["keys", "rotate"])).toBe(EXIT_CODES.failed);
    expect(await readFile(join(sandbox.dir, "service.key"), "utf8")).toBe(before);
    await service.close();
  });
});
