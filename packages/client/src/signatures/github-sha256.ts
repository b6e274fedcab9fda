import { SignatureError, toIsValid } from "./signature-error.ts";
import {
  decodeDigest,
  hmacSha256,
  type RawBody,
  requireHeader,
  requireSecret,
  type SecretInput,
  safeEqual,
  type VerifyOptionsBase,
} from "./signature-parts.ts";

/** GitHub's SHA-256 signature header. */
export const GITHUB_SIGNATURE_HEADER = "x-hub-signature-256";

/** Options of {@link verifyGithubSha256} and {@link isValidGithubSha256}; GitHub signs no timestamp, so `now` is unused. */
export type VerifyGithubSha256Options = VerifyOptionsBase;

/**
 * Checks GitHub's `x-hub-signature-256: sha256=<hex>` over the raw body, throwing a coded `SignatureError`.
 * @example verifyGithubSha256({ secret: credentials.webhook_secret, headers, body });
 */
export function verifyGithubSha256(options: VerifyGithubSha256Options): void {
  requireSecret(options.secret);
  const signature = requireHeader(options.headers, GITHUB_SIGNATURE_HEADER);
  if (!signature.startsWith("sha256=")) {
    throw new SignatureError("malformed", `the ${GITHUB_SIGNATURE_HEADER} header does not start with "sha256="`);
  }
  const given = decodeDigest(signature.slice("sha256=".length), "hex", GITHUB_SIGNATURE_HEADER);
  if (!safeEqual(given, hmacSha256(options.secret, options.body))) {
    throw new SignatureError("mismatch", `the ${GITHUB_SIGNATURE_HEADER} signature does not match the body`);
  }
}

/** Boolean twin of {@link verifyGithubSha256}. */
export const isValidGithubSha256: (options: VerifyGithubSha256Options) => boolean = toIsValid(verifyGithubSha256);

/** Produces the header GitHub sends with a signed delivery. */
export function signGithubSha256(options: { secret: SecretInput; body: RawBody }): Record<string, string> {
  return { [GITHUB_SIGNATURE_HEADER]: `sha256=${hmacSha256(options.secret, options.body).toString("hex")}` };
}
