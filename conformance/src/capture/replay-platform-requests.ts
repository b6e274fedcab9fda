import { createAdapterClient } from "@adapterkit/client";
import type { InboundMode } from "@adapterkit/contract";
import type { CapturedExchange } from "./captured-exchange.ts";
import type { PlatformRequest } from "./read-capture-file.ts";

/** Options of {@link replayPlatformRequests}. */
export interface ReplayOptions {
  readonly adapterUrl: string;
  readonly requests: readonly PlatformRequest[];
  /** Used for requests that carry no `credentials` of their own. */
  readonly credentials?: Readonly<Record<string, unknown>>;
  /** The adapter's D9 secret, when it checks the service's signatures. */
  readonly signingSecret?: string;
  /** The mode of requests that name none; default trigger. */
  readonly mode?: InboundMode;
  readonly onCapture?: (exchange: CapturedExchange, count: number) => void;
  /** A request the adapter did not parse: its 1-based number and why (no body or secret is quoted). */
  readonly onSkip?: (number: number, why: string) => void;
}

/**
 * Sends captured platform requests to the adapter's `/parse-inbound`, as the service would, and keeps each
 * exchange that got a valid answer. `/verify-webhook` is not asked: a captured signature is past its tolerance by
 * the time it is replayed, and the fixtures are signed afresh anyway.
 */
export async function replayPlatformRequests(options: ReplayOptions): Promise<CapturedExchange[]> {
  const client = createAdapterClient({
    baseUrl: options.adapterUrl,
    ...(options.signingSecret === undefined ? {} : { signingSecret: options.signingSecret }),
  });
  const exchanges: CapturedExchange[] = [];
  try {
    for (const [index, platform] of options.requests.entries()) {
      const credentials = platform.credentials ?? options.credentials;
      if (credentials === undefined) {
        options.onSkip?.(index + 1, "no credentials (give --base, or credentials on the line)");
        continue;
      }
      const { mode, credentials: _own, ...envelope } = platform;
      const request = { ...envelope, credentials: { ...credentials }, mode: mode ?? options.mode ?? "trigger" };
      const answer = await client.parseInbound(request);
      if (!answer.ok) {
        const status = "status" in answer.error ? ` ${answer.error.status}` : "";
        options.onSkip?.(index + 1, `parse-inbound failed: ${answer.error.kind}${status}`);
        continue;
      }
      const exchange = { request, answer: answer.value, at: new Date().toISOString() };
      exchanges.push(exchange);
      options.onCapture?.(exchange, exchanges.length);
    }
  } finally {
    await client.close();
  }
  return exchanges;
}
