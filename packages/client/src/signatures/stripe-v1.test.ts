import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidStripeV1, signStripeV1, verifyStripeV1 } from "./stripe-v1.ts";

const SECRET = "whsec_test_secret_as_stripe_shows_it";
const BODY = '{"id":"evt_1","type":"payment_intent.succeeded"}';
const TS = 1_700_000_000;
const now = () => TS * 1000;
const v1 = (secret: string, content: string) => createHmac("sha256", secret).update(content).digest("hex");
const header = (value: string) => ({ "stripe-signature": value });

const coded = (code: string) => expect.objectContaining({ name: "SignatureError", code });

describe("stripe v1 signatures", () => {
  it("signs t and v1 as Stripe does: hex HMAC of `t.body` under the whsec_ text", () => {
    expect(signStripeV1({ secret: SECRET, body: BODY, timestamp: TS })).toEqual(
      header(`t=${TS},v1=${v1(SECRET, `${TS}.${BODY}`)}`),
    );
  });

  it("accepts what it signs, as text and bytes", () => {
    const headers = signStripeV1({ secret: SECRET, body: BODY, now });
    expect(() => verifyStripeV1({ secret: SECRET, headers, body: BODY, now })).not.toThrow();
    expect(isValidStripeV1({ secret: SECRET, headers, body: Buffer.from(BODY), now })).toBe(true);
  });

  it("accepts any one of several v1 values and ignores v0", () => {
    const good = v1(SECRET, `${TS}.${BODY}`);
    const other = v1("whsec_old", `${TS}.${BODY}`);
    const headers = header(`t=${TS},v1=${other},v1=${good},v0=${"ab".repeat(32)}`);
    expect(isValidStripeV1({ secret: SECRET, headers, body: BODY, now })).toBe(true);
    expect(isValidStripeV1({ secret: SECRET, headers: header(`t=${TS},v1=${other}`), body: BODY, now })).toBe(false);
  });

  it("rejects a changed body or a wrong secret as a mismatch", () => {
    const headers = signStripeV1({ secret: SECRET, body: BODY, now });
    expect(() => verifyStripeV1({ secret: SECRET, headers, body: `${BODY} `, now })).toThrow(coded("mismatch"));
    expect(() => verifyStripeV1({ secret: `${SECRET}x`, headers, body: BODY, now })).toThrow(coded("mismatch"));
  });

  it("rejects a timestamp older than five minutes and one as far in the future", () => {
    const old = signStripeV1({ secret: SECRET, body: BODY, timestamp: TS - 301 });
    const future = signStripeV1({ secret: SECRET, body: BODY, timestamp: TS + 301 });
    expect(() => verifyStripeV1({ secret: SECRET, headers: old, body: BODY, now })).toThrow(coded("stale_timestamp"));
    expect(() => verifyStripeV1({ secret: SECRET, headers: future, body: BODY, now })).toThrow(
      coded("stale_timestamp"),
    );
  });

  it("applies a tolerance given in the options", () => {
    const headers = signStripeV1({ secret: SECRET, body: BODY, timestamp: TS - 600 });
    expect(isValidStripeV1({ secret: SECRET, headers, body: BODY, now, toleranceSeconds: 900 })).toBe(true);
  });

  it("rejects a header without t= or without any v1 as malformed", () => {
    const digest = v1(SECRET, `${TS}.${BODY}`);
    expect(() => verifyStripeV1({ secret: SECRET, headers: header(`v1=${digest}`), body: BODY, now })).toThrow(
      /carries no "t=" timestamp/,
    );
    expect(() => verifyStripeV1({ secret: SECRET, headers: header(`t=${TS},v0=${digest}`), body: BODY, now })).toThrow(
      coded("malformed"),
    );
    expect(() => verifyStripeV1({ secret: SECRET, headers: header(`t=${TS},v1=zz`), body: BODY, now })).toThrow(
      coded("malformed"),
    );
    expect(() => verifyStripeV1({ secret: SECRET, headers: header(`t=soon,v1=${digest}`), body: BODY, now })).toThrow(
      coded("malformed"),
    );
  });

  it("rejects a missing header and refuses an empty secret", () => {
    expect(() => verifyStripeV1({ secret: SECRET, headers: {}, body: BODY, now })).toThrow(coded("missing_header"));
    expect(() => verifyStripeV1({ secret: "", headers: {}, body: BODY, now })).toThrow(coded("missing_secret"));
  });
});
