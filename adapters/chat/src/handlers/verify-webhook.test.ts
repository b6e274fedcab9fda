import { createHmac } from "node:crypto";
import { buildEnvelope, buildSignedEnvelope, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAdapter } from "../index.ts";
import type { chatManifest } from "../manifest.ts";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const CREDENTIALS = { token: "xoxb-test", signing_secret: SECRET };
const BODY = JSON.stringify({ type: "event_callback", event_id: "Ev1", event: { type: "message", text: "hi" } });
const now = () => Math.floor(Date.now() / 1000);

let adapter: StartedAdapter<typeof chatManifest>;
beforeAll(async () => {
  adapter = await startAdapter(chatAdapter);
});
afterAll(() => adapter.close());

function signed(options: { body?: string | Uint8Array; secret?: string; timestamp?: number } = {}) {
  const envelope = buildSignedEnvelope("slack-v0", {
    credentials: CREDENTIALS,
    headers: { "content-type": "application/json" },
    body: options.body ?? BODY,
    secret: options.secret ?? SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { ...envelope, credentials: CREDENTIALS };
}

describe("POST /verify-webhook", () => {
  it("accepts a v0 signature over the exact body", async () => {
    const { status, body } = await adapter.client.verifyWebhook(signed());
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });

  it("accepts a timestamp just inside the five-minute window", async () => {
    const { body } = await adapter.client.verifyWebhook(signed({ timestamp: now() - 290 }));
    expect(body).toEqual({ ok: true });
  });

  it("accepts a signature over a body that is not UTF-8 (base64 envelope)", async () => {
    const bytes = Uint8Array.from([0xff, 0xfe, 0x7b, 0x7d]);
    const envelope = signed({ body: bytes });
    expect(envelope.body_encoding).toBe("base64");
    expect((await adapter.client.verifyWebhook(envelope)).body).toEqual({ ok: true });
  });

  it("rejects a body changed by one byte", async () => {
    const envelope = signed();
    const { body } = await adapter.client.verifyWebhook({ ...envelope, body: envelope.body.replace("hi", "hj") });
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^mismatch/) });
  });

  it("rejects the same JSON re-serialised with other whitespace", async () => {
    const envelope = signed();
    const reserialised = JSON.stringify(JSON.parse(envelope.body), null, 1);
    const { body } = await adapter.client.verifyWebhook({ ...envelope, body: reserialised });
    expect(body).toMatchObject({ ok: false });
  });

  it("rejects a timestamp older than five minutes", async () => {
    const { body } = await adapter.client.verifyWebhook(signed({ timestamp: now() - 310 }));
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^stale_timestamp/) });
  });

  it("rejects a timestamp more than five minutes ahead", async () => {
    const { body } = await adapter.client.verifyWebhook(signed({ timestamp: now() + 310 }));
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^stale_timestamp/) });
  });

  it("rejects a signature made with another secret", async () => {
    const { body } = await adapter.client.verifyWebhook(signed({ secret: "another-secret" }));
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^mismatch/) });
  });

  it("rejects a request without the signature headers", async () => {
    const envelope = { ...buildEnvelope({ body: BODY }), credentials: CREDENTIALS };
    const { status, body } = await adapter.client.verifyWebhook(envelope);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^missing_header/) });
  });

  it.each(["", "   "])("answers ok false for signing_secret %j, even to a request signed under it", async (secret) => {
    // Anyone can compute an HMAC under an empty key, so such a request proves nothing.
    const timestamp = String(now());
    const signature = createHmac("sha256", secret).update(`v0:${timestamp}:${BODY}`).digest("hex");
    const envelope = buildEnvelope({
      headers: { "x-slack-signature": `v0=${signature}`, "x-slack-request-timestamp": timestamp },
      body: BODY,
    });
    const { status, body } = await adapter.client.verifyWebhook({
      ...envelope,
      credentials: { ...CREDENTIALS, signing_secret: secret },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: false,
      error: "missing_secret: no signing secret is configured, so no request can be verified",
    });
  });

  it("answers 400 naming signing_secret when the credentials lack it", async () => {
    const envelope = { ...signed(), credentials: { token: "xoxb-test" } };
    const { status, body } = await adapter.client.verifyWebhook(envelope as never);
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [expect.objectContaining({ path: "/credentials/signing_secret" })] });
  });
});
