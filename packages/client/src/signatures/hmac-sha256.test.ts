import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidHmacSha256, signHmacSha256, verifyHmacSha256 } from "./hmac-sha256.ts";

const SECRET = "generic-secret";
const BODY = '{"event":"ping","id":42}';
const NOW_S = 1_700_000_000;
const now = () => NOW_S * 1000;
const hex = (content: string) => createHmac("sha256", SECRET).update(content).digest("hex");
const base64 = (content: string) => createHmac("sha256", SECRET).update(content).digest("base64");
const coded = (code: string) => expect.objectContaining({ name: "SignatureError", code });

describe("generic hmac-sha256 signatures", () => {
  it("signs the body alone in hex under x-signature by default", () => {
    expect(signHmacSha256({ secret: SECRET, body: BODY })).toEqual({ "x-signature": hex(BODY) });
  });

  it("signs the timestamp, a dot and the body when a timestamp header is configured", () => {
    const headers = signHmacSha256({ secret: SECRET, body: BODY, timestampHeader: "x-timestamp", now });
    expect(headers).toEqual({ "x-signature": hex(`${NOW_S}.${BODY}`), "x-timestamp": String(NOW_S) });
  });

  it("honours a custom header name, base64 encoding and prefix", () => {
    const config = { signatureHeader: "x-acme-sig", encoding: "base64", prefix: "sha256=" } as const;
    const headers = signHmacSha256({ secret: SECRET, body: BODY, ...config });
    expect(headers).toEqual({ "x-acme-sig": `sha256=${base64(BODY)}` });
    expect(isValidHmacSha256({ secret: SECRET, headers, body: BODY, ...config })).toBe(true);
    expect(isValidHmacSha256({ secret: SECRET, headers, body: BODY, ...config, encoding: "hex" })).toBe(false);
  });

  it("accepts an independently computed signature with and without a timestamp", () => {
    expect(isValidHmacSha256({ secret: SECRET, headers: { "x-signature": hex(BODY) }, body: BODY })).toBe(true);
    const headers = { "x-signature": hex(`${NOW_S - 10}.${BODY}`), "x-ts": String(NOW_S - 10) };
    expect(() => verifyHmacSha256({ secret: SECRET, headers, body: BODY, timestampHeader: "x-ts", now })).not.toThrow();
  });

  it("rejects the body with one byte changed as a mismatch", () => {
    const headers = signHmacSha256({ secret: SECRET, body: BODY });
    const body = BODY.replace("42", "43");
    expect(() => verifyHmacSha256({ secret: SECRET, headers, body })).toThrow(coded("mismatch"));
    expect(isValidHmacSha256({ secret: SECRET, headers, body })).toBe(false);
  });

  it("rejects a wrong secret as a mismatch", () => {
    const headers = signHmacSha256({ secret: SECRET, body: BODY });
    expect(() => verifyHmacSha256({ secret: `${SECRET}!`, headers, body: BODY })).toThrow(coded("mismatch"));
  });

  it("rejects a replayed timestamp outside the tolerance, which is configurable", () => {
    const options = { secret: SECRET, body: BODY, timestampHeader: "x-timestamp" };
    const headers = signHmacSha256({ ...options, timestamp: NOW_S - 61 });
    expect(() => verifyHmacSha256({ ...options, headers, now })).not.toThrow();
    expect(() => verifyHmacSha256({ ...options, headers, now, toleranceSeconds: 60 })).toThrow(
      coded("stale_timestamp"),
    );
  });

  it("rejects a timestamp moved by the sender, since it is signed", () => {
    const options = { secret: SECRET, body: BODY, timestampHeader: "x-timestamp" };
    const headers = { ...signHmacSha256({ ...options, timestamp: NOW_S }), "x-timestamp": String(NOW_S + 1) };
    expect(() => verifyHmacSha256({ ...options, headers, now })).toThrow(coded("mismatch"));
  });

  it("rejects a missing signature header, and a missing timestamp header when one is configured", () => {
    expect(() => verifyHmacSha256({ secret: SECRET, headers: {}, body: BODY })).toThrow(coded("missing_header"));
    const headers = signHmacSha256({ secret: SECRET, body: BODY });
    expect(() =>
      verifyHmacSha256({ secret: SECRET, headers, body: BODY, timestampHeader: "x-timestamp", now }),
    ).toThrow(/x-timestamp header is missing/);
  });

  it("rejects a digest in the wrong alphabet or without the prefix as malformed", () => {
    const body = BODY;
    expect(() => verifyHmacSha256({ secret: SECRET, headers: { "x-signature": "not hex" }, body })).toThrow(
      coded("malformed"),
    );
    expect(() =>
      verifyHmacSha256({ secret: SECRET, headers: { "x-signature": hex(body) }, body, prefix: "sha256=" }),
    ).toThrow(coded("malformed"));
  });
});
