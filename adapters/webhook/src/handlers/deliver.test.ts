import { BOT_MARKER_HEADER, isValidStandardWebhook } from "@adapterkit/sdk";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIALS, whsec } from "../../test/credentials.ts";
import { type Receiver, startReceiver } from "../../test/receiver.ts";
import { webhookAdapter } from "../index.ts";
import type { webhookManifest } from "../manifest.ts";
import { stampDelivery } from "../own-delivery.ts";

let adapter: StartedAdapter<typeof webhookManifest>;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  // The receiver is on loopback, which the outbound guard refuses unless allowed, as npm start allows its stand-ins.
  adapter = await startAdapter(webhookAdapter, { allowedHosts: [new URL(receiver.url).host] });
});
afterEach(() => {
  receiver.answerWith({ status: 200 });
  receiver.received.length = 0;
});
afterAll(async () => {
  await adapter.close();
  await receiver.close();
});

function deliver(
  text: string,
  options: {
    address?: string;
    threadId?: string;
    credentials?: typeof CREDENTIALS & { delivery_signing_secret?: string };
  } = {},
) {
  return adapter.client.deliver({
    credentials: options.credentials ?? CREDENTIALS,
    channel_address: options.address ?? `${receiver.url}/hook?team=1`,
    message: { text, ...(options.threadId === undefined ? {} : { thread_id: options.threadId }) },
  });
}

describe("POST /deliver", () => {
  it("POSTs the message as signed JSON and answers the webhook-id as message_id", async () => {
    const { status, body } = await deliver("Hello 👋");
    expect(status).toBe(200);
    const [request] = receiver.received;
    if (request === undefined) throw new Error("nothing was delivered");
    expect(request).toMatchObject({
      method: "POST",
      path: "/hook?team=1",
      headers: { "content-type": "application/json" },
    });
    expect(body).toEqual({ ok: true, message_id: request.headers["webhook-id"] });
    expect(JSON.parse(request.body)).toEqual({ message: "Hello 👋", bot_marker: request.headers[BOT_MARKER_HEADER] });
    expect(
      isValidStandardWebhook({ secret: CREDENTIALS.signing_secret, headers: request.headers, body: request.body }),
    ).toBe(true);
  });

  it("stamps a marker bound to this delivery's id", async () => {
    await deliver("marked");
    const headers = receiver.received[0]?.headers ?? {};
    expect(headers[BOT_MARKER_HEADER]).toBe(stampDelivery(CREDENTIALS, headers["webhook-id"] ?? ""));
  });

  it("carries thread_id in the JSON and the answer", async () => {
    const { body } = await deliver("in thread", { threadId: "T-9" });
    expect(body).toMatchObject({ ok: true, thread_id: "T-9" });
    expect(JSON.parse(receiver.received[0]?.body ?? "{}")).toMatchObject({ message: "in thread", thread_id: "T-9" });
  });

  it("signs with delivery_signing_secret when one is set", async () => {
    const deliverySecret = whsec();
    await deliver("separate key", { credentials: { ...CREDENTIALS, delivery_signing_secret: deliverySecret } });
    const request = receiver.received[0];
    if (request === undefined) throw new Error("nothing was delivered");
    expect(isValidStandardWebhook({ secret: deliverySecret, headers: request.headers, body: request.body })).toBe(true);
    expect(
      isValidStandardWebhook({ secret: CREDENTIALS.signing_secret, headers: request.headers, body: request.body }),
    ).toBe(false);
  });

  it.each([
    [500, true],
    [503, true],
    [429, true],
    [408, true],
    [400, false],
    [401, false],
    [404, false],
    [410, false],
  ])("answers a receiver's %i as ok: false with retryable %s", async (status, retryable) => {
    receiver.answerWith({ status });
    const { status: http, body } = await deliver("refused");
    expect(http).toBe(200);
    expect(body).toEqual({ ok: false, error: `http_${status}: the receiver answered ${status}`, retryable });
  });

  it("does not follow a redirect, and does not retry it", async () => {
    receiver.answerWith({ status: 307, location: `${receiver.url}/elsewhere` });
    const { body } = await deliver("moved");
    expect(body).toMatchObject({ ok: false, retryable: false });
    expect(receiver.received).toHaveLength(1);
  });

  it("answers a dropped connection as retryable", async () => {
    receiver.answerWith("destroy");
    const { body } = await deliver("dropped");
    expect(body).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/^network_error/) });
  });

  it("answers an unreachable receiver as retryable", async () => {
    const { body } = await deliver("nobody home", { address: "http://127.0.0.1:9/hook" });
    expect(body).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/^network_error/) });
  });

  it.each([
    "C0123",
    "ftp://example.com/hook",
    "mailto:ops@example.com",
    "//example.com/x",
  ])("answers 400 naming channel_address for %s", async (address) => {
    const { status, body } = await deliver("x", { address });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "invalid_request",
      issues: [{ path: "/channel_address", message: expect.any(String) }],
    });
    expect(receiver.received).toHaveLength(0);
  });

  it.each([
    "user:s3cretpw@",
    "user@",
    ":s3cretpw@",
  ])("answers 400 naming channel_address when it carries %s, without repeating it", async (userinfo) => {
    const address = `${receiver.url}/hook`.replace("http://", `http://${userinfo}`);
    const { status, body } = await deliver("x", { address });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "invalid_request",
      error: "channel_address must not carry a user name or password (user:pass@)",
      issues: [{ path: "/channel_address" }],
    });
    expect(JSON.stringify(body)).not.toContain("s3cretpw");
    expect(receiver.received).toHaveLength(0);
  });

  it("answers 400 naming the secret when it cannot sign", async () => {
    const { status, body } = await deliver("x", { credentials: { signing_secret: "hunter2" } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [{ path: "/credentials/signing_secret" }] });
    expect(JSON.stringify(body)).not.toContain("hunter2");
  });
});
