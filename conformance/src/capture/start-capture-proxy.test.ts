import { readFile } from "node:fs/promises";
import { signStandardWebhook } from "@adapterkit/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningAdapter, startReferenceAdapter } from "../../test/reference-adapter.ts";
import { ADAPTER_SIGNING_SECRET, REFERENCE_FIXTURES } from "../../test/run-against.ts";
import { sendPlatformEvent } from "../../test/send-platform-event.ts";
import type { Fixtures } from "../fixtures/fixtures.ts";
import { runConformance } from "../runner/run-conformance.ts";
import { buildCapturedFixtures } from "./build-captured-fixtures.ts";
import { type CaptureProxy, startCaptureProxy } from "./start-capture-proxy.ts";

const base = JSON.parse(await readFile(REFERENCE_FIXTURES, "utf8")) as Fixtures;
const good: Record<string, unknown> = { ...base.credentials.good, api_url: "http://127.0.0.1:9" };
const PLATFORM_SECRET = String(good.signing_secret);

let adapter: RunningAdapter | undefined;
let proxy: CaptureProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await adapter?.close();
  proxy = undefined;
  adapter = undefined;
});

async function start(): Promise<{ adapter: RunningAdapter; proxy: CaptureProxy }> {
  adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
  proxy = await startCaptureProxy({ adapterUrl: adapter.url });
  return { adapter, proxy };
}

/** The service's side: a platform event through verify-webhook and parse-inbound, via the proxy. */
function send(
  url: string,
  body: object,
  extra: { mode?: "trigger" | "front_desk"; headers?: Record<string, string> } = {},
) {
  return sendPlatformEvent({
    adapterUrl: url,
    serviceSecret: ADAPTER_SIGNING_SECRET,
    credentials: good,
    platformSecret: PLATFORM_SECRET,
    body: JSON.stringify(body),
    ...extra,
  });
}

describe("startCaptureProxy", () => {
  it("forwards every call unchanged and records each /parse-inbound exchange with the adapter's answer", async () => {
    const running = await start();
    const counts: number[] = [];
    await running.proxy.close();
    proxy = await startCaptureProxy({ adapterUrl: running.adapter.url, onCapture: (_, count) => counts.push(count) });
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reference$/);
    const answer = await send(proxy.url, { type: "message", id: "evt_1", sender: "alice", text: "hi" });
    expect(answer).toMatchObject({ sender: "alice", message: "hi", dedup_key: "evt_1" });
    const health = await fetch(`${proxy.url}/health`);
    expect(health.status).toBe(200);
    const unsigned = await fetch(`${proxy.url}/parse-inbound`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(401); // the adapter's own D9 answer, passed through and not recorded
    expect(counts).toEqual([1]);
    expect(proxy.exchanges()).toHaveLength(1);
    expect(proxy.exchanges()[0]?.answer).toEqual(answer);
    expect(proxy.exchanges()[0]?.request.mode).toBe("trigger");
  });

  it("takes a platform's own webhook at /platform/…: verifies, parses, records and answers it as the service would", async () => {
    const running = await start();
    await running.proxy.close();
    proxy = await startCaptureProxy({
      adapterUrl: running.adapter.url,
      credentials: good,
      signingSecret: ADAPTER_SIGNING_SECRET,
    });
    const post = (body: string, secret = PLATFORM_SECRET) =>
      fetch(`${proxy!.platformUrl}/events?team=T1`, {
        method: "POST",
        headers: { "content-type": "application/json", ...signStandardWebhook({ secret, body }) },
        body,
      });
    const message = await post(JSON.stringify({ type: "message", id: "evt_5", sender: "ana", text: "hey" }));
    expect(message.status).toBe(200);
    expect(await message.json()).toEqual({ ok: true });
    const handshake = await post(JSON.stringify({ type: "url_verification", challenge: "chal-1" }));
    expect(await handshake.text()).toBe("chal-1");
    const forged = await post(
      JSON.stringify({ type: "message", id: "evt_6", sender: "eve", text: "x" }),
      "whsec_Zm9yZ2VkLXNlY3JldC1mb3ItdGVzdHM=",
    );
    expect(forged.status).toBe(401);
    expect(proxy.exchanges().map((exchange) => [exchange.request.path, exchange.request.query])).toEqual([
      ["/events", { team: "T1" }],
      ["/events", { team: "T1" }],
    ]);
    expect(proxy.exchanges()[0]?.answer).toMatchObject({ dedup_key: "evt_5", message: "hey" });

    await proxy.close();
    proxy = await startCaptureProxy({ adapterUrl: running.adapter.url });
    expect((await fetch(`${proxy.platformUrl}/events`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("answers 502 when the adapter behind it does not answer", async () => {
    const running = await start();
    await running.adapter.close();
    adapter = undefined;
    const answer = await fetch(`${running.proxy.url}/health`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ ok: false, code: "platform_error" });
  });

  it("round trip: captured traffic becomes fixtures that pass conformance unchanged", async () => {
    const running = await start();
    await send(running.proxy.url, {
      type: "message",
      id: "evt_42",
      sender: "alice",
      text: "hello {{name}}",
      thread_id: "T9",
    });
    await send(
      running.proxy.url,
      { type: "message", id: "evt_43", sender: "bob", text: "front desk" },
      { mode: "front_desk" },
    );
    await send(running.proxy.url, { type: "url_verification", challenge: "chal-777", token: String(good.token) });
    await send(
      running.proxy.url,
      { type: "reaction_added", id: "evt_44" },
      { headers: { authorization: "Bearer platform-only-secret" } },
    );
    const { fixtures, review } = await buildCapturedFixtures(running.proxy.exchanges(), { base });

    const samples = fixtures.inbound?.samples ?? [];
    expect(samples.map((sample) => sample.name)).toEqual([
      "captured 1: message message.received",
      "captured 2: message message.received",
      "captured 3: handshake",
      "captured 4: ignored",
    ]);
    expect(samples[0]?.request.body).toMatchObject({ id: "evt_42-{{nonce}}", text: "hello \\{{name}}" });
    expect(samples[0]?.expect).toMatchObject({
      dedup_key: "evt_42-{{nonce}}",
      message: "hello \\{{name}}",
      is_bot: false,
    });
    expect(samples[2]?.request.body).toMatchObject({
      token: "{{credentials.good.token}}",
      challenge: "chal-777-{{nonce}}",
    });
    expect(samples[3]?.request.headers).toMatchObject({ authorization: "[REDACTED]" });
    expect(samples.every((sample) => (sample.captured as { confirmed: boolean }).confirmed === false)).toBe(true);
    expect(fixtures.inbound?.retry).toEqual({
      sample: "captured 1: message message.received",
      headers: { "x-reference-retry": "1" },
    });
    expect(fixtures.inbound?.content_sample).toBe("captured 2: message message.received");
    expect(review.join("\n")).not.toContain("platform-only-secret");

    const report = await runConformance({
      adapterUrl: running.adapter.url,
      fixtures,
      signingSecret: ADAPTER_SIGNING_SECRET,
      latencyBudgetMs: 10_000,
    });
    const failed = report.checks.filter((check) => check.status === "failed").map((check) => check.id);
    expect(failed).toEqual([]);
    expect(report.summary.required_failed).toBe(0);
    const passed = new Set(report.checks.filter((check) => check.status === "passed").map((check) => check.id));
    for (const id of [
      "parse-inbound.message-samples",
      "parse-inbound.handshake-answered",
      "parse-inbound.ignores-non-messages",
      "parse-inbound.dedup-key-distinct",
      "parse-inbound.content-byte-exact",
      "verify-webhook.accepts-valid-signature",
    ])
      expect(passed).toContain(id);
  });
});
