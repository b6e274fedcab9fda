import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdapterClient } from "../src/index.ts";
import { type ReceivedRequest, startTestAdapter, type TestAdapter } from "./start-test-adapter.ts";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
const CREDENTIALS = { token: "xoxb-1" };

function signatureHeaders(request: ReceivedRequest): Record<string, string> {
  const { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature } = request.headers;
  return { "webhook-id": String(id), "webhook-timestamp": String(timestamp), "webhook-signature": String(signature) };
}

function last(adapter: TestAdapter): ReceivedRequest {
  const request = adapter.received.at(-1);
  if (!request) throw new Error("the adapter received nothing");
  return request;
}

describe("request signing and context headers", () => {
  let adapter: TestAdapter;

  beforeAll(async () => {
    adapter = await startTestAdapter({
      "/manifest.json": () => ({ json: { schema_version: "1.0", name: "Chat" } }),
      "/health": () => ({ json: { status: "ready", version: "unknown", adapter: "chat" } }),
      "/verify": () => ({ json: { ok: true, user: "bot" } }),
      "/deliver": () => ({ json: { ok: true, message_id: "m1" } }),
      "/format": (request) => ({ json: { text: String(JSON.parse(request.body).text) } }),
    });
  });
  afterAll(() => adapter.close());

  it("signs a signed endpoint so that the standardwebhooks library verifies it", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, signingSecret: SECRET });
    const result = await client.verify({ credentials: CREDENTIALS });
    await client.close();

    expect(result.ok).toBe(true);
    const request = last(adapter);
    expect(request.headers["webhook-id"]).toMatch(/^msg_/);
    expect(() => new Webhook(SECRET).verify(request.body, signatureHeaders(request))).not.toThrow();
  });

  it("signs once per secret when given several (a rotation's overlap), so a receiver knowing either accepts", async () => {
    const next = `whsec_${randomBytes(24).toString("base64")}`;
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, signingSecret: [next, SECRET] });
    await client.verify({ credentials: CREDENTIALS });
    await client.close();

    const request = last(adapter);
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(() => new Webhook(SECRET).verify(request.body, signatureHeaders(request))).not.toThrow();
    expect(() => new Webhook(next).verify(request.body, signatureHeaders(request))).not.toThrow();
  });

  it("produces a signature that fails verification under another secret", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, signingSecret: SECRET });
    await client.deliver({ credentials: CREDENTIALS, channel_address: "C1", message: { text: "hi" } });
    await client.close();

    const other = `whsec_${randomBytes(24).toString("base64")}`;
    expect(() => new Webhook(other).verify(last(adapter).body, signatureHeaders(last(adapter)))).toThrow();
  });

  it("signs the exact bytes of a raw body passed to call()", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, signingSecret: SECRET });
    const rawBody = '{ "text" : "spaced **out**" }';
    const result = await client.call("format", undefined, { rawBody });
    await client.close();

    expect(result.request.body).toBe(rawBody);
    expect(last(adapter).body).toBe(rawBody);
    expect(() => new Webhook(SECRET).verify(rawBody, signatureHeaders(last(adapter)))).not.toThrow();
  });

  it.each(["manifest", "health"] as const)("sends no signature to the unsigned %s endpoint", async (id) => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, signingSecret: SECRET });
    const result = await client[id]();
    await client.close();

    expect(result.ok).toBe(true);
    expect(last(adapter).headers["webhook-signature"]).toBeUndefined();
    expect(last(adapter).headers["webhook-id"]).toBeUndefined();
  });

  it("sends no signature without a signing secret", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl });
    await client.verify({ credentials: CREDENTIALS });
    await client.close();

    expect(last(adapter).headers["webhook-signature"]).toBeUndefined();
  });

  it("skips signing when call() is told not to sign", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, signingSecret: SECRET });
    await client.call("verify", { credentials: CREDENTIALS }, { signature: false });
    await client.close();

    expect(last(adapter).headers["webhook-signature"]).toBeUndefined();
  });

  it("signs with a stale timestamp when call() asks for one, which the library then refuses", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, signingSecret: SECRET });
    const stale = Math.floor(Date.now() / 1000) - 3600;
    await client.call("verify", { credentials: CREDENTIALS }, { signature: { timestampSeconds: stale } });
    await client.close();

    expect(last(adapter).headers["webhook-timestamp"]).toBe(String(stale));
    expect(() => new Webhook(SECRET).verify(last(adapter).body, signatureHeaders(last(adapter)))).toThrow(/timestamp/i);
  });

  it("sends the organization, project and a fresh request id on every call", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, organizationId: "org_1", projectId: "prj_2" });
    await client.health();
    const first = last(adapter);
    await client.verify({ credentials: CREDENTIALS });
    const second = last(adapter);
    await client.close();

    for (const request of [first, second]) {
      expect(request.headers["x-organization-id"]).toBe("org_1");
      expect(request.headers["x-project-id"]).toBe("prj_2");
      expect(request.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
  });

  it("omits the project header when no project is given and uses a request id it is given", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, organizationId: "org_1" });
    await client.health({ requestId: "req-42", organizationId: "org_9" });
    await client.close();

    expect(last(adapter).headers["x-project-id"]).toBeUndefined();
    expect(last(adapter).headers["x-organization-id"]).toBe("org_9");
    expect(last(adapter).headers["x-request-id"]).toBe("req-42");
  });

  it("lets call() add, replace and remove headers and exposes the raw exchange", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, organizationId: "org_1" });
    const result = await client.call("format", undefined, {
      rawBody: "not json at all",
      headers: { "Content-Type": "text/plain", "x-organization-id": null, "x-extra": "1" },
    });
    await client.close();

    const received = last(adapter);
    expect(received.headers["content-type"]).toBe("text/plain");
    expect(received.headers["x-organization-id"]).toBeUndefined();
    expect(received.headers["x-extra"]).toBe("1");
    // The test adapter's /format cannot parse that body, so it fails; the exchange still shows what happened.
    expect(result.request.headers["x-extra"]).toBe("1");
    expect(result.response?.status).toBe(500);
  });
});
