import { type HmacSha256Config, verifyHmacSha256 } from "@adapterkit/sdk";
import { checkTextSecret, headerOf, type Preset, type PresetCredentials } from "./preset.ts";

const HEADER_NAME = /^[A-Za-z0-9-]{1,100}$/;

/**
 * Any sender that signs with HMAC-SHA256 over the body (or `${timestamp}.${body}`): header, encoding, prefix and
 * timestamp header are credential fields; `id_header`, when set, names the header retries share.
 */
export const genericHmacPreset: Preset = {
  name: "generic-hmac",
  verify: ({ credentials, headers, body }) =>
    verifyHmacSha256({ secret: credentials.signing_secret, headers, body, ...hmacConfigOf(credentials) }),
  checkCredentials(credentials) {
    const secret = checkTextSecret(credentials, "sender's HMAC");
    if (secret !== undefined) return secret;
    for (const field of ["hmac_header", "hmac_timestamp_header", "id_header"] as const) {
      const value = credentials[field];
      if (value && !HEADER_NAME.test(value)) return `${field} is not an HTTP header name`;
    }
    const encoding = credentials.hmac_encoding;
    if (encoding && encoding !== "hex" && encoding !== "base64") return "hmac_encoding must be hex or base64";
    return undefined;
  },
  dedupKey: (input) =>
    input.credentials.id_header ? headerOf(input, input.credentials.id_header.toLowerCase()) : undefined,
  eventType: () => undefined,
  sender: () => undefined,
  isBot: () => false,
  messagePaths: [],
};

/** The SDK's generic HMAC layout from the credential fields; unset fields keep the SDK's defaults. */
export function hmacConfigOf(credentials: PresetCredentials): HmacSha256Config {
  const { hmac_header: header, hmac_encoding: encoding, hmac_prefix: prefix } = credentials;
  const timestampHeader = credentials.hmac_timestamp_header;
  return {
    ...(header ? { signatureHeader: header.toLowerCase() } : {}),
    ...(encoding === "base64" || encoding === "hex" ? { encoding } : {}),
    ...(prefix ? { prefix } : {}),
    ...(timestampHeader ? { timestampHeader: timestampHeader.toLowerCase() } : {}),
  };
}
