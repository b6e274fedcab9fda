import { MESSAGE_LIMITS } from "@adapterkit/sdk";
import { buildParseInboundRequest, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIALS, whsec } from "../../test/credentials.ts";
import { webhookAdapter } from "../index.ts";
import type { webhookManifest } from "../manifest.ts";
import { stampDelivery } from "../own-delivery.ts";

let adapter: StartedAdapter<typeof webhookManifest>;
beforeAll(async () => {
  adapter = await startAdapter(webhookAdapter);
});
afterAll(() => adapter.close());

type Credentials = {
  signing_secret: string;
  delivery_signing_secret?: string;
  sender_path?: string;
  message_path?: string;
  event_type_path?: string;
  thread_id_path?: string;
};

async function parse(
  body: string | Uint8Array | object,
  options: { headers?: Record<string, string>; credentials?: Credentials } = {},
) {
  const raw = typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body);
  const request = buildParseInboundRequest({ body: raw, headers: { "webhook-id": "msg_1", ...options.headers } });
  return adapter.client.parseInbound({ ...request, credentials: options.credentials ?? CREDENTIALS });
}

describe("POST /parse-inbound", () => {
  it("reads sender, message, type and thread at the default paths", async () => {
    const payload = { type: "ticket.created", sender: "ana", message: "Printer on fire", thread_id: "T-9" };
    const { status, body } = await parse(payload);
    expect(status).toBe(200);
    expect(body).toEqual({
      event_type: "ticket.created",
      sender: "ana",
      message: "Printer on fire",
      is_bot: false,
      dedup_key: "msg_1",
      thread_id: "T-9",
      metadata: { webhook_id: "msg_1", payload },
    });
  });

  it("falls back to /from and /text, then to the defaults", async () => {
    const { body } = await parse({ from: "bob", text: "hi" });
    expect(body).toMatchObject({ sender: "bob", message: "hi", event_type: "webhook.received" });
  });

  it("reads the configured paths, pointer or dotted", async () => {
    const credentials = {
      ...CREDENTIALS,
      sender_path: "/data/author/name",
      message_path: "data.body",
      event_type_path: "kind",
      thread_id_path: "/data/conversation",
    };
    const payload = {
      kind: "comment",
      sender: "not me",
      data: { author: { name: "Cy" }, body: "LGTM", conversation: 77 },
    };
    const { body } = await parse(payload, { credentials });
    expect(body).toMatchObject({ sender: "Cy", message: "LGTM", event_type: "comment", thread_id: "77" });
  });

  it("takes the default event type for an empty type, which the contract refuses", async () => {
    const { status, body } = await parse({ type: "", sender: 0, message: {} });
    expect(status).toBe(200);
    expect(body).toMatchObject({ event_type: "webhook.received", sender: "0" });
  });

  it("uses the whole body as the message when no message path matches", async () => {
    const raw = '{"order": {"id": 42, "total": "9.99"}}';
    const { body } = await parse(raw);
    expect(body).toMatchObject({ message: raw, sender: "webhook", event_type: "webhook.received" });
  });

  it("does not fall back to the defaults when a configured path is missing", async () => {
    const raw = JSON.stringify({ message: "default place" });
    const { body } = await parse(raw, { credentials: { ...CREDENTIALS, message_path: "/data/text" } });
    expect(body).toMatchObject({ message: raw });
  });

  it("passes a body that is not JSON through as the message", async () => {
    const { body } = await parse("plain text <b>not json</b>\n");
    expect(body).toMatchObject({
      message: "plain text <b>not json</b>\n",
      sender: "webhook",
      metadata: { webhook_id: "msg_1" },
    });
  });

  it("passes a body that is not UTF-8 as its base64 and says so", async () => {
    const { body } = await parse(Uint8Array.from([0xff, 0x00, 0x41]));
    expect(body).toMatchObject({ message: "/wBB", metadata: { body_encoding: "base64" } });
  });

  it("passes content through byte for byte", async () => {
    const text = "<script>x</script> **md** 😀 שלום \u200b\u200d\u202e end ";
    const { body } = await parse({ message: text });
    expect(body).toMatchObject({ message: text });
  });

  it("answers a body nested 100,000 levels deep with the raw body, cut to the limit, as message and no payload copy", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const { status, body } = await parse(deep);
    expect(status).toBe(200);
    expect(body).toEqual({
      event_type: "webhook.received",
      sender: "webhook",
      message: deep.slice(0, MESSAGE_LIMITS.message),
      is_bot: false,
      dedup_key: "msg_1",
      metadata: {
        webhook_id: "msg_1",
        payload_omitted: "the JSON is nested deeper than 64 levels",
        message_cut_from: 200_000,
      },
    });
  });

  it("leaves out a payload larger than the metadata limit, and keeps its message whole", async () => {
    const { status, body } = await parse({ sender: "ana", message: "hi", items: "x".repeat(MESSAGE_LIMITS.metadata) });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      sender: "ana",
      message: "hi",
      metadata: { payload_omitted: "the JSON is larger than the contract's metadata limit" },
    });
    expect(body).not.toHaveProperty("metadata.payload");
  });

  it("still reads the paths of a deep body, and copies a body 64 levels deep whole", async () => {
    const nested = (levels: number): unknown => (levels === 0 ? "leaf" : [nested(levels - 1)]);
    const deep = await parse({ sender: "ana", message: "hi", data: nested(64) });
    expect(deep.body).toMatchObject({
      sender: "ana",
      message: "hi",
      metadata: { payload_omitted: expect.any(String) },
    });
    const payload = { sender: "ana", message: "hi", data: nested(63) };
    const limit = await parse(payload);
    expect(limit.body).toMatchObject({ metadata: { payload } });
  });

  it.each([
    ["message_path", "data..text"],
    ["sender_path", "/data/~2"],
    ["event_type_path", ".kind"],
    ["thread_id_path", "thread."],
  ] as const)("answers 400 naming credentials/%s when it is %j, which can match nothing", async (field, path) => {
    const { status, body } = await parse({ message: "m" }, { credentials: { ...CREDENTIALS, [field]: path } });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "invalid_request",
      error: `${field} is neither a JSON Pointer (/a/b) nor a dotted path (a.b)`,
      issues: [{ path: `/credentials/${field}` }],
    });
  });

  it("keeps dedup_key across a retry and changes it with the webhook-id", async () => {
    const first = await parse({ message: "x" }, { headers: { "webhook-id": "msg_A" } });
    const retry = await parse({ message: "x" }, { headers: { "webhook-id": "msg_A", "webhook-timestamp": "1" } });
    const other = await parse({ message: "x" }, { headers: { "webhook-id": "msg_B" } });
    expect(first.body).toMatchObject({ dedup_key: "msg_A" });
    expect(retry.body).toMatchObject({ dedup_key: "msg_A" });
    expect(other.body).toMatchObject({ dedup_key: "msg_B" });
  });

  it("recognises its own marker in the bot_marker field", async () => {
    const { body } = await parse({ message: "echo", bot_marker: stampDelivery(CREDENTIALS, "msg_own") });
    expect(body).toMatchObject({ is_bot: true });
  });

  it("recognises its own marker in the x-adapterkit-bot header", async () => {
    const { body } = await parse(
      { message: "echo" },
      { headers: { "x-adapterkit-bot": stampDelivery(CREDENTIALS, "msg_own") } },
    );
    expect(body).toMatchObject({ is_bot: true });
  });

  it("still recognises its marker after the payload paths change", async () => {
    const marker = stampDelivery(CREDENTIALS, "msg_own");
    const { body } = await parse(
      { message: "echo", bot_marker: marker },
      { credentials: { ...CREDENTIALS, sender_path: "/who" } },
    );
    expect(body).toMatchObject({ is_bot: true });
  });

  it.each([
    ["a marker made with other secrets", () => stampDelivery({ signing_secret: whsec() }, "msg_own")],
    ["a made-up marker", () => "akb1.msg_own.AAAAAAAAAAAAAAAAAAAAAA"],
    ["a marker that is not a string", () => 1],
  ])("does not take %s for its own", async (_, marker) => {
    const forged = marker();
    const { body } = await parse(
      { message: "echo", bot_marker: forged },
      { headers: { "x-adapterkit-bot": String(forged) } },
    );
    expect(body).toMatchObject({ is_bot: false });
  });
});
