import { randomBytes } from "node:crypto";
import { webhookAdapter } from "@adapterkit/adapter-webhook";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { EXIT_CODES } from "adapterkit/command-line";
import { parseCommandForTest, runCommandForTest, useCommandSandbox } from "adapterkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appsCommand } from "./apps.ts";
import { installCommand } from "./install.ts";

let adapter: StartedAdapter<typeof webhookAdapter.manifest>;
const { out, err } = useCommandSandbox("apps-cli-", { ADAPTERKIT_ALLOWED_HOSTS: "127.0.0.1" }).output;

beforeAll(async () => {
  adapter = await startAdapter(webhookAdapter);
});
afterAll(async () => adapter?.close());

const COMMANDS = [appsCommand, installCommand];
const exitCodeOf = (argv: string[]) => runCommandForTest(COMMANDS, argv);

const url = () => adapter.url.replace("localhost", "127.0.0.1");

describe("adapterkit-service apps and install", () => {
  it("previews without --yes, registers with it, verifies, publishes, lists and installs with verified credentials", async () => {
    expect(await exitCodeOf(["apps", "register", url()])).toBe(EXIT_CODES.ok);
    expect(JSON.parse(out.join("\n"))).toMatchObject({ slug: "webhook", slug_taken: false });
    expect(err.join("\n")).toContain("--yes");
    out.length = 0;
    expect(await exitCodeOf(["apps", "list"])).toBe(EXIT_CODES.ok);
    expect(out).toEqual([]);

    expect(await exitCodeOf(["apps", "register", url(), "--yes"])).toBe(EXIT_CODES.ok);
    expect(out.at(-1)).toMatch(/^webhook\s+draft\s+v1/);
    expect(err.at(-1)).toMatch(/ADAPTER_SIGNING_SECRET\): whsec_/);
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    const credentials = JSON.stringify({ webhook_signing_secret: secret });
    expect(await exitCodeOf(["apps", "verify", "webhook", "--credentials", credentials])).toBe(EXIT_CODES.ok);
    expect(out.at(-1)).toMatch(/^verified: the adapter accepted the credentials as Standard Webhooks endpoint/);
    expect(await exitCodeOf(["apps", "publish", "webhook"])).toBe(EXIT_CODES.ok);
    expect(out.at(-1)).toMatch(/^webhook\s+published\s+v1, published v1/);

    expect(await exitCodeOf(["install", "webhook", "--organization", "acme", "--credentials", credentials])).toBe(
      EXIT_CODES.ok,
    );
    expect(out.at(-1)).toMatch(/^inst_[A-Za-z0-9_-]{22}$/);
    expect(err.at(-1)).toContain("verified as Standard Webhooks endpoint");
    expect(err.join("\n")).not.toContain(secret);
  });

  it("exits 1 with the adapter's error when /verify refuses, 2 for unreadable credentials or an unknown action", async () => {
    expect(await exitCodeOf(["apps", "register", url(), "--yes"])).toBe(EXIT_CODES.ok);
    const bad = JSON.stringify({ webhook_signing_secret: "not-a-secret" });
    expect(await exitCodeOf(["install", "webhook", "--credentials", bad])).toBe(EXIT_CODES.failed);
    expect(await exitCodeOf(["install", "webhook", "--credentials", "[1]"])).toBe(EXIT_CODES.usage);
    const refused = await parseCommandForTest(COMMANDS, ["apps", "verify", "webhook", "--credentials", bad]).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ exitCode: EXIT_CODES.failed });
    expect((refused as Error).message).toMatch(/^The adapter refused the credentials: /);
    expect(await exitCodeOf(["apps", "verify", "webhook", "--credentials", "{"])).toBe(EXIT_CODES.usage);
    expect(await exitCodeOf(["apps", "explode"])).toBe(EXIT_CODES.usage);
    expect(await exitCodeOf(["apps", "refresh"])).toBe(EXIT_CODES.usage);
  });
});
