import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { webhookAdapter, type webhookManifest } from "@adapterkit/adapter-webhook";
import { type Fixtures, loadFixtures, runConformance } from "@adapterkit/conformance";
import { ADAPTER_SIGNING_SECRET, sendPlatformEvent } from "@adapterkit/conformance/testing";
import { signStandardWebhook } from "@adapterkit/sdk";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureCommand } from "./capture.ts";
import { runCommandForTest, useCommandSandbox } from "./run-command-for-test.ts";

const WEBHOOK_FIXTURES = fileURLToPath(
  new URL("../../../../adapters/webhook/conformance.fixtures.json", import.meta.url),
);
const base = JSON.parse(await readFile(WEBHOOK_FIXTURES, "utf8")) as Fixtures;
const good = base.credentials.good;
const PLATFORM_SECRET = String(good.signing_secret);

const sandbox = useCommandSandbox("capture-cli-");
const { stdout } = sandbox.output;
let adapter: StartedAdapter<typeof webhookManifest> | undefined;

beforeEach(async () => {
  // The runner's stand-in platform, which deliveries reach, listens on a loopback port of its own choosing.
  adapter = await startAdapter(webhookAdapter, { signingSecret: ADAPTER_SIGNING_SECRET, allowedHosts: ["127.0.0.1"] });
});
afterEach(async () => {
  await adapter?.close();
  adapter = undefined;
});

const exitCodeOf = (argv: string[]) => runCommandForTest([captureCommand], argv);

async function proxyUrl(): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const found = /recording proxy for \S+ at (\S+)/.exec(stdout.join(""));
    if (found?.[1] !== undefined) return found[1];
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the proxy never said where it listens: ${stdout.join("")}`);
}

function send(url: string, body: string, extra: { mode?: "front_desk"; headers?: Record<string, string> } = {}) {
  return sendPlatformEvent({
    adapterUrl: url,
    serviceSecret: ADAPTER_SIGNING_SECRET,
    credentials: good,
    platformSecret: PLATFORM_SECRET,
    body,
    ...extra,
  });
}

describe("adapterkit capture", () => {
  it("round trip: requests through the proxy to the webhook sample become fixtures that pass conformance unchanged", async () => {
    const out = join(sandbox.dir, "captured.json");
    const run = exitCodeOf([
      "capture",
      adapter!.url,
      ...["--count", "3", "--base", WEBHOOK_FIXTURES, "--out", out, "--signing-secret", ADAPTER_SIGNING_SECRET],
    ]);
    const url = await proxyUrl();
    const ticket = {
      type: "ticket.created",
      id: "tk_1001",
      sender: "ana@example.com",
      message: "printer on fire",
      thread_id: "T-9",
    };
    await send(url, JSON.stringify(ticket));
    await send(url, JSON.stringify({ from: "ci-runner", text: "deploy 7 finished" }), { mode: "front_desk" });
    // The third comes straight from the platform: the proxy verifies and parses it as the service would.
    const platformUrl = /Platform webhooks: (\S+)\/…/.exec(stdout.join(""))?.[1];
    const disk = "disk almost full on host-7";
    const answer = await fetch(`${platformUrl}/alerts`, {
      method: "POST",
      headers: {
        "content-type": "text/plain; charset=utf-8",
        ...signStandardWebhook({ secret: PLATFORM_SECRET, body: disk }),
      },
      body: disk,
    });
    expect(answer.status).toBe(200);
    expect(await run).toBe(0);

    const text = stdout.join("");
    expect(text).toContain("[1] POST / → message ticket.created (trigger)");
    expect(text).toContain("[3] POST /alerts → message webhook.received (trigger)");
    expect(text).toContain("Wrote 3 captured sample(s)");
    expect(text).not.toContain(PLATFORM_SECRET);
    const fixtures = await loadFixtures(out);
    const samples = fixtures.inbound?.samples ?? [];
    expect(samples).toHaveLength(3);
    expect(samples[0]?.request.body).toEqual({ ...ticket, id: "tk_1001-{{nonce}}" });
    expect(samples[1]?.expect).toMatchObject({ message: "deploy 7 finished-{{nonce}}", sender: "ci-runner" });
    expect(samples[2]).toMatchObject({ request: { path: "/alerts", body: "disk almost full on host-7-{{nonce}}" } });
    expect(fixtures.echo).toEqual(base.echo);

    const report = await runConformance({
      adapterUrl: adapter!.url,
      fixtures: out,
      signingSecret: ADAPTER_SIGNING_SECRET,
      latencyBudgetMs: 10_000,
    });
    expect(report.checks.filter((check) => check.status === "failed").map((check) => check.id)).toEqual([]);
    expect(report.summary.required_failed).toBe(0);
  });

  it("replays a JSON Lines file of platform requests without --base, keeping only the signing secret", async () => {
    const body = JSON.stringify({ type: "build.done", id: "b-77", sender: "ci", message: "green" });
    const credentials = { ...good, sender_path: "/sender" };
    const lines = [
      {
        method: "POST",
        url: "/hooks?source=ci",
        headers: { "Content-Type": "application/json", ...signStandardWebhook({ secret: PLATFORM_SECRET, body }) },
        body,
        credentials,
      },
      {
        path: "/",
        headers: [{ name: "content-type", value: "text/plain" }],
        body: "plain",
        credentials,
        mode: "front_desk",
      },
    ];
    const file = join(sandbox.dir, "requests.jsonl");
    await writeFile(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    const out = join(sandbox.dir, "from-file.json");
    expect(
      await exitCodeOf([
        "capture",
        adapter!.url,
        "--from",
        file,
        "--out",
        out,
        "--signing-secret",
        ADAPTER_SIGNING_SECRET,
      ]),
    ).toBe(0);
    const fixtures = await loadFixtures(out);
    expect(fixtures.inbound?.signing).toEqual({
      scheme: "standard-webhooks",
      secret: "{{credentials.good.signing_secret}}",
    });
    expect(fixtures.credentials).toEqual({
      good: { signing_secret: PLATFORM_SECRET, sender_path: "/sender" },
      bad: { signing_secret: "FILL_IN", sender_path: "FILL_IN" },
    });
    const [signed, plain] = fixtures.inbound?.samples ?? [];
    expect(signed?.request).toMatchObject({ path: "/hooks", query: { source: "ci" } });
    expect(signed?.request.headers).toEqual({ "content-type": "application/json" });
    expect(plain).toMatchObject({ signed: false, mode: "front_desk" });
    const text = stdout.join("");
    expect(text).toContain("credentials.bad: fill in credentials the platform refuses");
    expect(text).toContain("no signature header of a known scheme");
    expect(text).not.toContain(PLATFORM_SECRET);
  });

  it("exits 2 on a line that is not a request or on --from with --listen, and 1 when nothing was captured", async () => {
    const bad = join(sandbox.dir, "bad.jsonl");
    await writeFile(bad, '{"method":"POST","body":"x"}\n{"method":"P O S T"}\n');
    const out = join(sandbox.dir, "never.json");
    expect(await exitCodeOf(["capture", adapter!.url, "--from", bad, "--out", out])).toBe(2);
    expect(await exitCodeOf(["capture", adapter!.url, "--from", bad, "--listen", "0", "--out", out])).toBe(2);
    const uncredentialed = join(sandbox.dir, "none.jsonl");
    await writeFile(uncredentialed, '{"body":"no credentials anywhere"}\n');
    expect(await exitCodeOf(["capture", adapter!.url, "--from", uncredentialed, "--out", out])).toBe(1);
    expect(stdout.join("")).toContain("[skipped request 1] no credentials");
    await expect(readFile(out, "utf8")).rejects.toThrow();
  });
});
