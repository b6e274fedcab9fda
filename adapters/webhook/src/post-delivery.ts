/** How long a receiver may take; below the service's 10 s (D11) so a slow receiver still gets a D5 answer. */
export const DELIVERY_TIMEOUT_MS = 8_000;

/** Options of {@link postDelivery}. */
export interface PostDeliveryOptions {
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
 * retryable; any other answer (a redirect, a 4xx) is the receiver's refusal and is not.
 */
export async function postDelivery(options: PostDeliveryOptions): Promise<DeliveryResult> {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "adapterkit-webhook/0.1", ...options.headers },
      body: options.body,
      // A redirected POST would lose its body or change method; a receiver that moved must be reconfigured.
      redirect: "manual",
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted)
      return {
        ok: false,
        error: `request_timeout: the receiver did not answer within ${timeoutMs} ms`,
        retryable: true,
      };
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return {
      ok: false,
      error: `network_error: could not reach the receiver (${typeof code === "string" ? code : "failed"})`,
      retryable: true,
    };
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
