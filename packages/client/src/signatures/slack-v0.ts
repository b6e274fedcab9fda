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

/** Slack's signature header. */
export const SLACK_SIGNATURE_HEADER = "x-slack-signature";
/** Slack's timestamp header. */
export const SLACK_TIMESTAMP_HEADER = "x-slack-request-timestamp";

/** Options of {@link verifySlackV0} and {@link isValidSlackV0}. */
export interface VerifySlackV0Options extends VerifyOptionsBase {
  /** Largest accepted clock skew in seconds; default 300 (Slack's five minutes). */
  toleranceSeconds?: number;
}

/** Options of {@link signSlackV0}. */
export interface SignSlackV0Options {
  secret: SecretInput;
  body: RawBody;
  /** Unix seconds; defaults to the clock. */
  timestamp?: number;
  now?: () => number;
}

/**
 * Checks a Slack v0 request signature (`v0=hex(HMAC(secret, "v0:" + ts + ":" + body))`), throwing a coded `SignatureError`.
 * @example verifySlackV0({ secret: credentials.signing_secret, headers, body });
 */
export function verifySlackV0(options: VerifySlackV0Options): void {
  requireSecret(options.secret);
  const signature = requireHeader(options.headers, SLACK_SIGNATURE_HEADER);
  const timestamp = requireHeader(options.headers, SLACK_TIMESTAMP_HEADER);
  checkTimestamp(timestamp, {
    header: SLACK_TIMESTAMP_HEADER,
    toleranceSeconds: options.toleranceSeconds ?? 300,
    now: options.now ?? Date.now,
  });
  const [version, digest] = splitOnce(signature, "=");
  if (version !== "v0" || digest === undefined) {
    throw new SignatureError("malformed", `the ${SLACK_SIGNATURE_HEADER} header does not start with "v0="`);
  }
  const given = decodeDigest(digest, "hex", SLACK_SIGNATURE_HEADER);
  if (!safeEqual(given, hmacSha256(options.secret, `v0:${timestamp}:`, options.body))) {
    throw new SignatureError("mismatch", `the ${SLACK_SIGNATURE_HEADER} signature does not match the body`);
  }
}

/** Boolean twin of {@link verifySlackV0}. */
export const isValidSlackV0: (options: VerifySlackV0Options) => boolean = toIsValid(verifySlackV0);

/** Produces the two headers Slack sends with a signed request. */
export function signSlackV0(options: SignSlackV0Options): Record<string, string> {
  const timestamp = String(options.timestamp ?? unixSeconds(options.now));
  const digest = hmacSha256(options.secret, `v0:${timestamp}:`, options.body).toString("hex");
  return { [SLACK_SIGNATURE_HEADER]: `v0=${digest}`, [SLACK_TIMESTAMP_HEADER]: timestamp };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}
