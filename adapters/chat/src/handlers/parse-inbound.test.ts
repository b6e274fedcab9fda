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

  it.each([
    ["1", "http_timeout"],
    ["2", "http_error"],
    ["3", "too_many_requests"],
  ])("answers retry %s (%s) of an event exactly as the first delivery, same dedup_key", async (num, reason) => {
    const first = await parse(callback({}));
    const retried = await parse(callback({}), {
      headers: { "x-slack-retry-num": num, "x-slack-retry-reason": reason },
    });
    const other = await parse(callback({}, { event_id: "Ev0002" }));
    expect(retried.body).toEqual(first.body);
    expect(retried.body).toMatchObject({ dedup_key: "Ev0001" });
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
    ["message_changed", "is an edit of an earlier message, not a new message"],
    ["message_deleted", "is the deletion of a message, not a new message"],
    ["channel_join", "is someone joining the channel, not a new message"],
    ["group_join", "is someone joining the private channel, not a new message"],
    ["channel_leave", "is someone leaving the channel, not a new message"],
    ["message_replied", "is a thread's reply count changing, not a new message"],
    ["ekm_access_denied", "carries no new message"],
  ])("ignores a message with subtype %s and says why", async (subtype, why) => {
    const { body } = await parse(callback({ subtype }));
    expect(body).toEqual({ ignored: true, reason: `message subtype ${subtype} ${why}` });
  });

  it("ignores Slack's message_changed as sent, its edited text nested under message", async () => {
    const event = {
      type: "message",
      subtype: "message_changed",
      hidden: true,
      channel: "C1",
      ts: "1700000001.000200",
      event_ts: "1700000001.000200",
      message: { type: "message", user: "U0PERSON", text: "hello (edited)", ts: "1700000000.000100" },
      previous_message: { type: "message", user: "U0PERSON", text: "hello", ts: "1700000000.000100" },
    };
    const { body } = await parse({ ...callback({}), event });
    expect(body).toEqual({
      ignored: true,
      reason: "message subtype message_changed is an edit of an earlier message, not a new message",
    });
  });

  it("ignores Slack's message_deleted as sent, which names no user and no text", async () => {
    const event = {
      type: "message",
      subtype: "message_deleted",
      hidden: true,
      channel: "C1",
      ts: "1700000002.000300",
      deleted_ts: "1700000000.000100",
      previous_message: { type: "message", user: "U0PERSON", text: "hello", ts: "1700000000.000100" },
    };
    const { body } = await parse({ ...callback({}), event });
    expect(body).toEqual({
      ignored: true,
      reason: "message subtype message_deleted is the deletion of a message, not a new message",
    });
  });

  it.each([
    ["member_joined_channel", "member_joined_channel events are someone joining a channel, not a message"],
    ["reaction_added", "reaction_added events are a reaction, not a message"],
    ["team_join", "team_join events carry no message"],
  ])("ignores a %s event and says why", async (type, reason) => {
    const { body } = await parse(callback({ type }));
    expect(body).toEqual({ ignored: true, reason });
  });

  it("takes an app_mention as an event type of its own, mention.received", async () => {
    const event = {
      type: "app_mention",
      user: "U0PERSON",
      text: "<@U0BOT> is the build green?",
      ts: "1700000003.000400",
      channel: "C1",
      event_ts: "1700000003.000400",
    };
    const { body } = await parse({ ...callback({}), event_id: "Ev0MENTION", event });
    expect(body).toEqual({
      event_type: "mention.received",
      sender: "U0PERSON",
      message: "<@U0BOT> is the build green?",
      is_bot: false,
      dedup_key: "Ev0MENTION",
      is_dm: false,
      metadata: { channel: "C1", ts: "1700000003.000400", team_id: "T1", api_app_id: "A1" },
    });
  });

  it("carries an app_mention made in a thread into that thread", async () => {
    const { body } = await parse(callback({ type: "app_mention", thread_ts: "1699999999.000001" }));
    expect(body).toMatchObject({ event_type: "mention.received", thread_id: "1699999999.000001" });
  });

  it("takes another app's bot_message, which has a bot_id and username but no user, as a bot's message", async () => {
    const event = {
      type: "message",
      subtype: "bot_message",
      text: "Deploy finished",
      ts: "1700000004.000500",
      username: "deploy-bot",
      bot_id: "B0DEPLOY",
      app_id: "A0DEPLOY",
      channel: "C1",
      channel_type: "channel",
    };
    const { body } = await parse({ ...callback({}), event });
    expect(body).toMatchObject({
      event_type: "message.received",
      sender: "B0DEPLOY",
      message: "Deploy finished",
      is_bot: true,
      metadata: expect.objectContaining({ subtype: "bot_message" }),
    });
  });

  it("takes a thread_broadcast as a message in its thread", async () => {
    const event = {
      type: "message",
      subtype: "thread_broadcast",
      user: "U0PERSON",
      text: "also posting this to the channel",
      ts: "1700000005.000600",
      thread_ts: "1700000000.000100",
      root: { type: "message", user: "U0OTHER", text: "the question", ts: "1700000000.000100" },
      channel: "C1",
      channel_type: "channel",
    };
    const { body } = await parse({ ...callback({}), event });
    expect(body).toMatchObject({
      sender: "U0PERSON",
      message: "also posting this to the channel",
      thread_id: "1700000000.000100",
      is_bot: false,
      metadata: expect.objectContaining({ subtype: "thread_broadcast", ts: "1700000005.000600" }),
    });
  });

  it("takes a file_share with its text and names its files' ids", async () => {
    const files = [
      { id: "F0REPORT", name: "report, final.pdf", mimetype: "application/pdf", url_private: "https://files.test/1" },
      { id: "F0CHART", name: "chart.png", mimetype: "image/png", url_private: "https://files.test/2" },
    ];
    const event = {
      type: "message",
      subtype: "file_share",
      user: "U0PERSON",
      text: "here is the report",
      files,
      upload: false,
      ts: "1700000006.000700",
      channel: "C1",
      channel_type: "channel",
    };
    const { body } = await parse({ ...callback({}), event });
    expect(body).toMatchObject({
      sender: "U0PERSON",
      message: "here is the report",
      is_bot: false,
      metadata: expect.objectContaining({ subtype: "file_share", file_ids: "F0REPORT,F0CHART" }),
    });
  });

  it("takes a file_share without a comment as a message with empty text", async () => {
    const { body } = await parse(callback({ subtype: "file_share", text: "", files: [{ id: "F1" }, "junk", null] }));
    expect(body).toMatchObject({ message: "", metadata: expect.objectContaining({ file_ids: "F1" }) });
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
