import { SignatureError, toIsValid } from "./signature-error.ts";
import {
  checkTimestamp,
  decodeDigest,
  hmacSha256,
  type RawBody,
  requireHeader,
  requireSecret,
  type SecretInput,
  safeEqual,
  unixSeconds,
  type VerifyOptionsBase,
} from "./signature-parts.ts";

/** Stripe's signature header: `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=…]`. */
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

/** Options of {@link verifyStripeV1} and {@link isValidStripeV1}; the secret is the `whsec_…` text as Stripe shows it. */
export interface VerifyStripeV1Options extends VerifyOptionsBase {
  /** Largest accepted clock skew in seconds; default 300 (Stripe's libraries' default). */
  toleranceSeconds?: number;
}

/** Options of {@link signStripeV1}. */
export interface SignStripeV1Options {
  secret: SecretInput;
  body: RawBody;
  /** Unix seconds; defaults to the clock. */
  timestamp?: number;
  now?: () => number;
}

/**
 * Checks Stripe's `stripe-signature` (`v1` = hex HMAC-SHA256 of `${t}.${body}` under the `whsec_…` text), throwing a
 * coded `SignatureError`. Any one of several `v1` values may match (secret rotation); `v0` values are ignored.
 * @example verifyStripeV1({ secret: credentials.signing_secret, headers, body });
 */
export function verifyStripeV1(options: VerifyStripeV1Options): void {
  requireSecret(options.secret);
  const header = requireHeader(options.headers, STRIPE_SIGNATURE_HEADER);
  const { timestamp, signatures } = parseStripeHeader(header);
  if (timestamp === undefined) {
    throw new SignatureError("malformed", `the ${STRIPE_SIGNATURE_HEADER} header carries no "t=" timestamp`);
  }
  const candidates = signatures.flatMap((digest) => decodeOrSkip(digest));
  if (candidates.length === 0) {
    throw new SignatureError("malformed", `the ${STRIPE_SIGNATURE_HEADER} header carries no "v1=<hex>" signature`);
  }
  checkTimestamp(timestamp, {
    header: `${STRIPE_SIGNATURE_HEADER} t=`,
    toleranceSeconds: options.toleranceSeconds ?? 300,
    now: options.now ?? Date.now,
  });
  const expected = hmacSha256(options.secret, `${timestamp}.`, options.body);
  let matched = false;
  // Every candidate is compared, so timing does not reveal which entry matched.
  for (const candidate of candidates) matched = safeEqual(candidate, expected) || matched;
  if (!matched) throw new SignatureError("mismatch", `no ${STRIPE_SIGNATURE_HEADER} v1 signature matches the body`);
}

/** Boolean twin of {@link verifyStripeV1}. */
export const isValidStripeV1: (options: VerifyStripeV1Options) => boolean = toIsValid(verifyStripeV1);

/** Produces the header Stripe sends with a signed event (one `v1` value). */
export function signStripeV1(options: SignStripeV1Options): Record<string, string> {
  const timestamp = String(options.timestamp ?? unixSeconds(options.now));
  const digest = hmacSha256(options.secret, `${timestamp}.`, options.body).toString("hex");
  return { [STRIPE_SIGNATURE_HEADER]: `t=${timestamp},v1=${digest}` };
}

function parseStripeHeader(header: string): { timestamp: string | undefined; signatures: string[] } {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const item of header.split(",")) {
    const at = item.indexOf("=");
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1") signatures.push(value);
  }
  return { timestamp, signatures };
}

function decodeOrSkip(digest: string): Buffer[] {
  try {
    return [decodeDigest(digest, "hex", STRIPE_SIGNATURE_HEADER)];
  } catch {
    return [];
  }
}
