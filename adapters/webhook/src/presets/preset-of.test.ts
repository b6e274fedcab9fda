import { createHmac } from "node:crypto";
import { signHmacSha256, signShopifySha256, signStandardWebhook } from "@adapterkit/sdk";
import { buildEnvelope, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { sign as signAsGithub } from "@octokit/webhooks-methods";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whsec } from "../../test/credentials.ts";
import { webhookAdapter } from "../index.ts";
import type { webhookManifest } from "../manifest.ts";

let adapter: StartedAdapter<typeof webhookManifest>;
beforeAll(async () => {
  adapter = await startAdapter(webhookAdapter);
});
afterAll(() => adapter.close());

const stripe = new Stripe("sk_test_not_used_for_any_call");

async function receive(credentials: Record<string, string>, headers: Record<string, string>, body: string) {
  const envelope = { ...buildEnvelope({ headers, body }), credentials: { signing_secret: "", ...credentials } };
  const verified = await adapter.client.verifyWebhook(envelope);
  const parsed = await adapter.client.parseInbound({ ...envelope, mode: "trigger" });
  return { verified: verified.body, parsed: parsed.body, status: parsed.status };
}

describe("sender presets", () => {
  it("github: verifies octokit's signature and reads event.action, delivery id, sender login and a bot", async () => {
    const body = JSON.stringify({
      action: "opened",
      issue: { title: "Broken" },
      sender: { login: "app[bot]", type: "Bot" },
    });
    const headers = {
      "x-hub-signature-256": await signAsGithub("gh-secret", body),
      "x-github-event": "issues",
      "x-github-delivery": "d-1",
    };
    const { verified, parsed } = await receive({ signing_secret: "gh-secret", preset: "github" }, headers, body);
    expect(verified).toEqual({ ok: true });
    expect(parsed).toMatchObject({
      event_type: "issues.opened",
      sender: "app[bot]",
      is_bot: true,
      message: "Broken",
      dedup_key: "d-1",
      metadata: { preset: "github", webhook_id: "d-1" },
    });
  });

  it("github: names the event alone when the payload has no action, and refuses a wrong secret", async () => {
    const body = JSON.stringify({ head_commit: { message: "fix" }, sender: { login: "octocat", type: "User" } });
    const headers = { "x-hub-signature-256": await signAsGithub("other", body), "x-github-event": "push" };
    const { verified, parsed } = await receive({ signing_secret: "gh-secret", preset: "github" }, headers, body);
    expect(verified).toMatchObject({ ok: false, error: expect.stringMatching(/^mismatch:/) });
    expect(parsed).toMatchObject({ event_type: "push", sender: "octocat", is_bot: false, message: "fix" });
  });

  it("stripe: verifies the stripe package's test header and reads id, type and the connected account", async () => {
    const payload = JSON.stringify({ id: "evt_9", type: "invoice.paid", account: "acct_9", data: { object: {} } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_stripe" });
    const credentials = { signing_secret: "whsec_stripe", preset: "stripe" };
    const { verified, parsed } = await receive(credentials, { "stripe-signature": header }, payload);
    expect(verified).toEqual({ ok: true });
    expect(parsed).toMatchObject({ event_type: "invoice.paid", sender: "acct_9", dedup_key: "evt_9" });
  });

  it("shopify: verifies the base64 HMAC and reads topic, webhook id and shop domain", async () => {
    const body = JSON.stringify({ id: 1, email: "jon@example.com" });
    const headers = {
      ...signShopifySha256({ secret: "shpss_x", body }),
      "x-shopify-topic": "orders/create",
      "x-shopify-event-id": "e-1",
      "x-shopify-shop-domain": "acme.myshopify.com",
    };
    const { verified, parsed } = await receive({ signing_secret: "shpss_x", preset: "shopify" }, headers, body);
    expect(verified).toEqual({ ok: true });
    expect(parsed).toMatchObject({ event_type: "orders/create", sender: "acme.myshopify.com", dedup_key: "e-1" });
  });

  it("generic-hmac: checks the configured header, encoding, prefix and timestamp, and the id header", async () => {
    const body = JSON.stringify({ type: "build.done", author: { name: "Ana" } });
    const layout = {
      signatureHeader: "x-sig",
      encoding: "base64",
      prefix: "sha256=",
      timestampHeader: "x-ts",
    } as const;
    const signed = signHmacSha256({ secret: "s3cret", body, ...layout });
    const headers = { ...signed, "x-request-id": "r-1" };
    const credentials = {
      signing_secret: "s3cret",
      preset: "generic-hmac",
      hmac_header: "X-Sig",
      hmac_encoding: "base64",
      hmac_prefix: "sha256=",
      hmac_timestamp_header: "x-ts",
      id_header: "X-Request-Id",
    };
    const { verified, parsed } = await receive(credentials, headers, body);
    expect(verified).toEqual({ ok: true });
    expect(parsed).toMatchObject({ event_type: "build.done", sender: "Ana", dedup_key: "r-1" });
    const hex = {
      "x-sig": `sha256=${createHmac("sha256", "s3cret").update(body).digest("hex")}`,
      "x-ts": signed["x-ts"] ?? "",
    };
    expect((await receive(credentials, hex, body)).verified).toMatchObject({ ok: false });
  });

  it("standard-webhooks stays the default: the preset left out or blank", async () => {
    const secret = whsec();
    const body = JSON.stringify({ sender: { login: "ana" }, message: "hi" });
    const headers = signStandardWebhook({ secret, body, id: "msg_7" });
    for (const preset of [undefined, " "]) {
      const credentials = preset === undefined ? { signing_secret: secret } : { signing_secret: secret, preset };
      const { verified, parsed } = await receive(credentials, headers, body);
      expect(verified).toEqual({ ok: true });
      expect(parsed).toMatchObject({ sender: "ana", dedup_key: "msg_7" });
    }
  });

  it("answers an unknown preset with ok false on verify-webhook and verify, and 400 naming the field on parse", async () => {
    const credentials = { signing_secret: "x", preset: "gitlab" };
    const { verified, parsed, status } = await receive(credentials, {}, "{}");
    expect(verified).toMatchObject({ ok: false, error: expect.stringContaining("preset must be one of") });
    expect(status).toBe(400);
    expect(JSON.stringify(parsed)).toContain("/credentials/preset");
    expect((await adapter.client.verify({ credentials })).body).toMatchObject({ ok: false });
  });

  it("refuses a blank secret and a bad generic-hmac field before checking any signature", async () => {
    const blank = await receive({ signing_secret: " ", preset: "github" }, {}, "{}");
    expect(blank.verified).toMatchObject({ ok: false, error: expect.stringContaining("signing_secret") });
    const encoding = { signing_secret: "s", preset: "generic-hmac", hmac_encoding: "base32" };
    expect((await adapter.client.verify({ credentials: encoding })).body).toMatchObject({
      ok: false,
      error: "hmac_encoding must be hex or base64",
    });
  });

  it("needs a whsec_ delivery secret to deliver under a sender preset, and says which field", async () => {
    const { status, body } = await adapter.client.deliver({
      credentials: { signing_secret: "gh-secret", preset: "github" },
      channel_address: "https://example.invalid/hook",
      message: { text: "hi" },
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("/credentials/delivery_signing_secret");
    const verified = await adapter.client.verify({ credentials: { signing_secret: "gh-secret", preset: "github" } });
    expect(verified.body).toMatchObject({ ok: true, user: expect.stringContaining("receives only") });
  });
});
