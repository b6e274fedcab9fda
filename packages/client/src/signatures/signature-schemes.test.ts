import { createHmac } from "node:crypto";
import { describe, expect, expectTypeOf, it } from "vitest";
import { SIGNATURE_ERROR_CODES, SignatureError } from "./signature-error.ts";
import {
  createHmacSha256Scheme,
  isSignatureSchemeName,
  SIGNATURE_SCHEME_NAMES,
  SIGNATURE_SCHEMES,
  type SignatureSchemeName,
} from "./signature-schemes.ts";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const BODY = '{"hello":"world"}';
const now = () => 1_700_000_000_000;
const TS = "1700000000";

/** What a forger sends: each scheme's headers computed by hand under an empty key, which anyone can do. */
const EMPTY_KEY_FORGERIES: Record<SignatureSchemeName, { secret: string; headers: Record<string, string> }> = {
  "hmac-sha256": { secret: "", headers: { "x-signature": emptyKeyHmac(BODY).toString("hex") } },
  "slack-v0": {
    secret: "",
    headers: {
      "x-slack-signature": `v0=${emptyKeyHmac(`v0:${TS}:${BODY}`).toString("hex")}`,
      "x-slack-request-timestamp": TS,
    },
  },
  "standard-webhooks": {
    secret: "whsec_",
    headers: {
      "webhook-id": "msg_1",
      "webhook-timestamp": TS,
      "webhook-signature": `v1,${emptyKeyHmac(`msg_1.${TS}.${BODY}`).toString("base64")}`,
    },
  },
  "github-sha256": { secret: "", headers: { "x-hub-signature-256": `sha256=${emptyKeyHmac(BODY).toString("hex")}` } },
  "stripe-v1": {
    secret: "",
    headers: { "stripe-signature": `t=${TS},v1=${emptyKeyHmac(`${TS}.${BODY}`).toString("hex")}` },
  },
  "shopify-sha256": { secret: "", headers: { "x-shopify-hmac-sha256": emptyKeyHmac(BODY).toString("base64") } },
};

function emptyKeyHmac(content: string): Buffer {
  return createHmac("sha256", Buffer.alloc(0)).update(content).digest();
}

describe("signature scheme registry", () => {
  it("holds exactly the six named schemes, each under its own name", () => {
    expect(Object.keys(SIGNATURE_SCHEMES).sort()).toEqual([...SIGNATURE_SCHEME_NAMES].sort());
    for (const name of SIGNATURE_SCHEME_NAMES) expect(SIGNATURE_SCHEMES[name].name).toBe(name);
    expectTypeOf<SignatureSchemeName>().toEqualTypeOf<
      "hmac-sha256" | "slack-v0" | "standard-webhooks" | "github-sha256" | "stripe-v1" | "shopify-sha256"
    >();
  });

  it.each(SIGNATURE_SCHEME_NAMES)("%s verifies what it signs and rejects a changed body", (name) => {
    const scheme = SIGNATURE_SCHEMES[name];
    const headers = scheme.sign({ secret: SECRET, body: BODY, now });
    expect(scheme.isValid({ secret: SECRET, headers, body: BODY, now })).toBe(true);
    expect(scheme.isValid({ secret: SECRET, headers, body: `${BODY} `, now })).toBe(false);
    expect(() => scheme.verify({ secret: SECRET, headers, body: `${BODY} `, now })).toThrow(SignatureError);
  });

  it.each(SIGNATURE_SCHEME_NAMES)("%s rejects a request with no headers as missing_header", (name) => {
    expect(() => SIGNATURE_SCHEMES[name].verify({ secret: SECRET, headers: {}, body: BODY, now })).toThrow(
      expect.objectContaining({ code: "missing_header" }),
    );
  });

  it.each(SIGNATURE_SCHEME_NAMES)("%s refuses a request signed under an empty secret as missing_secret", (name) => {
    const { secret, headers } = EMPTY_KEY_FORGERIES[name];
    const scheme = SIGNATURE_SCHEMES[name];
    expect(scheme.isValid({ secret, headers, body: BODY, now })).toBe(false);
    expect(() => scheme.verify({ secret, headers, body: BODY, now })).toThrow(
      expect.objectContaining({
        code: "missing_secret",
        message: "no signing secret is configured, so no request can be verified",
      }),
    );
  });

  it.each(SIGNATURE_SCHEME_NAMES)("%s refuses a blank or empty secret before reading any header", (name) => {
    for (const secret of ["", "   ", new Uint8Array(0)]) {
      expect(() => SIGNATURE_SCHEMES[name].verify({ secret, headers: {}, body: BODY, now })).toThrow(
        expect.objectContaining({ code: "missing_secret" }),
      );
    }
  });

  it.each(SIGNATURE_SCHEME_NAMES)("%s will not sign with an empty secret", (name) => {
    expect(() => SIGNATURE_SCHEMES[name].sign({ secret: "", body: BODY, now })).toThrow(TypeError);
  });

  it("applies a tolerance override to schemes that sign a timestamp", () => {
    const scheme = SIGNATURE_SCHEMES["slack-v0"];
    const headers = scheme.sign({ secret: SECRET, body: BODY, timestamp: 1_700_000_000 - 100 });
    expect(scheme.isValid({ secret: SECRET, headers, body: BODY, now })).toBe(true);
    expect(scheme.isValid({ secret: SECRET, headers, body: BODY, now, toleranceSeconds: 99 })).toBe(false);
  });

  it("builds a configured hmac-sha256 scheme that signs with its own headers", () => {
    const scheme = createHmacSha256Scheme({ signatureHeader: "x-sig", timestampHeader: "x-ts", encoding: "base64" });
    const headers = scheme.sign({ secret: SECRET, body: BODY, now });
    expect(Object.keys(headers).sort()).toEqual(["x-sig", "x-ts"]);
    expect(scheme.isValid({ secret: SECRET, headers, body: BODY, now })).toBe(true);
    expect(SIGNATURE_SCHEMES["hmac-sha256"].isValid({ secret: SECRET, headers, body: BODY, now })).toBe(false);
  });

  it("recognises scheme names and refuses others", () => {
    expect(isSignatureSchemeName("slack-v0")).toBe(true);
    expect(isSignatureSchemeName("slack-v1")).toBe(false);
  });

  it("exposes every error code as a SignatureError code", () => {
    expect(SIGNATURE_ERROR_CODES).toEqual([
      "missing_secret",
      "missing_header",
      "malformed",
      "stale_timestamp",
      "mismatch",
    ]);
    const error = new SignatureError("mismatch", "why", { cause: "inner" });
    expect([error.code, error.message, error.name, error.cause]).toEqual([
      "mismatch",
      "why",
      "SignatureError",
      "inner",
    ]);
  });
});
