import { defineManifest } from "@adapterkit/sdk";

/** The generic webhook adapter's manifest: any JSON in (Standard Webhooks), signed JSON out. */
export const webhookManifest = defineManifest({
  schema_version: "1.0",
  name: "Webhook",
  slug: "webhook",
  description:
    "Generic webhooks: receives any JSON verified with Standard Webhooks, and delivers signed JSON to a URL.",
  icon: "arrows-right-left",
  category: "connectivity",
  version: "0.1.0",
  capabilities: ["send", "receive"],
  credentials: [
    {
      key: "webhook_signing_secret",
      type: "text",
      label: "Inbound signing secret (whsec_… for Standard Webhooks; else the sender's own secret)",
      maps_to: "signing_secret",
    },
    {
      key: "webhook_options",
      type: "text",
      label: "Delivery and payload options",
      fields: [
        {
          name: "preset",
          label: "Sender preset: standard-webhooks (default), github, stripe, shopify or generic-hmac",
          optional: true,
        },
        {
          name: "delivery_signing_secret",
          label: "Signing secret for deliveries (whsec_…; default: the inbound secret)",
          secret: true,
          optional: true,
        },
        {
          name: "sender_path",
          label: "Sender path (JSON Pointer or dotted; default /sender, /from, /user, /author)",
          optional: true,
        },
        {
          name: "message_path",
          label: "Message path (default /message, /text, /body, /content; else the whole body)",
          optional: true,
        },
        {
          name: "event_type_path",
          label: "Event type path (default /type, /event; else webhook.received)",
          optional: true,
        },
        { name: "thread_id_path", label: "Thread path (default /thread_id)", optional: true },
        { name: "hmac_header", label: "generic-hmac: signature header (default x-signature)", optional: true },
        { name: "hmac_encoding", label: "generic-hmac: digest encoding, hex or base64 (default hex)", optional: true },
        { name: "hmac_prefix", label: "generic-hmac: text before the digest, e.g. sha256=", optional: true },
        {
          name: "hmac_timestamp_header",
          label: "generic-hmac: Unix-seconds timestamp header; when set the signed text is timestamp.body",
          optional: true,
        },
        { name: "id_header", label: "generic-hmac: header whose value retries share (dedup key)", optional: true },
      ],
    },
  ],
  setup_instructions: [
    "Generate a signing secret: whsec_ followed by 24–64 random bytes in base64 (for example `echo whsec_$(openssl rand -base64 32)`), and give it to the system that will post to this App.",
    "That system signs each request with Standard Webhooks (headers webhook-id, webhook-timestamp, webhook-signature) and sends JSON; the webhook-id is used to drop retried duplicates.",
    "To take deliveries as GitHub, Stripe or Shopify send them, set the preset to github, stripe or shopify and the inbound secret to the one you gave (GitHub) or were given (Stripe's whsec_…, Shopify's client secret); generic-hmac with its header fields takes any other HMAC-SHA256 sender. With a preset other than standard-webhooks, deliveries need the delivery signing secret.",
    "Optionally set a separate delivery signing secret for messages this App sends, and share it only with the receiving system, which verifies the same Standard Webhooks headers.",
    "If the JSON does not carry the sender and text at /sender and /message (or /from, /text…), set the sender and message paths, e.g. /data/author/name or data.author.name.",
    "Deliveries go to the channel address, which must be an http(s) URL; they carry an x-adapterkit-bot header and a bot_marker field, and anything echoed back with either is recognised as the App's own message.",
  ],
  author: { name: "adapterkit" },
});
