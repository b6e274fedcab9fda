import { signRequest } from "@adapterkit/client";
import { ATTEMPT_EXCERPT_BYTES, type AttemptErrorClass } from "@adapterkit/contract";
import { request } from "undici";
import { isOutboundRefused, type OutboundGuard } from "../outbound/index.ts";
import { type ResponseExcerpt, toResponseExcerpt } from "../outbound-records/to-response-excerpt.ts";
import type { CallbackDeliveryRow } from "./callback-tables.ts";

/** How one attempt ended; `response` is the answer's bounded, redacted excerpt for its record (D511). */
export type AttemptOutcome =
  | { readonly kind: "delivered"; readonly status: number; readonly response?: ResponseExcerpt }
  | { readonly kind: "gone"; readonly status: 410; readonly response?: ResponseExcerpt }
  | {
      readonly kind: "failed";
      readonly status: number | null;
      readonly error: string;
      readonly errorClass?: AttemptErrorClass;
      readonly response?: ResponseExcerpt;
    }
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
  if (!checked.ok) {
    return {
      kind: "failed",
      status: null,
      error: `refused: callback_url ${checked.reason}`,
      errorClass: "refused_by_guard",
    };
  }
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
    const answer = toResponseExcerpt(await readHead(response.body));
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { kind: "delivered", status, response: answer };
    if (status === 410) return { kind: "gone", status: 410, response: answer };
    return { kind: "failed", status, error: `HTTP ${status}`, errorClass: "http_status", response: answer };
  } catch (error) {
    if (options.signal.aborted) return { kind: "aborted" };
    if (timeout.aborted) {
      return { kind: "failed", status: null, error: `timed out after ${options.timeoutMs} ms`, errorClass: "timeout" };
    }
    const errorClass = isOutboundRefused(error) ? "refused_by_guard" : "network_error";
    return { kind: "failed", status: null, error: describeNetworkError(error), errorClass };
  }
}

/** The answer's first bytes, one more than an excerpt keeps (so it knows it was cut); the rest is not read. */
async function readHead(body: AsyncIterable<Uint8Array> & { destroy(): unknown }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    length += chunk.length;
    if (length > ATTEMPT_EXCERPT_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, ATTEMPT_EXCERPT_BYTES + 1);
}

function describeNetworkError(error: unknown): string {
  if (isOutboundRefused(error)) return `refused: ${error instanceof Error ? error.message : "forbidden address"}`;
  const coded = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = coded?.cause?.code ?? coded?.code;
  if (typeof code === "string") return `network error ${code}`;
  return error instanceof Error ? error.message : "network error";
}
