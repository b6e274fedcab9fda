import { createHmac } from "node:crypto";
import { buildEnvelope, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATEWAY_TEST_CREDENTIALS, personMail } from "../../test/support.ts";
import { createGatewayBody } from "../gateway-body.ts";
import { mailGatewayScheme } from "../gateway-signature.ts";
import { mailAdapter, type mailManifest } from "../index.ts";

const credentials = GATEWAY_TEST_CREDENTIALS;
const body = createGatewayBody({ raw: personMail({ text: "hello" }), labelIds: ["INBOX"] });

let adapter: StartedAdapter<typeof mailManifest>;
beforeAll(async () => {
  adapter = await startAdapter(mailAdapter);
});
afterAll(() => adapter.close());

async function verifyWith(headers: Record<string, string>, sent = body, withCredentials = credentials) {
  const envelope = { ...buildEnvelope({ headers, body: sent }), credentials: withCredentials };
  const { status, body: answer } = await adapter.client.verifyWebhook(envelope);
  expect(status).toBe(200);
  return answer;
}

describe("POST /mail/verify-webhook", () => {
  it("accepts a body signed with the gateway secret", async () => {
    expect(await verifyWith(mailGatewayScheme.sign({ secret: "gw-secret-1", body }))).toEqual({ ok: true });
  });

  it("accepts a body that arrives base64-encoded", async () => {
    const bytes = Buffer.from(body);
    const headers = mailGatewayScheme.sign({ secret: "gw-secret-1", body: bytes });
    const envelope = {
      ...buildEnvelope({ headers, body }),
      credentials,
      body: bytes.toString("base64"),
      body_encoding: "base64" as const,
    };
    expect((await adapter.client.verifyWebhook(envelope)).body).toEqual({ ok: true });
  });

  it("rejects a body with one byte changed", async () => {
    const headers = mailGatewayScheme.sign({ secret: "gw-secret-1", body });
    const tampered = body.replace('"INBOX"', '"INBOY"');
    expect(await verifyWith(headers, tampered)).toMatchObject({
      ok: false,
      error: expect.stringContaining("does not match"),
    });
  });

  it("rejects a signature made with another secret", async () => {
    const headers = mailGatewayScheme.sign({ secret: "gw-secret-2", body });
    expect(await verifyWith(headers)).toMatchObject({ ok: false });
  });

  it("rejects a timestamp older than five minutes", async () => {
    const headers = mailGatewayScheme.sign({
      secret: "gw-secret-1",
      body,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(await verifyWith(headers)).toMatchObject({
      ok: false,
      error: expect.stringContaining("x-mail-gateway-timestamp"),
    });
  });

  it("rejects a request without the signature header", async () => {
    const { "x-mail-gateway-signature": _, ...headers } = mailGatewayScheme.sign({ secret: "gw-secret-1", body });
    expect(await verifyWith(headers)).toMatchObject({
      ok: false,
      error: expect.stringContaining("x-mail-gateway-signature"),
    });
  });

  it("rejects every request when the credentials hold an empty gateway secret", async () => {
    // A forger's headers: the SDK will not sign with an empty secret, but anyone can compute this HMAC.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const digest = createHmac("sha256", "").update(`${timestamp}.${body}`).digest("hex");
    const headers = { "x-mail-gateway-timestamp": timestamp, "x-mail-gateway-signature": `sha256=${digest}` };
    expect(await verifyWith(headers, body, { ...credentials, gateway_secret: "" })).toMatchObject({ ok: false });
  });
});
