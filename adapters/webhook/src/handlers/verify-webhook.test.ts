import { buildEnvelope, buildSignedEnvelope, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIALS, whsec } from "../../test/credentials.ts";
import { webhookAdapter } from "../index.ts";
import type { webhookManifest } from "../manifest.ts";

const BODY = JSON.stringify({ type: "order.paid", sender: "shop", message: "Order 42 paid" });
const now = () => Math.floor(Date.now() / 1000);

let adapter: StartedAdapter<typeof webhookManifest>;
beforeAll(async () => {
  adapter = await startAdapter(webhookAdapter);
});
afterAll(() => adapter.close());

function signed(options: { body?: string | Uint8Array; secret?: string; timestamp?: number } = {}) {
  const envelope = buildSignedEnvelope("standard-webhooks", {
    headers: { "content-type": "application/json" },
    body: options.body ?? BODY,
    secret: options.secret ?? CREDENTIALS.signing_secret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { ...envelope, credentials: CREDENTIALS };
}

describe("POST /verify-webhook", () => {
  it("accepts a Standard Webhooks signature over the exact body", async () => {
    const { status, body } = await adapter.client.verifyWebhook(signed());
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });

  it("accepts a body that is not UTF-8 (base64 envelope)", async () => {
    const envelope = signed({ body: Uint8Array.from([0xc3, 0x28, 0xff]) });
    expect(envelope.body_encoding).toBe("base64");
    expect((await adapter.client.verifyWebhook(envelope)).body).toEqual({ ok: true });
  });

  it("accepts a signature among several (key rotation)", async () => {
    const envelope = signed();
    const signature = `v1,${Buffer.alloc(32).toString("base64")} ${envelope.headers["webhook-signature"]}`;
    const { body } = await adapter.client.verifyWebhook({
      ...envelope,
      headers: { ...envelope.headers, "webhook-signature": signature },
    });
    expect(body).toEqual({ ok: true });
  });

  it("rejects a body changed by one byte", async () => {
    const envelope = signed();
    const { body } = await adapter.client.verifyWebhook({ ...envelope, body: envelope.body.replace("42", "43") });
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^mismatch/) });
  });

  it("rejects the same JSON re-serialised", async () => {
    const envelope = signed();
    const { body } = await adapter.client.verifyWebhook({
      ...envelope,
      body: JSON.stringify(JSON.parse(envelope.body), null, 2),
    });
    expect(body).toMatchObject({ ok: false });
  });

  it("rejects a timestamp outside five minutes either way", async () => {
    expect((await adapter.client.verifyWebhook(signed({ timestamp: now() - 310 }))).body).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^stale_timestamp/),
    });
    expect((await adapter.client.verifyWebhook(signed({ timestamp: now() + 310 }))).body).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^stale_timestamp/),
    });
  });

  it("rejects a signature made with another secret", async () => {
    const { body } = await adapter.client.verifyWebhook(signed({ secret: whsec() }));
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^mismatch/) });
  });

  it("rejects a request without the Standard Webhooks headers", async () => {
    const { body } = await adapter.client.verifyWebhook({ ...buildEnvelope({ body: BODY }), credentials: CREDENTIALS });
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^missing_header/) });
  });

  it("answers ok: false naming signing_secret when it is malformed, instead of failing", async () => {
    const { status, body } = await adapter.client.verifyWebhook({
      ...signed(),
      credentials: { signing_secret: "hunter2" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: false,
      error: expect.stringMatching(/^signing_secret is not a Standard Webhooks secret/),
    });
  });
});
