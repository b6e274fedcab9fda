import { isDeepStrictEqual } from "node:util";
import type { ConformanceContext, RenderedRequest } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import type { PreparedInbound } from "../parse-inbound/prepare-request.ts";
import { otherSecretLike } from "../verify-webhook/rejects-wrong-secret.ts";
import { tamperOneByte } from "../verify-webhook/tamper-one-byte.ts";

/** One way a sample reaches the adapter: as the platform signs it, or signed wrongly in one way. */
export interface SignatureCase {
  readonly name: string;
  readonly request: RenderedRequest;
  readonly signature: Readonly<Record<string, string>>;
}

/** Ten minutes: as `verify-webhook.rejects-stale-timestamp`. */
const STALE_SECONDS = 600;

/**
 * The signature cases the verify-webhook checks build, for one prepared sample: as sent (valid, or unsigned for an
 * unsigned sample) and, for a signed sample, without its signature headers, signed with another secret, signed for
 * a ten-minute-old timestamp (when the scheme signs one) and with one byte of the body changed.
 */
export function signatureCases(
  ctx: ConformanceContext,
  sample: InboundSample,
  prepared: PreparedInbound,
): SignatureCase[] {
  const { request, signature, nonce } = prepared;
  const cases: SignatureCase[] = [{ name: "as the platform sends it", request, signature }];
  const secret = ctx.fixtures.inbound?.signing?.secret;
  if (secret === undefined || sample.signed === false) return cases;
  cases.push({ name: "without its signature headers", request, signature: {} });
  cases.push({
    name: "signed with another secret",
    request,
    signature: ctx.sign(request, { secret: otherSecretLike(secret) }),
  });
  const now = Math.floor(Date.now() / 1000);
  const stale = ctx.sign(request, { id: `msg_${nonce}`, timestamp: now - STALE_SECONDS });
  if (!isDeepStrictEqual(stale, ctx.sign(request, { id: `msg_${nonce}`, timestamp: now }))) {
    cases.push({ name: "signed for a ten-minute-old timestamp", request, signature: stale });
  }
  cases.push({ name: "with one byte of the body changed", request: tamperOneByte(request, nonce), signature });
  return cases;
}
