import { signStandardWebhook } from "@adapterkit/sdk";
import { buildEnvelope, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookStandIn, webhookAdapter } from "./index.ts";
import type { webhookManifest } from "./manifest.ts";
import type { ReceivedDelivery, WebhookStandIn } from "./stand-in.ts";

let receiver: WebhookStandIn;
let adapter: StartedAdapter<typeof webhookManifest>;
beforeAll(async () => {
  receiver = await startWebhookStandIn();
  adapter = await startAdapter(webhookAdapter, { allowedHosts: [new URL(receiver.url).host] });
});
afterAll(async () => {
  await adapter.close();
  await receiver.close();
});

async function receive(headers: Record<string, string>, body: string) {
  const envelope = { ...buildEnvelope({ headers, body }), credentials: receiver.credentials };
  const verified = await adapter.client.verifyWebhook(envelope);
  const parsed = await adapter.client.parseInbound({ ...envelope, mode: "trigger" });
  return { verified: verified.body, parsed: parsed.body };
}

async function deliverOnce(text: string): Promise<ReceivedDelivery> {
  const { body } = await adapter.client.deliver({
    credentials: receiver.credentials,
    channel_address: receiver.channelAddress,
    message: { text },
  });
  expect(body).toMatchObject({ ok: true });
  const delivery = receiver.deliveries().find((received) => received.body.includes(text));
  if (delivery === undefined) throw new Error("the receiver got no delivery");
  expect(delivery.verified).toBe(true);
  return delivery;
}

describe("webhookAdapter against its stand-in receiver", () => {
  it("closes the feedback loop: its own delivery re-sent as inbound parses is_bot true", async () => {
    const text = `loop ${Date.now()}`;
    const delivery = await deliverOnce(text);
    const { verified, parsed } = await receive(delivery.headers, delivery.body);
    expect(verified).toEqual({ ok: true });
    expect(parsed).toMatchObject({ is_bot: true, message: text, dedup_key: delivery.headers["webhook-id"] });
  });

  it("recognises the echo by its body alone, when a relay drops the marker header", async () => {
    const delivery = await deliverOnce(`body only ${Date.now()}`);
    const { "x-adapterkit-bot": _, ...headers } = delivery.headers;
    expect((await receive(headers, delivery.body)).parsed).toMatchObject({ is_bot: true });
  });

  it("parses the same text without the marker as a person's, is_bot false", async () => {
    const text = `person ${Date.now()}`;
    await deliverOnce(text);
    const body = JSON.stringify({ message: text });
    const headers = {
      "content-type": "application/json",
      ...signStandardWebhook({ secret: receiver.credentials.signing_secret, body }),
    };
    const { verified, parsed } = await receive(headers, body);
    expect(verified).toEqual({ ok: true });
    expect(parsed).toMatchObject({ is_bot: false, message: text });
  });

  it("verifies the stand-in's demo credentials", async () => {
    expect((await adapter.client.verify({ credentials: receiver.credentials })).body).toMatchObject({ ok: true });
  });
});
