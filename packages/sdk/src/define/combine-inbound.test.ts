import { inboundResponseSchema, manifestSchema } from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { SignatureError } from "../helpers/index.ts";
import { FIXTURE_HANDLERS, FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "../http/fixture-adapter.ts";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { AdapterDefinitionError, defineAdapter } from "./define-adapter.ts";
import { notImplemented } from "./not-implemented.ts";

const SECRET = `whsec_${Buffer.from("combined-inbound-secret-32-bytes").toString("base64")}`;
const ENVELOPE = {
  credentials: GOOD_CREDENTIALS,
  method: "POST",
  path: "/",
  query: {},
  headers: { "x-platform-signature": "good" },
  body: "hi",
};
const REQUEST = { ...ENVELOPE, mode: "trigger" };

let started: StartedAdapter<typeof FIXTURE_MANIFEST> | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

/** A fixture whose webhook check wants `x-platform-signature: good`, as a platform's signature would be judged. */
function signedFixture(overrides: Parameters<typeof fixtureAdapter>[0] = {}) {
  return fixtureAdapter({
    verifyWebhook: ({ headers }) =>
      headers["x-platform-signature"] === "good" ? { ok: true } : { ok: false, error: "bad platform signature" },
    ...overrides,
  });
}

async function answersOf(request: object) {
  const client = started?.client;
  if (!client) throw new Error("not started");
  const { mode: _mode, ...envelope } = request as typeof REQUEST;
  const combined = await client.post("/inbound", JSON.stringify(request));
  const verified = await client.post("/verify-webhook", JSON.stringify(envelope));
  const parsed = await client.post("/parse-inbound", JSON.stringify(request));
  return { combined, verified, parsed };
}

describe("combined /inbound (D410)", () => {
  it("answers the parse answer when the webhook verifies, as the two calls in turn do", async () => {
    started = await startAdapter(signedFixture(), { signingSecret: SECRET });
    const { combined, verified, parsed } = await answersOf(REQUEST);
    expect(verified.body).toEqual({ ok: true });
    expect(combined.status).toBe(200);
    expect(combined.body).toEqual(parsed.body);
    expect(inboundResponseSchema.parse(combined.body)).toMatchObject({ sender: "U1", message: "hi" });
  });

  it("answers the verify refusal, without parsing, when the webhook signature fails", async () => {
    let parses = 0;
    started = await startAdapter(
      signedFixture({
        parseInbound: ({ body }) => {
          parses += 1;
          return { event_type: "m", sender: "U1", message: body, is_bot: false };
        },
      }),
      { signingSecret: SECRET },
    );
    const forged = { ...REQUEST, headers: { "x-platform-signature": "forged" } };
    const { combined, verified } = await answersOf(forged);
    expect(combined.status).toBe(200);
    expect(combined.body).toEqual({ ok: false, error: "bad platform signature" });
    expect(combined.body).toEqual(verified.body);
    expect(parses).toBe(1); // the separate /parse-inbound call only
  });

  it("answers a SignatureError thrown by verifyWebhook as the refusal /verify-webhook answers", async () => {
    started = await startAdapter(
      signedFixture({
        verifyWebhook: () => {
          throw new SignatureError("mismatch", "the gateway signature does not match");
        },
      }),
    );
    const { combined, verified } = await answersOf(REQUEST);
    expect(verified.body).toEqual({ ok: false, error: "the gateway signature does not match" });
    expect(combined.status).toBe(200);
    expect(combined.body).toEqual(verified.body);
  });

  it("answers a handshake and an ignored event as /parse-inbound does", async () => {
    started = await startAdapter(
      signedFixture({
        parseInbound: ({ body }) =>
          body === "challenge" ? { challenge_response: { challenge: "c1" } } : { ignored: true, reason: "an edit" },
      }),
    );
    for (const body of ["challenge", "edit"]) {
      const { combined, parsed } = await answersOf({ ...REQUEST, body });
      expect(combined.body).toEqual(parsed.body);
    }
  });

  it("refuses a call without the service signature with 401, as the two endpoints do", async () => {
    started = await startAdapter(signedFixture(), { signingSecret: SECRET });
    const response = await fetch(`${started.url}/inbound`, { method: "POST", body: JSON.stringify(REQUEST) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, code: "unauthorized" });
  });

  it("refuses a request without mode with 400 naming the field", async () => {
    started = await startAdapter(signedFixture());
    const result = await started.client.post("/inbound", JSON.stringify(ENVELOPE));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, code: "invalid_request", issues: [{ path: "/mode" }] });
  });

  it("wants event_type on a trigger-mode message, as /parse-inbound does", async () => {
    started = await startAdapter(
      signedFixture({ parseInbound: () => ({ sender: "U1", message: "m", is_bot: false }) }),
    );
    const { combined, parsed } = await answersOf(REQUEST);
    expect(parsed.status).toBe(500);
    expect(combined.status).toBe(500);
    const front = await answersOf({ ...REQUEST, mode: "front_desk" });
    expect(front.combined.body).toEqual(front.parsed.body);
  });

  it("answers a handler's coded error as the endpoint that raised it does", async () => {
    started = await startAdapter(
      signedFixture({
        verifyWebhook: () => {
          throw new AdapterHttpError("platform_error", "the platform's key endpoint failed");
        },
      }),
    );
    const { combined, verified } = await answersOf(REQUEST);
    expect(combined.status).toBe(verified.status);
    expect(combined.body).toEqual(verified.body);
  });

  it("answers 500 when verifyWebhook answers outside D3, as /verify-webhook does", async () => {
    started = await startAdapter(signedFixture({ verifyWebhook: () => ({ ok: "yes" }) as never }));
    const { combined, verified } = await answersOf(REQUEST);
    expect(verified.status).toBe(500);
    expect(combined.status).toBe(500);
  });

  it("lists inbound in the served manifest, and neither serves nor lists it with combinedInbound off", async () => {
    started = await startAdapter(signedFixture());
    expect((await started.client.manifest()).body).toMatchObject({ endpoints: ["inbound"] });
    await started.close();
    started = await startAdapter(signedFixture(), { combinedInbound: false });
    const manifest = manifestSchema.parse((await started.client.manifest()).body);
    expect(manifest.endpoints).toBeUndefined();
    const result = await started.client.post("/inbound", JSON.stringify(REQUEST));
    expect(result.status).toBe(501);
    expect(result.body).toMatchObject({ code: "not_implemented" });
  });

  it("is not served for an adapter whose inbound handlers are placeholders or absent", async () => {
    started = await startAdapter(signedFixture({ parseInbound: notImplemented("parseInbound") as never }));
    expect(manifestSchema.parse((await started.client.manifest()).body).endpoints).toBeUndefined();
    expect((await started.client.post("/inbound", JSON.stringify(REQUEST))).status).toBe(501);
    const sender = defineAdapter({ manifest: { schema_version: "1.0", name: "Docs" } });
    expect(sender.handlers.has("inbound")).toBe(false);
  });

  it("refuses a manifest that declares inbound without the handlers to serve it", () => {
    const define = () =>
      defineAdapter({ manifest: { schema_version: "1.0", name: "Docs", endpoints: ["inbound"] } } as never);
    expect(define).toThrow(AdapterDefinitionError);
    expect(define).toThrow(/declares "inbound"/);
  });

  it("keeps other ids an author lists in endpoints beside inbound", async () => {
    const adapter = defineAdapter({
      ...FIXTURE_HANDLERS,
      manifest: { ...FIXTURE_MANIFEST, endpoints: ["future-thing"] },
    });
    const served = await startAdapter(adapter);
    try {
      expect((await served.client.manifest()).body).toMatchObject({ endpoints: ["future-thing", "inbound"] });
    } finally {
      await served.close();
    }
  });
});
