import type { ConformanceContext } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import type { PreparedInbound } from "./prepare-request.ts";
import { prepareSample } from "./prepare-sample.ts";

/** How much older than the retry the first delivery is signed, in seconds (both well inside any tolerance). */
const RETRY_DELAY_SECONDS = 30;

/** A first delivery of a sample, and its retry's fresh signature and the fixtures' retry headers. */
export interface PreparedRetry {
  readonly first: PreparedInbound;
  readonly signature: PreparedInbound["signature"];
  readonly retryHeaders: Readonly<Record<string, string>>;
}

/**
 * One event as a platform sends it and then retries it: the same bytes, the first signed RETRY_DELAY_SECONDS
 * earlier, the retry signed now with the same message id (as Standard Webhooks retries) and the fixtures' retry
 * headers added.
 */
export function prepareRetry(
  ctx: ConformanceContext,
  sample: InboundSample,
  headers: Readonly<Record<string, string>> | undefined,
): PreparedRetry {
  const nonce = ctx.nonce();
  const id = `msg_${nonce}`;
  const now = Math.floor(Date.now() / 1000);
  const first = prepareSample(ctx, sample, { nonce, sign: { id, timestamp: now - RETRY_DELAY_SECONDS } });
  const signature = sample.signed === false ? {} : ctx.sign(first.request, { id, timestamp: now });
  return { first, signature, retryHeaders: ctx.render(headers ?? {}, { nonce }) };
}
