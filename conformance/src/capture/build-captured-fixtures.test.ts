import { signGithubSha256, signStandardWebhook } from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import { createRenderer } from "../fixtures/create-renderer.ts";
import type { Fixtures } from "../fixtures/fixtures.ts";
import { FixturesError } from "../fixtures/fixtures-error.ts";
import { buildCapturedFixtures } from "./build-captured-fixtures.ts";
import type { CapturedExchange } from "./captured-exchange.ts";

const SECRET = "whsec_Y2FwdHVyZS10ZXN0LXNpZ25pbmcta2V5LTE=";
const TOKEN = "xoxb-capture-test-token-4242";
const credentials = { signing_secret: SECRET, bot_token: TOKEN, api_url: "https://api.example.test", channel: "C1" };

function exchange(
  body: string,
  answer: object,
  options: {
    headers?: Record<string, string>;
    sign?: "standard" | "github" | "wrong" | "none";
    mode?: "front_desk";
  } = {},
): CapturedExchange {
  const sign = options.sign ?? "standard";
  const signature =
    sign === "none"
      ? {}
      : sign === "github"
        ? signGithubSha256({ secret: TOKEN, body })
        : signStandardWebhook({
            secret: sign === "wrong" ? "whsec_b3RoZXIta2V5LW5vdC1pbi1jcmVkZW50aWFscw==" : SECRET,
            body,
          });
  return {
    request: {
      credentials,
      method: "POST",
      path: "/events",
      query: {},
      headers: {
        "content-type": "application/json",
        host: "service.test",
        "content-length": "1",
        ...options.headers,
        ...signature,
      },
      body,
      mode: options.mode ?? "trigger",
    },
    answer,
    at: "2026-11-25T10:00:00.000Z",
  };
}

const message = (text: string, extra: object = {}) => ({
  event_type: "chat.message",
  sender: "ana",
  message: text,
  is_bot: false,
  ...extra,
});

describe("buildCapturedFixtures", () => {
  it("keeps the signing secret without a base, templates credential values and redacts other secrets", async () => {
    const body = JSON.stringify({ id: "ev_1001", token: TOKEN, user: "ana", text: "hi" });
    const { fixtures, review } = await buildCapturedFixtures([
      exchange(body, message("hi", { dedup_key: "ev_1001" }), {
        headers: { authorization: "Bearer platform-session-999", "x-api-key": TOKEN },
      }),
    ]);
    expect(fixtures.credentials.good).toEqual({
      signing_secret: SECRET,
      bot_token: "[REDACTED]",
      api_url: "https://api.example.test",
      channel: "C1",
    });
    expect(fixtures.credentials.bad).toEqual({
      signing_secret: "FILL_IN",
      bot_token: "FILL_IN",
      api_url: "FILL_IN",
      channel: "FILL_IN",
    });
    expect(fixtures.inbound?.signing).toEqual({
      scheme: "standard-webhooks",
      secret: "{{credentials.good.signing_secret}}",
    });
    const [sample] = fixtures.inbound?.samples ?? [];
    expect(sample?.request.headers).toEqual({
      "content-type": "application/json",
      authorization: "[REDACTED]",
      "x-api-key": "{{credentials.good.bot_token}}",
    });
    expect(sample?.request.body).toEqual({
      id: "ev_1001-{{nonce}}",
      token: "{{credentials.good.bot_token}}",
      user: "ana",
      text: "hi",
    });
    expect(sample?.expect).toEqual({
      kind: "message",
      event_type: "chat.message",
      sender: "ana",
      message: "hi",
      is_bot: false,
      dedup_key: "ev_1001-{{nonce}}",
    });
    const notes = review.join("\n");
    expect(notes).toContain("credentials.good.bot_token was redacted");
    expect(notes).toContain("header authorization was redacted");
    for (const secret of [SECRET, TOKEN, "platform-session-999"]) expect(notes).not.toContain(secret);
  });

  it("escapes captured {{ so that rendering gives back the bytes the platform sent", async () => {
    const text = "use {{name}} and {{{raw}}} here";
    const { fixtures } = await buildCapturedFixtures([exchange(JSON.stringify({ id: "ev_7", text }), message(text))]);
    const [sample] = fixtures.inbound?.samples ?? [];
    const renderer = createRenderer(() => ({}));
    expect(renderer.render(sample?.request.body, { nonce: "N" })).toEqual({ id: "ev_7-N", text });
    expect(renderer.render(sample?.expect.message)).toBe(text);
  });

  it("adds a {{content}} copy when the message text is the only identity, leaving the captured sample as it came", async () => {
    const { fixtures } = await buildCapturedFixtures([
      exchange(JSON.stringify({ user: "ana", text: "printer jam" }), message("printer jam")),
    ]);
    const [captured, copy] = fixtures.inbound?.samples ?? [];
    expect(captured?.request.body).toEqual({ user: "ana", text: "printer jam-{{nonce}}" });
    expect(copy?.name).toBe("captured 1: message chat.message (content)");
    expect(copy?.request.body).toEqual({ user: "ana", text: "{{content}}" });
    expect(copy?.expect.message).toBe("{{content}}");
    expect(fixtures.inbound?.content_sample).toBe(copy?.name);
    expect(fixtures.inbound?.retry?.sample).toBe(captured?.name);
  });

  it("gives a header identity its nonce, in the header and the dedup_key alike", async () => {
    const body = JSON.stringify({ action: "opened", sender: { login: "ana" } });
    const { fixtures } = await buildCapturedFixtures([
      exchange(body, message("opened", { dedup_key: "gh:72d3162e-cc78" }), {
        sign: "github",
        headers: { "x-github-delivery": "72d3162e-cc78" },
      }),
    ]);
    const [sample] = fixtures.inbound?.samples ?? [];
    expect(fixtures.inbound?.signing).toEqual({ scheme: "github-sha256", secret: "{{credentials.good.bot_token}}" });
    expect(sample?.request.headers?.["x-github-delivery"]).toBe("72d3162e-cc78-{{nonce}}");
    expect(sample?.request.headers).not.toHaveProperty("x-hub-signature-256");
    expect(sample?.expect.dedup_key).toBe("gh:72d3162e-cc78-{{nonce}}");
  });

  it("says what it could not fill in: an unknown signer, an unsigned request, a dedup_key from nowhere", async () => {
    const { fixtures, review } = await buildCapturedFixtures([
      exchange(JSON.stringify({ kind: "x" }), message("m", { dedup_key: "sha-0af3" }), { sign: "wrong" }),
      exchange(
        JSON.stringify({ type: "reaction_added", id: "ev_9" }),
        { ignored: true, reason: "reaction" },
        { sign: "none" },
      ),
    ]);
    const [signed, unsigned] = fixtures.inbound?.samples ?? [];
    expect(fixtures.inbound?.signing).toBeUndefined();
    expect(signed?.expect).not.toHaveProperty("dedup_key");
    expect(unsigned).toMatchObject({
      signed: false,
      expect: { kind: "ignored" },
      request: { body: { type: "reaction_added" } },
    });
    const notes = review.join("\n");
    expect(notes).toContain("no credential verifies the captured signatures");
    expect(notes).toContain("signed with standard-webhooks, but no credentials.good field verifies it");
    expect(notes).toContain("dedup_key is not a value of the request");
    expect(notes).toContain("captured 1: message chat.message: no event id found to give a {{nonce}}");
    expect(notes).toContain("captured 2: ignored: no signature header of a known scheme");
  });

  it("keeps everything but inbound.samples from a base, and refuses a base that breaks the schema", async () => {
    const base: Fixtures = {
      credentials: { good: { signing_secret: SECRET }, bad: { signing_secret: "whsec_#bad#" } },
      channel_address: "C0SANDBOX",
      inbound: {
        samples: [{ name: "hand-written", request: {}, expect: { kind: "ignored" } }],
        retry: { sample: "hand-written", headers: { "x-retry": "1" } },
      },
      performance: { p95_budget_ms: 700 },
    };
    const { fixtures } = await buildCapturedFixtures(
      [exchange(JSON.stringify({ id: "ev_1", text: "yo" }), message("yo"))],
      { base },
    );
    expect(fixtures).toMatchObject({
      channel_address: "C0SANDBOX",
      performance: { p95_budget_ms: 700 },
      credentials: base.credentials,
    });
    expect(fixtures.inbound?.samples.map((sample) => sample.name)).toEqual(["captured 1: message chat.message"]);
    expect(fixtures.inbound?.retry).toEqual({
      sample: "captured 1: message chat.message",
      headers: { "x-retry": "1" },
    });
    const broken = { ...base, channel_address: "" } as Fixtures;
    await expect(buildCapturedFixtures([exchange("{}", message("m"))], { base: broken })).rejects.toBeInstanceOf(
      FixturesError,
    );
  });
});
