import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIALS, whsec } from "../../test/credentials.ts";
import { webhookAdapter } from "../index.ts";
import type { webhookManifest } from "../manifest.ts";

let adapter: StartedAdapter<typeof webhookManifest>;
beforeAll(async () => {
  adapter = await startAdapter(webhookAdapter);
});
afterAll(() => adapter.close());

describe("POST /verify", () => {
  it("accepts a well-formed inbound secret and describes the endpoint", async () => {
    const { status, body } = await adapter.client.verify({ credentials: CREDENTIALS });
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      user: "Standard Webhooks endpoint (inbound key 24 bytes; deliveries signed with the same key)",
    });
  });

  it("says when deliveries are signed with a separate key", async () => {
    const { body } = await adapter.client.verify({
      credentials: { ...CREDENTIALS, delivery_signing_secret: whsec(32) },
    });
    expect(body).toMatchObject({ ok: true, user: expect.stringContaining("a separate 32-byte key") });
  });

  it("accepts configured paths in either syntax", async () => {
    const credentials = {
      ...CREDENTIALS,
      sender_path: "/data/from",
      message_path: "data.text",
      event_type_path: "/kind",
    };
    expect((await adapter.client.verify({ credentials })).body).toMatchObject({ ok: true });
  });

  it("answers ok: false naming signing_secret when it is not a whsec_ key", async () => {
    const { status, body } = await adapter.client.verify({ credentials: { signing_secret: "hunter2" } });
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: false,
      error: "signing_secret is not a Standard Webhooks secret (whsec_ followed by base64)",
    });
  });

  it("answers ok: false naming delivery_signing_secret when it is malformed", async () => {
    const { body } = await adapter.client.verify({
      credentials: { ...CREDENTIALS, delivery_signing_secret: "whsec_short" },
    });
    expect(body).toMatchObject({ ok: false, error: expect.stringMatching(/^delivery_signing_secret /) });
  });

  it("answers ok: false naming a path that is neither a pointer nor dotted", async () => {
    const { body } = await adapter.client.verify({ credentials: { ...CREDENTIALS, message_path: "data..text" } });
    expect(body).toEqual({ ok: false, error: "message_path is neither a JSON Pointer (/a/b) nor a dotted path (a.b)" });
  });

  it("answers 400 when signing_secret is missing", async () => {
    const { status, body } = await adapter.client.verify({ credentials: {} as never });
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [expect.objectContaining({ path: "/credentials/signing_secret" })] });
  });
});
