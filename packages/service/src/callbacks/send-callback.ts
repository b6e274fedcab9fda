import { signRequest } from "@adapterkit/client";
import type { CallbackDeliveryRow } from "./callback-tables.ts";

/** How one attempt ended. */
export type AttemptOutcome =
  | { readonly kind: "delivered"; readonly status: number }
  | { readonly kind: "gone"; readonly status: 410 }
  | { readonly kind: "failed"; readonly status: number | null; readonly error: string }
  /** The service is stopping; the attempt does not count. */
  | { readonly kind: "aborted" };

/**
 * Makes one attempt: POSTs the stored payload signed with the organization's secrets (one signature each), the row's
 * webhook-id and the clock's timestamp. 2xx delivers, 410 stops, anything else (3xx included: redirects are not followed), an error
 * or the time-out fails.
 */
export async function sendCallback(
  row: Pick<CallbackDeliveryRow, "url" | "payload" | "webhook_id">,
  options: { secrets: readonly string[]; now: Date; timeoutMs: number; signal: AbortSignal },
): Promise<AttemptOutcome> {
  const headers = signRequest({
    secret: options.secrets,
    body: row.payload,
    id: row.webhook_id,
    timestampSeconds: Math.floor(options.now.getTime() / 1000),
  });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(row.url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "user-agent": "adapterkit-service" },
      body: row.payload,
      redirect: "manual",
      signal: AbortSignal.any([options.signal, timeout]),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { kind: "delivered", status: response.status };
    if (response.status === 410) return { kind: "gone", status: 410 };
    return { kind: "failed", status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    if (options.signal.aborted) return { kind: "aborted" };
    if (timeout.aborted) return { kind: "failed", status: null, error: `timed out after ${options.timeoutMs} ms` };
    return { kind: "failed", status: null, error: describeNetworkError(error) };
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === "string") return `network error ${cause.code}`;
  return error instanceof Error ? error.message : "network error";
}
