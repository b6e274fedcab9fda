import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  isValidStandardWebhook,
  signStandardWebhook,
  standardWebhookKey,
  verifyStandardWebhook,
} from "./standard-webhooks.ts";

// The Standard Webhooks specification's published example.
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
const HEADERS = { "webhook-id": ID, "webhook-timestamp": String(TIMESTAMP), "webhook-signature": SIGNATURE };
const now = () => TIMESTAMP * 1000 + 5_000;
const coded = (code: string) => expect.objectContaining({ name: "SignatureError", code });

describe("standard webhooks signatures", () => {
  it("signs the specification's example to its published signature", () => {
    expect(signStandardWebhook({ secret: SECRET, id: ID, timestamp: TIMESTAMP, body: BODY })).toEqual(HEADERS);
  });

  it("accepts the specification's example", () => {
    expect(() => verifyStandardWebhook({ secret: SECRET, headers: HEADERS, body: BODY, now })).not.toThrow();
    expect(isValidStandardWebhook({ secret: SECRET, headers: HEADERS, body: Buffer.from(BODY), now })).toBe(true);
  });

  it("accepts the raw key bytes in place of the whsec_ secret", () => {
    const key = standardWebhookKey(SECRET);
    expect(isValidStandardWebhook({ secret: new Uint8Array(key), headers: HEADERS, body: BODY, now })).toBe(true);
  });

  it("rejects the body with one byte changed as a mismatch", () => {
    const body = '{"test": 2432232315}';
    expect(() => verifyStandardWebhook({ secret: SECRET, headers: HEADERS, body, now })).toThrow(coded("mismatch"));
    expect(isValidStandardWebhook({ secret: SECRET, headers: HEADERS, body, now })).toBe(false);
  });

  it("rejects a changed message id, since the id is signed", () => {
    const headers = { ...HEADERS, "webhook-id": `${ID}x` };
    expect(() => verifyStandardWebhook({ secret: SECRET, headers, body: BODY, now })).toThrow(coded("mismatch"));
  });

  it("rejects a wrong secret as a mismatch", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx";
    expect(() => verifyStandardWebhook({ secret, headers: HEADERS, body: BODY, now })).toThrow(coded("mismatch"));
  });

  it("rejects a timestamp more than 300 s away in either direction as stale", () => {
    const late = () => (TIMESTAMP + 301) * 1000;
    const early = () => (TIMESTAMP - 301) * 1000;
    expect(() => verifyStandardWebhook({ secret: SECRET, headers: HEADERS, body: BODY, now: late })).toThrow(
      coded("stale_timestamp"),
    );
    expect(() => verifyStandardWebhook({ secret: SECRET, headers: HEADERS, body: BODY, now: early })).toThrow(
      /in the future/,
    );
    expect(
      isValidStandardWebhook({ secret: SECRET, headers: HEADERS, body: BODY, now: () => (TIMESTAMP - 300) * 1000 }),
    ).toBe(true);
  });

  it("rejects each missing header by name", () => {
    for (const name of Object.keys(HEADERS)) {
      const headers = Object.fromEntries(Object.entries(HEADERS).filter(([key]) => key !== name));
      expect(() => verifyStandardWebhook({ secret: SECRET, headers, body: BODY, now })).toThrow(
        expect.objectContaining({ code: "missing_header", message: `the ${name} header is missing` }),
      );
    }
  });

  it("accepts a header carrying several signatures when any one matches", () => {
    const headers = { ...HEADERS, "webhook-signature": `v1a,abc v1,${"A".repeat(43)}= ${SIGNATURE}` };
    expect(isValidStandardWebhook({ secret: SECRET, headers, body: BODY, now })).toBe(true);
  });

  it("rejects a header of several signatures when none matches", () => {
    const headers = { ...HEADERS, "webhook-signature": `v1,${"A".repeat(43)}= v1,${"B".repeat(43)}=` };
    expect(() => verifyStandardWebhook({ secret: SECRET, headers, body: BODY, now })).toThrow(coded("mismatch"));
  });

  it("rejects a header with no v1 signature as malformed", () => {
    for (const signature of ["v2,g0hM9SsE", "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", "v1,***"]) {
      const headers = { ...HEADERS, "webhook-signature": signature };
      expect(() => verifyStandardWebhook({ secret: SECRET, headers, body: BODY, now })).toThrow(coded("malformed"));
    }
  });

  it("agrees with the standardwebhooks package on the signature of any id, time and body", () => {
    const library = new Webhook(SECRET);
    fc.assert(
      fc.property(
        fc.stringMatching(/^msg_[A-Za-z0-9]{1,30}$/),
        fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
        fc.string({ unit: "grapheme" }),
        (id, timestamp, body) => {
          const ours = signStandardWebhook({ secret: SECRET, id, timestamp, body })["webhook-signature"];
          expect(ours).toBe(library.sign(id, new Date(timestamp * 1000), body));
        },
      ),
    );
  });

  it("produces headers the standardwebhooks package verifies, and verifies the package's own", () => {
    const library = new Webhook(SECRET);
    const headers = signStandardWebhook({ secret: SECRET, body: BODY });
    expect(library.verify(BODY, headers)).toEqual({ test: 2432232314 });
    const timestamp = Math.floor(Date.now() / 1000);
    const theirs = {
      "webhook-id": ID,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": library.sign(ID, new Date(timestamp * 1000), BODY),
    };
    expect(isValidStandardWebhook({ secret: SECRET, headers: theirs, body: BODY })).toBe(true);
    expect(() => library.verify(`${BODY} `, headers)).toThrow();
  });

  it("refuses a secret that decodes to no key bytes", () => {
    expect(() => standardWebhookKey("whsec_")).toThrow(TypeError);
  });
});
