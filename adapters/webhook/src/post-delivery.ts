import { OUTBOUND_UNREACHABLE, type OutboundPath } from "@adapterkit/sdk";

/** How long a receiver may take; below the service's 10 s (D11) so a slow receiver still gets a D5 answer. */
export const DELIVERY_TIMEOUT_MS = 8_000;

/** Options of {@link postDelivery}. */
export interface PostDeliveryOptions {
  /** The handler's `context.outbound` (architecture.md#a18): the address comes from tenant data, an event's sender. */
  outbound: OutboundPath;
  url: URL;
  body: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Delivered, or refused with whether a retry may help (D5). */
export type DeliveryResult = { ok: true } | { ok: false; error: string; retryable: boolean };

/**
 * POSTs one signed delivery. 2xx is delivered; 408, 429, 5xx, a time-out or a network failure may pass and are
 * retryable; any other answer (a redirect, a 4xx) is the receiver's refusal and is not. A time-out, a network failure
 * and the guard's refusal are one sentence, so that a delivery address cannot be used to scan a network.
 */
export async function postDelivery(options: PostDeliveryOptions): Promise<DeliveryResult> {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await options.outbound.fetch(options.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "adapterkit-webhook/0.1", ...options.headers },
      body: options.body,
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch {
    // The outbound path logged the cause; a redirect is never followed (a receiver that moved must be reconfigured).
    return { ok: false, error: `network_error: ${OUTBOUND_UNREACHABLE}`, retryable: true };
  }
  await response.body?.cancel().catch(() => {});
  if (response.ok) return { ok: true };
  const { status } = response;
  return {
    ok: false,
    error: `http_${status}: the receiver answered ${status}`,
    retryable: status === 408 || status === 429 || status >= 500,
  };
}
