import { createHmacSha256Scheme, type HmacSha256Config } from "@adapterkit/sdk";

/**
 * How the mail gateway signs its webhook: HMAC-SHA256 with `gateway_secret` over `<timestamp>.<body bytes>`,
 * hex, sent as `x-mail-gateway-signature: sha256=<hex>` beside `x-mail-gateway-timestamp: <unix seconds>`;
 * a timestamp more than 300 s from the adapter's clock is refused. This object is also the `options` of the
 * conformance fixtures' `hmac-sha256` signing.
 */
export const MAIL_GATEWAY_SIGNATURE = {
  signatureHeader: "x-mail-gateway-signature",
  timestampHeader: "x-mail-gateway-timestamp",
  encoding: "hex",
  prefix: "sha256=",
  toleranceSeconds: 300,
} as const satisfies HmacSha256Config;

/**
 * The gateway's signature scheme: `sign` gives the headers a gateway attaches, `verify` throws a coded
 * `SignatureError` saying why a request is not validly signed.
 * @example const headers = mailGatewayScheme.sign({ secret: credentials.gateway_secret, body });
 */
export const mailGatewayScheme = createHmacSha256Scheme(MAIL_GATEWAY_SIGNATURE);
