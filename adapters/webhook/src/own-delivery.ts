import { hasBotMarker, hasBotMarkerHeader, stampBotMarker } from "@adapterkit/sdk";

/** The JSON field of a delivery that carries the bot marker, beside the `x-adapterkit-bot` header. */
export const BOT_MARKER_FIELD = "bot_marker";

type Credentials = { readonly signing_secret: string; readonly delivery_signing_secret?: string | undefined };

// Only the secrets key the marker: changing a payload path must not make the App's own echoes look human.
function markerCredentials(credentials: Credentials): Record<string, string> {
  const { signing_secret: signingSecret, delivery_signing_secret: deliverySecret } = credentials;
  return deliverySecret
    ? { signing_secret: signingSecret, delivery_signing_secret: deliverySecret }
    : { signing_secret: signingSecret };
}

/** A stateless marker for one delivery (its id is the delivery's `webhook-id`), forgeable only with the secrets. */
export function stampDelivery(credentials: Credentials, id: string): string {
  return stampBotMarker({ credentials: markerCredentials(credentials), id });
}

/**
 * Whether an inbound request is this App's own delivery coming back: a valid marker in the `x-adapterkit-bot`
 * header (a relay that keeps headers) or in the body's `bot_marker` field (one that re-posts the body).
 */
export function isOwnDelivery(
  headers: Readonly<Record<string, string>>,
  document: unknown,
  credentials: Credentials,
): boolean {
  const options = { credentials: markerCredentials(credentials) };
  if (hasBotMarkerHeader(headers, options)) return true;
  const field =
    typeof document === "object" && document !== null
      ? (document as Record<string, unknown>)[BOT_MARKER_FIELD]
      : undefined;
  return typeof field === "string" && hasBotMarker(field, options);
}
