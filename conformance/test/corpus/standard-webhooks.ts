import {
  type DeliverHandler,
  defineAdapter,
  type ParseInboundHandler,
  rawBodyOf,
  type VerifyHandler,
  type VerifyWebhookHandler,
  verifyStandardWebhook,
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
 * A generic platform that signs its webhooks with Standard Webhooks and has no threads: its events carry no thread
 * id, so parsed messages have none (the field is optional); a delivery into a thread still names it.
 */
const manifest = channelManifest("Corpus Standard Webhooks", "standard-webhooks");

const verify: VerifyHandler<typeof manifest> = ({ credentials }, context) => verifyOnPlatform(credentials, context);

const verifyWebhook: VerifyWebhookHandler<typeof manifest> = (envelope) =>
  verdictOf(() =>
    verifyStandardWebhook({
      secret: envelope.credentials.signing_secret,
      headers: envelope.headers,
      body: rawBodyOf(envelope),
    }),
  );

const parseInbound: ParseInboundHandler<typeof manifest> = (request) => {
  const event = platformJson(rawBodyOf(request));
  if (!isEventObject(event)) return { ignored: true, reason: "the platform body is not an event object" };
  if (event.type === "url_verification")
    return { challenge_response: typeof event.challenge === "string" ? event.challenge : null };
  if (event.type !== "message")
    return { ignored: true, reason: `events of type ${String(event.type)} carry no message` };
  const { id, sender, text } = event;
  if (typeof id !== "string" || typeof sender !== "string" || typeof text !== "string")
    throw incompleteMessage("id, sender and text strings");
  return {
    event_type: "message.received",
    sender,
    message: text,
    is_bot: event.bot_marker === botMarker(request.credentials.token, text),
    dedup_key: id,
    is_dm: event.is_dm === true,
  };
};

const deliver: DeliverHandler<typeof manifest> = ({ credentials, channel_address, message }, context) =>
  postToPlatform({
    address: channel_address,
    token: credentials.token,
    payload: {
      text: message.text,
      ...(message.thread_id === undefined ? {} : { thread_id: message.thread_id }),
      bot_marker: botMarker(credentials.token, message.text),
    },
    threadId: message.thread_id,
    context,
  });

/** Its handlers, which another corpus style serves under a manifest of its own. */
export const STANDARD_WEBHOOKS_HANDLERS = { verify, verifyWebhook, parseInbound, deliver, format: formatUnchanged };

export const standardWebhooksAdapter = defineAdapter({ manifest, ...STANDARD_WEBHOOKS_HANDLERS });

const JSON_HEADERS = { "content-type": "application/json" };

/** Its fixtures: the platform signs with Standard Webhooks; no sample or echo carries a thread id. */
export const STANDARD_WEBHOOKS_FIXTURES: Fixtures = {
  credentials: channelCredentials({
    good: "whsec_3BLnv1SEHDhSoPLaENTC4lNr25KHgkm9",
    other: "whsec_QPcozT6Eb+H9dE42xsByU54W4XlOdmdC",
    bad: "whsec_W+yiLSW7cLZPnOCisa6TaZ8iqf4dLg4g",
  }),
  channel_address: "{{platform_url}}/hooks/sandbox",
  platform: { routes: PLATFORM_ROUTES },
  inbound: {
    signing: { scheme: "standard-webhooks", secret: "{{credentials.good.signing_secret}}" },
    samples: [
      {
        name: "message",
        mode: "trigger",
        request: {
          method: "POST",
          path: "/",
          headers: JSON_HEADERS,
          body: { type: "message", id: "evt_{{nonce}}", sender: "alice", text: "hello" },
        },
        expect: { kind: "message", is_bot: false, sender: "alice", message: "hello", event_type: "message.received" },
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
          body: { type: "message_changed", id: "evt_{{nonce}}", sender: "alice", text: "hello (edited)" },
        },
        expect: { kind: "ignored" },
      },
    ],
    retry: { sample: "message" },
    content_sample: "message",
  },
  echo: {
    bot: {
      method: "POST",
      path: "/",
      headers: JSON_HEADERS,
      body: {
        type: "message",
        id: "evt_{{nonce}}",
        sender: "corpus-bot",
        text: "{{delivery.json.text}}",
        bot_marker: "{{delivery.json.bot_marker}}",
      },
    },
    person: {
      method: "POST",
      path: "/",
      headers: JSON_HEADERS,
      body: { type: "message", id: "evt_{{nonce}}", sender: "alice", text: "{{delivery.json.text}}" },
    },
  },
  deliver: { thread_pointer: "/thread_id" },
  format: { samples: [{ text: "**bold** and `code`", expect: "**bold** and `code`" }] },
};
