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

describe("signature scheme registry", () => {
  it("holds exactly the four named schemes, each under its own name", () => {
    expect(Object.keys(SIGNATURE_SCHEMES).sort()).toEqual([...SIGNATURE_SCHEME_NAMES].sort());
    for (const name of SIGNATURE_SCHEME_NAMES) expect(SIGNATURE_SCHEMES[name].name).toBe(name);
    expectTypeOf<SignatureSchemeName>().toEqualTypeOf<
      "hmac-sha256" | "slack-v0" | "standard-webhooks" | "github-sha256"
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
    expect(SIGNATURE_ERROR_CODES).toEqual(["missing_header", "malformed", "stale_timestamp", "mismatch"]);
    const error = new SignatureError("mismatch", "why", { cause: "inner" });
    expect([error.code, error.message, error.name, error.cause]).toEqual([
      "mismatch",
      "why",
      "SignatureError",
      "inner",
    ]);
  });
});
