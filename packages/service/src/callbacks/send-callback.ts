import { signRequest } from "@adapterkit/client";
import { request } from "undici";
import { isOutboundRefused, type OutboundGuard } from "../outbound/index.ts";
import type { CallbackDeliveryRow } from "./callback-tables.ts";

/** How one attempt ended. */
export type AttemptOutcome =
  | { readonly kind: "delivered"; readonly status: number }
  | { readonly kind: "gone"; readonly status: 410 }
  | { readonly kind: "failed"; readonly status: number | null; readonly error: string }
  /** The service is stopping; the attempt does not count. */
  | { readonly kind: "aborted" };

/** What an attempt needs besides its row. */
export interface SendCallbackOptions {
  readonly secrets: readonly string[];
  readonly now: Date;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** A15: the URL is checked, and the connection made, through it. */
  readonly outbound: OutboundGuard;
}

/**
 * Makes one attempt: POSTs the stored payload signed with the organization's secrets (one signature each), the row's
 * webhook-id and the clock's timestamp, through the outbound guard (A15). 2xx delivers, 410 stops, anything else
 * (3xx included: redirects are not followed), a refused address, an error or the time-out fails.
 */
export async function sendCallback(
  row: Pick<CallbackDeliveryRow, "url" | "payload" | "webhook_id">,
  options: SendCallbackOptions,
): Promise<AttemptOutcome> {
  const checked = options.outbound.checkUrl(row.url);
  if (!checked.ok) return { kind: "failed", status: null, error: `refused: callback_url ${checked.reason}` };
  const headers = signRequest({
    secret: options.secrets,
    body: row.payload,
    id: row.webhook_id,
    timestampSeconds: Math.floor(options.now.getTime() / 1000),
  });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await request(checked.url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "user-agent": "adapterkit-service" },
      body: row.payload,
      dispatcher: options.outbound.dispatcher,
      signal: AbortSignal.any([options.signal, timeout]),
    });
    await response.body.dump();
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { kind: "delivered", status };
    if (status === 410) return { kind: "gone", status: 410 };
    return { kind: "failed", status, error: `HTTP ${status}` };
  } catch (error) {
    if (options.signal.aborted) return { kind: "aborted" };
    if (timeout.aborted) return { kind: "failed", status: null, error: `timed out after ${options.timeoutMs} ms` };
    return { kind: "failed", status: null, error: describeNetworkError(error) };
  }
}

function describeNetworkError(error: unknown): string {
  if (isOutboundRefused(error)) return `refused: ${error instanceof Error ? error.message : "forbidden address"}`;
  const coded = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = coded?.cause?.code ?? coded?.code;
  if (typeof code === "string") return `network error ${code}`;
  return error instanceof Error ? error.message : "network error";
}
