import { buildParseInboundRequest, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAdapter } from "../index.ts";
import type { chatManifest } from "../manifest.ts";

const CREDENTIALS = { token: "xoxb-test", signing_secret: "secret", bot_user_id: "U0BOT" };

let adapter: StartedAdapter<typeof chatManifest>;
beforeAll(async () => {
  adapter = await startAdapter(chatAdapter);
});
afterAll(() => adapter.close());

function callback(event: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    type: "event_callback",
    team_id: "T1",
    api_app_id: "A1",
    event_id: "Ev0001",
    event_time: 1700000000,
    event: {
      type: "message",
      channel: "C1",
      channel_type: "channel",
      user: "U0PERSON",
      ts: "1700000000.000100",
      text: "hello",
      ...event,
    },
    ...extra,
  };
}

async function parse(
  payload: unknown,
  options: { headers?: Record<string, string>; mode?: "trigger" | "front_desk" } = {},
) {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  return adapter.client.parseInbound({ ...buildParseInboundRequest({ body, ...options }), credentials: CREDENTIALS });
}

describe("POST /parse-inbound", () => {
  it("answers a url_verification with its challenge", async () => {
    const { status, body } = await parse({
      type: "url_verification",
      token: "t",
      challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
    });
    expect(status).toBe(200);
    expect(body).toEqual({ challenge_response: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
  });

  it("normalizes a channel message from a person", async () => {
    const { body } = await parse(callback({}));
    expect(body).toEqual({
      event_type: "message.received",
      sender: "U0PERSON",
      message: "hello",
      is_bot: false,
      dedup_key: "Ev0001",
      is_dm: false,
      metadata: { channel: "C1", ts: "1700000000.000100", channel_type: "channel", team_id: "T1", api_app_id: "A1" },
    });
  });

  it("marks a direct message and carries the thread", async () => {
    const { body } = await parse(callback({ channel_type: "im", thread_ts: "1699999999.000001" }), {
      mode: "front_desk",
    });
    expect(body).toMatchObject({ is_dm: true, thread_id: "1699999999.000001" });
  });

  it("keeps the event_id as dedup_key on a retry with retry headers", async () => {
    const first = await parse(callback({}));
    const retried = await parse(callback({}), {
      headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" },
    });
    const other = await parse(callback({}, { event_id: "Ev0002" }));
    expect(retried.body).toEqual(first.body);
    expect(other.body).toMatchObject({ dedup_key: "Ev0002" });
  });

  it.each([
    ["a bot_id", { bot_id: "B0BOT" }],
    ["subtype bot_message", { subtype: "bot_message", user: undefined, username: "notifier" }],
    ["the bot user id from the credentials", { user: "U0BOT" }],
  ])("flags a message with %s as the platform's own", async (_, event) => {
    const { body } = await parse(callback(event));
    expect(body).toMatchObject({ is_bot: true, message: "hello" });
  });

  it("flags a message from a bot user named in authorizations", async () => {
    const authorizations = [{ team_id: "T1", user_id: "U0APP", is_bot: true }];
    const { body } = await parse(callback({ user: "U0APP" }, { authorizations }));
    expect(body).toMatchObject({ is_bot: true });
  });

  it("does not flag a person named in a non-bot authorization", async () => {
    const authorizations = [{ team_id: "T1", user_id: "U0PERSON", is_bot: false }];
    const { body } = await parse(callback({}, { authorizations }));
    expect(body).toMatchObject({ is_bot: false, sender: "U0PERSON" });
  });

  it("passes text through byte for byte: HTML, Markdown, emoji, right-to-left and zero-width characters", async () => {
    const text = "<b>bold</b> **md** &amp; <@U1> 👩🏽‍💻 مرحبا ‏x​y\u200d\ufeff\n  trailing ";
    const { body } = await parse(callback({ text }));
    expect(body).toMatchObject({ message: text });
  });

  it.each([
    "message_changed",
    "message_deleted",
    "channel_join",
    "message_replied",
  ])("ignores a message with subtype %s", async (subtype) => {
    const { body } = await parse(callback({ subtype }));
    expect(body).toEqual({ ignored: true, reason: `message subtype ${subtype} carries no new message` });
  });

  it.each(["reaction_added", "app_mention", "member_joined_channel"])("ignores a %s event", async (type) => {
    const { body } = await parse(callback({ type }));
    expect(body).toEqual({ ignored: true, reason: `${type} events carry no message` });
  });

  it.each([
    ["no user, bot_id or username", { user: undefined }, "the message names no sender (user, bot_id or username)"],
    ["an empty user and nothing else", { user: "" }, "the message names no sender (user, bot_id or username)"],
    ["text that is a number", { text: 5 }, "the message carries no text"],
    ["no text", { text: undefined }, "the message carries no text"],
  ])("ignores a message with %s rather than send empty fields", async (_, event, reason) => {
    const { status, body } = await parse(callback(event));
    expect(status).toBe(200);
    expect(body).toEqual({ ignored: true, reason });
  });

  it("takes bot_id, then username, as the sender when there is no user", async () => {
    expect((await parse(callback({ user: undefined, bot_id: "B1", username: "ci" }))).body).toMatchObject({
      sender: "B1",
    });
    expect((await parse(callback({ user: undefined, username: "ci" }))).body).toMatchObject({ sender: "ci" });
  });

  it("ignores payloads other than event_callback and url_verification", async () => {
    const { body } = await parse({ type: "app_rate_limited", minute_rate_limited: 1 });
    expect(body).toEqual({ ignored: true, reason: "app_rate_limited payloads carry no message" });
  });

  it("answers 400 naming the body when it is not JSON", async () => {
    const { status, body } = await parse("payload=%7B%7D");
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/body", message: expect.any(String) }] });
  });

  it("answers 400 for a url_verification without a challenge", async () => {
    const { status } = await parse({ type: "url_verification" });
    expect(status).toBe(400);
  });
});
