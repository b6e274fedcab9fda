import { isValidGithubSha256, signGithubSha256, verifyGithubSha256 } from "./github-sha256.ts";
import { type HmacSha256Config, isValidHmacSha256, signHmacSha256, verifyHmacSha256 } from "./hmac-sha256.ts";
import { isValidShopifySha256, signShopifySha256, verifyShopifySha256 } from "./shopify-sha256.ts";
import type { HeaderRecord, RawBody, SecretInput } from "./signature-parts.ts";
import { isValidSlackV0, signSlackV0, verifySlackV0 } from "./slack-v0.ts";
import { isValidStandardWebhook, signStandardWebhook, verifyStandardWebhook } from "./standard-webhooks.ts";
import { isValidStripeV1, signStripeV1, verifyStripeV1 } from "./stripe-v1.ts";

/** Names by which fixtures and the conformance runner refer to a signature scheme. */
export const SIGNATURE_SCHEME_NAMES = [
  "hmac-sha256",
  "slack-v0",
  "standard-webhooks",
  "github-sha256",
  "stripe-v1",
  "shopify-sha256",
] as const;

/** One of {@link SIGNATURE_SCHEME_NAMES}. */
export type SignatureSchemeName = (typeof SIGNATURE_SCHEME_NAMES)[number];

/** What any scheme needs to sign a body; fields a scheme does not use (`id`, `timestamp`) are ignored. */
export interface SchemeSignOptions {
  secret: SecretInput;
  body: RawBody;
  /** Unix seconds; defaults to the clock for schemes that sign a timestamp. */
  timestamp?: number;
  /** Message id, for schemes that sign one. */
  id?: string;
  now?: () => number;
}

/** What any scheme needs to check a request. */
export interface SchemeVerifyOptions {
  secret: SecretInput;
  headers: HeaderRecord;
  body: RawBody;
  now?: () => number;
  /** Overrides the scheme's clock-skew tolerance in seconds (schemes without a timestamp ignore it). */
  toleranceSeconds?: number;
}

/** A signature scheme behind one uniform interface. */
export interface SignatureScheme {
  readonly name: string;
  /** Returns the headers a sender attaches. */
  sign(options: SchemeSignOptions): Record<string, string>;
  /** Throws a `SignatureError` saying why the request is not validly signed. */
  verify(options: SchemeVerifyOptions): void;
  /** `true` when `verify` would not throw. */
  isValid(options: SchemeVerifyOptions): boolean;
}

/** Builds the generic HMAC-SHA256 scheme for one platform's header names, encoding and timestamp use. */
export function createHmacSha256Scheme(config: HmacSha256Config = {}): SignatureScheme {
  return {
    name: "hmac-sha256",
    sign: (options) => signHmacSha256({ ...config, ...options }),
    verify: (options) => verifyHmacSha256({ ...config, ...options }),
    isValid: (options) => isValidHmacSha256({ ...config, ...options }),
  };
}

/**
 * Every built-in scheme by name; `hmac-sha256` uses its defaults (hex in `x-signature`, no timestamp).
 * @example SIGNATURE_SCHEMES["slack-v0"].isValid({ secret, headers, body });
 */
export const SIGNATURE_SCHEMES: Readonly<Record<SignatureSchemeName, SignatureScheme>> = {
  "hmac-sha256": createHmacSha256Scheme(),
  "slack-v0": {
    name: "slack-v0",
    sign: signSlackV0,
    verify: verifySlackV0,
    isValid: isValidSlackV0,
  },
  "standard-webhooks": {
    name: "standard-webhooks",
    sign: signStandardWebhook,
    verify: verifyStandardWebhook,
    isValid: isValidStandardWebhook,
  },
  "github-sha256": {
    name: "github-sha256",
    sign: signGithubSha256,
    verify: verifyGithubSha256,
    isValid: isValidGithubSha256,
  },
  "stripe-v1": {
    name: "stripe-v1",
    sign: signStripeV1,
    verify: verifyStripeV1,
    isValid: isValidStripeV1,
  },
  "shopify-sha256": {
    name: "shopify-sha256",
    sign: signShopifySha256,
    verify: verifyShopifySha256,
    isValid: isValidShopifySha256,
  },
};

/** Narrows a string (from a fixtures file, say) to a known scheme name. */
export function isSignatureSchemeName(name: string): name is SignatureSchemeName {
  return (SIGNATURE_SCHEME_NAMES as readonly string[]).includes(name);
}
