import { createAdapterClient } from "@adapterkit/client";
import type { InboundMode } from "@adapterkit/contract";
import { signStandardWebhook } from "@adapterkit/sdk";

/** One platform webhook as the service would pass it on (D2), signed by the platform with Standard Webhooks. */
export interface PlatformEvent {
  /** The adapter's URL the service calls (the capture proxy's, in capture tests). */
  readonly adapterUrl: string;
  /** The D9 secret the service signs its calls with. */
  readonly serviceSecret: string;
  readonly credentials: Readonly<Record<string, unknown>>;
  /** The platform's secret; unset sends the event unsigned. */
  readonly platformSecret?: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly mode?: InboundMode;
}

/**
 * Does what the service does with an inbound webhook (A9): `/verify-webhook`, then, when it verified,
 * `/parse-inbound`; answers the parse result, or throws saying which call failed.
 */
export async function sendPlatformEvent(event: PlatformEvent): Promise<unknown> {
  const client = createAdapterClient({ baseUrl: event.adapterUrl, signingSecret: event.serviceSecret });
  try {
    const signature =
      event.platformSecret === undefined ? {} : signStandardWebhook({ secret: event.platformSecret, body: event.body });
    const envelope = {
      credentials: { ...event.credentials },
      method: "POST",
      path: "/",
      query: {},
      headers: { "content-type": "application/json", ...event.headers, ...signature },
      body: event.body,
    };
    const verified = await client.verifyWebhook(envelope);
    if (!verified.ok || !verified.value.ok) throw new Error(`verify-webhook refused: ${JSON.stringify(verified)}`);
    const parsed = await client.parseInbound({ ...envelope, mode: event.mode ?? "trigger" });
    if (!parsed.ok) throw new Error(`parse-inbound failed: ${JSON.stringify(parsed.error)}`);
    return parsed.value;
  } finally {
    await client.close();
  }
}
