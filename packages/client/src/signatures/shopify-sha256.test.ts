import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidShopifySha256, signShopifySha256, verifyShopifySha256 } from "./shopify-sha256.ts";

const SECRET = "shpss_client_secret_of_the_app";
const BODY = '{"id":820982911946154508,"email":"jon@example.com"}';
const DIGEST = createHmac("sha256", SECRET).update(BODY).digest("base64");
const HEADERS = { "x-shopify-hmac-sha256": DIGEST };

const coded = (code: string) => expect.objectContaining({ name: "SignatureError", code });

describe("shopify sha256 signatures", () => {
  it("signs the raw body as Shopify documents: base64 HMAC-SHA256 under the client secret", () => {
    expect(signShopifySha256({ secret: SECRET, body: BODY })).toEqual(HEADERS);
  });

  it("accepts a correctly signed body as text and bytes", () => {
    expect(() => verifyShopifySha256({ secret: SECRET, headers: HEADERS, body: BODY })).not.toThrow();
    expect(isValidShopifySha256({ secret: SECRET, headers: HEADERS, body: Buffer.from(BODY) })).toBe(true);
  });

  it("rejects a changed body or a wrong secret as a mismatch", () => {
    expect(() => verifyShopifySha256({ secret: SECRET, headers: HEADERS, body: `${BODY} ` })).toThrow(
      coded("mismatch"),
    );
    expect(isValidShopifySha256({ secret: `${SECRET}x`, headers: HEADERS, body: BODY })).toBe(false);
  });

  it("rejects a hex digest or a truncated one", () => {
    const hex = { "x-shopify-hmac-sha256": createHmac("sha256", SECRET).update(BODY).digest("hex") };
    expect(isValidShopifySha256({ secret: SECRET, headers: hex, body: BODY })).toBe(false);
    const half = { "x-shopify-hmac-sha256": DIGEST.slice(0, 20) };
    expect(isValidShopifySha256({ secret: SECRET, headers: half, body: BODY })).toBe(false);
  });

  it("rejects a digest that is not base64 as malformed", () => {
    const headers = { "x-shopify-hmac-sha256": "not*base64!" };
    expect(() => verifyShopifySha256({ secret: SECRET, headers, body: BODY })).toThrow(coded("malformed"));
  });

  it("rejects a missing header and refuses an empty secret", () => {
    expect(() => verifyShopifySha256({ secret: SECRET, headers: {}, body: BODY })).toThrow(coded("missing_header"));
    expect(() => verifyShopifySha256({ secret: " ", headers: HEADERS, body: BODY })).toThrow(coded("missing_secret"));
  });
});
