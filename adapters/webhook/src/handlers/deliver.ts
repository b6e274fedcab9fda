import { randomBytes } from "node:crypto";
import { AdapterHttpError, BOT_MARKER_HEADER, type DeliverHandler, signStandardWebhook } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { BOT_MARKER_FIELD, stampDelivery } from "../own-delivery.ts";
import { postDelivery } from "../post-delivery.ts";
import { checkSigningSecret } from "../signing-secret.ts";

/**
 * `POST /deliver`: POSTs `{ message, thread_id?, bot_marker }` as JSON to `channel_address` (an http(s) URL),
 * signed with Standard Webhooks and stamped with the bot marker (field and `x-adapterkit-bot` header).
 * `message_id` is the delivery's `webhook-id`. An address that is not an http(s) URL, or that carries a user name or
 * password, is 400 naming `/channel_address`.
 */
export const deliver: DeliverHandler<typeof webhookManifest> = async (request, context) => {
  const { credentials, message } = request;
  const url = checkAddress(request.channel_address);
  // A sender's own secret (GitHub's, Stripe's…) is no Standard Webhooks key: those presets need a delivery secret.
  const ownsSecret = !credentials.preset?.trim() || credentials.preset.trim() === "standard-webhooks";
  const field = credentials.delivery_signing_secret || !ownsSecret ? "delivery_signing_secret" : "signing_secret";
  const secret = checkSigningSecret(credentials[field], field);
  if (!secret.ok) throw invalid(`/credentials/${field}`, secret.error);
  const id = `msg_${randomBytes(18).toString("base64url")}`;
  const marker = stampDelivery(credentials, id);
  const body = JSON.stringify({
    message: message.text,
    ...(message.thread_id === undefined ? {} : { thread_id: message.thread_id }),
    [BOT_MARKER_FIELD]: marker,
  });
  const headers = { ...signStandardWebhook({ secret: secret.secret, body, id }), [BOT_MARKER_HEADER]: marker };
  const result = await postDelivery({ url, body, headers, signal: context.signal, outbound: context.outbound });
  if (!result.ok) return result;
  return { ok: true, message_id: id, ...(message.thread_id === undefined ? {} : { thread_id: message.thread_id }) };
};

function checkAddress(address: string): URL {
  const url = URL.canParse(address) ? new URL(address) : undefined;
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw invalid("/channel_address", "channel_address must be an http(s) URL to deliver to");
  }
  // A password in the address would travel in every delivery's Authorization header and in error texts.
  if (url.username !== "" || url.password !== "") {
    throw invalid("/channel_address", "channel_address must not carry a user name or password (user:pass@)");
  }
  return url;
}

function invalid(path: string, message: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", message, { issues: [{ path, message }] });
}
