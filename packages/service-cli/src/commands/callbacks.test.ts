import { createService, type Service } from "@adapterkit/service";
import { EXIT_CODES } from "adapterkit/command-line";
import { runCommandForTest, useCommandSandbox } from "adapterkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callbacksCommand } from "./callbacks.ts";

const sandbox = useCommandSandbox("callbacks-cli-");
const { stdout, err: stderr } = sandbox.output;
let service: Service;
let organizationId: number;

beforeEach(async () => {
  // A running service on the same data dir holds the instance lock; the command must work beside it.
  service = await createService({ dataDir: sandbox.dir, logLevel: "silent", worker: false, scheduler: false });
  organizationId = (await service.createToken({ organization: "acme", project: "main" })).organization_id;
});
afterEach(async () => service.close());

const exitCodeOf = (argv: string[]) => runCommandForTest([callbacksCommand], argv);

describe("adapterkit-service callbacks secret", () => {
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
