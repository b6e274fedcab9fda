import {
  type DeliverHandler,
  defineAdapter,
  type ParseInboundHandler,
  rawBodyOf,
  type VerifyHandler,
  type VerifyWebhookHandler,
  verifySlackV0,
} from "@adapterkit/sdk";
import type { Fixtures } from "../../src/fixtures/fixtures.ts";
import {
  botMarker,
  channelCredentials,
  channelManifest,
  formatUnchanged,
  incompleteMessage,
  isEventObject,
  PLATFORM_ROUTES,
  platformJson,
  postToPlatform,
  verdictOf,
  verifyOnPlatform,
} from "./channel-kit.ts";

/**
 * A Slack-style platform: Slack v0 signatures (`x-slack-signature` over `v0:timestamp:body`), events wrapped in
 * `event_callback`, and threads everywhere: a message in a thread carries its `thread_ts`, which becomes the parsed
 * `thread_id`, and a delivery into a thread posts `thread_ts`.
 */
const manifest = channelManifest("Corpus Slack v0", "slack-v0");

const verify: VerifyHandler<typeof manifest> = ({ credentials }, context) => verifyOnPlatform(credentials, context);

const verifyWebhook: VerifyWebhookHandler<typeof manifest> = (envelope) =>
  verdictOf(() =>
    verifySlackV0({
      secret: envelope.credentials.signing_secret,
      headers: envelope.headers,
      body: rawBodyOf(envelope),
    }),
  );

const parseInbound: ParseInboundHandler<typeof manifest> = (request) => {
  const body = platformJson(rawBodyOf(request));
  if (!isEventObject(body)) return { ignored: true, reason: "the platform body is not an event object" };
  if (body.type === "url_verification")
    return { challenge_response: typeof body.challenge === "string" ? body.challenge : null };
  const event = body.event;
  if (body.type !== "event_callback" || !isEventObject(event))
    return { ignored: true, reason: `${String(body.type)} carries no message` };
  if (event.type !== "message" || event.subtype !== undefined)
    return { ignored: true, reason: `${String(event.type)}/${String(event.subtype)} carries no new message` };
  const { user, text, thread_ts: thread } = event;
  if (typeof body.event_id !== "string" || typeof user !== "string" || typeof text !== "string")
    throw incompleteMessage("event_id, event.user and event.text strings");
  return {
    event_type: "message",
    sender: user,
    message: text,
    is_bot: event.bot_marker === botMarker(request.credentials.token, text),
    dedup_key: body.event_id,
    ...(typeof thread === "string" && thread !== "" ? { thread_id: thread } : {}),
    is_dm: event.channel_type === "im",
  };
};

const deliver: DeliverHandler<typeof manifest> = ({ credentials, channel_address, message }, context) =>
  postToPlatform({
    address: channel_address,
    token: credentials.token,
    payload: {
      text: message.text,
      ...(message.thread_id === undefined ? {} : { thread_ts: message.thread_id }),
      bot_marker: botMarker(credentials.token, message.text),
    },
    threadId: message.thread_id,
    context,
  });

export const slackV0Adapter = defineAdapter({
  manifest,
  verify,
  verifyWebhook,
  parseInbound,
  deliver,
  format: formatUnchanged,
});

const JSON_HEADERS = { "content-type": "application/json" };
const THREAD = "1700000000.000100";

/** A Slack-style event callback around one message event. */
function callback(event: Record<string, unknown>) {
  return { type: "event_callback", event_id: "Ev{{nonce}}", event: { type: "message", ...event } };
}

/** Its fixtures: Slack v0 signing, a message in a thread, the echoes from the delivery's thread. */
export const SLACK_V0_FIXTURES: Fixtures = {
  credentials: channelCredentials({
    good: "8f742231b10e8888abcd99yyyzzz85a5",
    other: "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
    bad: "ffffffffffffffffffffffffffffffff",
  }),
  channel_address: "{{platform_url}}/hooks/sandbox",
  platform: { routes: PLATFORM_ROUTES },
  inbound: {
    signing: { scheme: "slack-v0", secret: "{{credentials.good.signing_secret}}" },
    samples: [
      {
        name: "message",
        mode: "trigger",
        request: {
          method: "POST",
          path: "/",
          headers: JSON_HEADERS,
          body: callback({ user: "U0ALICE", text: "hello", thread_ts: THREAD, channel: "C0SANDBOX" }),
        },
        expect: {
          kind: "message",
          is_bot: false,
          sender: "U0ALICE",
          message: "hello",
          event_type: "message",
          thread_id: THREAD,
        },
      },
      {
        name: "handshake",
        request: {
          method: "POST",
          path: "/",
          headers: JSON_HEADERS,
          body: { type: "url_verification", challenge: "chal-abc123" },
        },
        expect: { kind: "handshake", challenge_response: "chal-abc123" },
      },
      {
        name: "edit",
        request: {
          method: "POST",
          path: "/",
          headers: JSON_HEADERS,
          body: callback({ subtype: "message_changed", user: "U0ALICE", text: "hello (edited)" }),
        },
        expect: { kind: "ignored" },
      },
    ],
    retry: { sample: "message", headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" } },
    content_sample: "message",
  },
  echo: {
    bot: {
      method: "POST",
      path: "/",
      headers: JSON_HEADERS,
      body: callback({
        user: "U0BOT",
        text: "{{delivery.json.text}}",
        thread_ts: "{{delivery.json.thread_ts}}",
        bot_marker: "{{delivery.json.bot_marker}}",
      }),
    },
    person: {
      method: "POST",
      path: "/",
      headers: JSON_HEADERS,
      body: callback({ user: "U0ALICE", text: "{{delivery.json.text}}", thread_ts: "{{delivery.json.thread_ts}}" }),
    },
  },
  deliver: { thread_pointer: "/thread_ts" },
  format: { samples: [{ text: "**bold** and `code`", expect: "**bold** and `code`" }] },
};
