import { createHmac, timingSafeEqual } from "node:crypto";

/** Every reason a callback signature check fails. */
export const CALLBACK_SIGNATURE_ERRORS = ["missing_header", "malformed", "stale_timestamp", "mismatch"] as const;

/** One of {@link CALLBACK_SIGNATURE_ERRORS}. */
export type CallbackSignatureErrorCode = (typeof CALLBACK_SIGNATURE_ERRORS)[number];

/** Thrown by {@link verifyCallbackSignature}; `code` says which check failed. */
export class CallbackSignatureError extends Error {
  override readonly name = "CallbackSignatureError";
  readonly code: CallbackSignatureErrorCode;

  constructor(code: CallbackSignatureErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** What a Standard Webhooks check needs: the headers, the exact body, the secret and a clock. */
export interface VerifyCallbackOptions {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Uint8Array;
  readonly secret: string;
  readonly now: Date;
  /** Largest accepted clock skew in seconds; default 300. */
  readonly toleranceSeconds?: number;
}

function header(headers: VerifyCallbackOptions["headers"], name: string): string {
  const value = headers[name];
  const text = Array.isArray(value) ? value.join(", ") : value;
  if (text === undefined || text === "") throw new CallbackSignatureError("missing_header", `missing ${name} header`);
  return text;
}

/** The signature headers of a request, read and checked for shape and freshness, not yet against a secret. */
export interface SignatureHeaders {
  readonly id: string;
  readonly timestamp: number;
  readonly signatures: readonly Buffer[];
  /** `id.timestamp.` exactly as received, the start of the signed content. */
  readonly prefix: string;
}

/** Reads the three Standard Webhooks headers; throws missing_header, malformed or stale_timestamp. */
export function readSignatureHeaders(
  options: Pick<VerifyCallbackOptions, "headers" | "now" | "toleranceSeconds">,
): SignatureHeaders {
  const id = header(options.headers, "webhook-id");
  const timestampText = header(options.headers, "webhook-timestamp");
  const signatureText = header(options.headers, "webhook-signature");
  if (!/^\d{1,12}$/.test(timestampText)) {
    throw new CallbackSignatureError("malformed", "webhook-timestamp must be whole seconds since the epoch");
  }
  const timestamp = Number(timestampText);
  if (Math.abs(options.now.getTime() / 1000 - timestamp) > (options.toleranceSeconds ?? 300)) {
    throw new CallbackSignatureError("stale_timestamp", "webhook-timestamp is too far from the current time");
  }
  const signatures = signatureText
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .map((entry) => Buffer.from(entry.slice(3), "base64"));
  if (signatures.length === 0) {
    throw new CallbackSignatureError("malformed", 'webhook-signature carries no "v1,<base64>" signature');
  }
  return { id, timestamp, signatures, prefix: `${id}.${timestampText}.` };
}

/** Whether one of the signatures is the secret's HMAC-SHA256 of `id.timestamp.body`, compared in constant time. */
export function isSignedWith(signed: SignatureHeaders, body: Uint8Array, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(signed.prefix).update(body).digest();
  let matched = false;
  // Every candidate is compared, so timing does not reveal which entry matched.
  for (const candidate of signed.signatures) {
    matched = (candidate.length === expected.length && timingSafeEqual(candidate, expected)) || matched;
  }
  return matched;
}

/**
 * Checks a Standard Webhooks v1 signature (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, any one of several
 * space-separated entries) and the timestamp's freshness; throws a coded CallbackSignatureError.
 *
 * @example verifyCallbackSignature({ headers: req.headers, body, secret: "whsec_…", now: new Date() });
 */
export function verifyCallbackSignature(options: VerifyCallbackOptions): { id: string; timestamp: number } {
  const signed = readSignatureHeaders(options);
  if (!isSignedWith(signed, options.body, options.secret)) {
    throw new CallbackSignatureError("mismatch", "no webhook-signature entry matches the body");
  }
  return { id: signed.id, timestamp: signed.timestamp };
}

/** Boolean twin of {@link verifyCallbackSignature}. */
export function isValidCallbackSignature(options: VerifyCallbackOptions): boolean {
  try {
    verifyCallbackSignature(options);
    return true;
  } catch (error) {
    if (error instanceof CallbackSignatureError) return false;
    throw error;
  }
}
