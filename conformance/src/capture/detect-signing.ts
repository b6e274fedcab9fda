import type { InboundEnvelope } from "@adapterkit/contract";
import { SIGNATURE_SCHEMES, type SignatureSchemeName } from "@adapterkit/sdk";

/** The signature headers each scheme sets, the signature itself first (what tells the schemes apart). */
const SCHEME_HEADERS: readonly (readonly [SignatureSchemeName, readonly string[]])[] = [
  ["standard-webhooks", ["webhook-signature", "webhook-id", "webhook-timestamp"]],
  ["slack-v0", ["x-slack-signature", "x-slack-request-timestamp"]],
  ["github-sha256", ["x-hub-signature-256", "x-hub-signature"]],
  ["hmac-sha256", ["x-signature"]],
];

/** A captured request's time stamp may be hours old: the point here is which secret signed it, not when. */
const ANY_AGE_SECONDS = 10 * 365 * 24 * 3600;

/** How a captured platform request was signed. */
export interface DetectedSigning {
  readonly scheme: SignatureSchemeName;
  /** The scheme's headers: the runner signs every sample afresh, so captured ones are dropped. */
  readonly headers: readonly string[];
  /** The credential field whose value verifies the signature, when one does. */
  readonly secretKey: string | undefined;
}

/** Finds the signature scheme from the headers a request carries, and the credential that signed it. */
export function detectSigning(request: InboundEnvelope): DetectedSigning | undefined {
  const found = SCHEME_HEADERS.find(([, names]) => names[0] !== undefined && names[0] in request.headers);
  if (found === undefined) return undefined;
  const [scheme, headers] = found;
  const body = request.body_encoding === "base64" ? Buffer.from(request.body, "base64") : request.body;
  const secretKey = Object.entries(request.credentials).find(([, value]) => {
    if (typeof value !== "string" || value === "") return false;
    try {
      return SIGNATURE_SCHEMES[scheme].isValid({
        secret: value,
        headers: request.headers,
        body,
        toleranceSeconds: ANY_AGE_SECONDS,
      });
    } catch {
      return false; // a value that is not a key of this scheme's form at all
    }
  })?.[0];
  return { scheme, headers, secretKey };
}
