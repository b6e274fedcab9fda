import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService, type Service } from "@adapterkit/service";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EXIT_CODES } from "../cli-error.ts";
import { callbacksCommand } from "./callbacks.ts";
import { captureOutput, runCommandForTest, stubServiceEnv } from "./run-command-for-test.ts";

let dir: string;
let service: Service;
let organizationId: number;
let stdout: string[];
let stderr: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "callbacks-cli-"));
  // A running service on the same data dir holds the instance lock; the command must work beside it.
  service = await createService({ dataDir: dir, logLevel: "silent", worker: false, scheduler: false });
  organizationId = (await service.createToken({ organization: "acme", project: "main" })).organization_id;
  stubServiceEnv(dir);
  ({ stdout, err: stderr } = captureOutput());
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

const exitCodeOf = (argv: string[]) => runCommandForTest([callbacksCommand], argv);

describe("adapterkit callbacks secret", () => {
  it("prints the secret the running service signs the organization's callbacks with", async () => {
    expect(await exitCodeOf(["callbacks", "secret", "--organization", "acme"])).toBe(EXIT_CODES.ok);
    expect(stdout).toEqual([`${await service.callbackSecret(organizationId)}\n`]);
    expect(stdout[0]).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}\n$/);
  });

  it("rotates to a fresh secret with --rotate, which the running service signs with from then on", async () => {
    const before = await service.callbackSecret(organizationId);
    expect(await exitCodeOf(["callbacks", "secret", "--organization", "acme", "--rotate"])).toBe(EXIT_CODES.ok);
    const printed = stdout.join("").trim();
    expect(printed).not.toBe(before);
    expect(await service.callbackSecret(organizationId)).toBe(printed);
    expect(stderr.join("")).toMatch(/the secret it replaced also signs until \d{4}-\d\d-\d\dT/);
  });

  it("exits 2 for an organization that does not exist, and creates none", async () => {
    expect(await exitCodeOf(["callbacks", "secret", "--organization", "nobody"])).toBe(EXIT_CODES.usage);
    expect(await service.findOrganization("nobody")).toBeUndefined();
    expect(stdout).toEqual([]);
  });

  it("exits 2 for an unknown action or a missing --organization", async () => {
    expect(await exitCodeOf(["callbacks", "show", "--organization", "acme"])).toBe(EXIT_CODES.usage);
    expect(await exitCodeOf(["callbacks", "secret"])).toBe(EXIT_CODES.usage);
    expect(stdout).toEqual([]);
  });
});
