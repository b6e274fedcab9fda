import { describe, expect, it } from "vitest";
import { isValidSlackV0, signSlackV0, verifySlackV0 } from "./slack-v0.ts";

// Slack's published example (api.slack.com, "Verifying requests from Slack").
const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const TIMESTAMP = "1531420618";
const BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
const HEADERS = { "x-slack-signature": SIGNATURE, "x-slack-request-timestamp": TIMESTAMP };
const now = () => Number(TIMESTAMP) * 1000 + 30_000;

const coded = (code: string) => expect.objectContaining({ name: "SignatureError", code });

describe("slack v0 signatures", () => {
  it("signs Slack's published example to its published signature", () => {
    expect(signSlackV0({ secret: SECRET, body: BODY, timestamp: Number(TIMESTAMP) })).toEqual(HEADERS);
  });

  it("accepts Slack's published example as text and as bytes", () => {
    expect(() => verifySlackV0({ secret: SECRET, headers: HEADERS, body: BODY, now })).not.toThrow();
    expect(isValidSlackV0({ secret: SECRET, headers: HEADERS, body: Buffer.from(BODY), now })).toBe(true);
  });

  it("rejects the body with one byte changed as a mismatch", () => {
    const body = BODY.replace("roadrunner", "roadrunnes");
    expect(() => verifySlackV0({ secret: SECRET, headers: HEADERS, body, now })).toThrow(coded("mismatch"));
    expect(isValidSlackV0({ secret: SECRET, headers: HEADERS, body, now })).toBe(false);
  });

  it("rejects the signature with one hex digit changed as a mismatch", () => {
    const headers = { ...HEADERS, "x-slack-signature": `${SIGNATURE.slice(0, -1)}4` };
    expect(() => verifySlackV0({ secret: SECRET, headers, body: BODY, now })).toThrow(coded("mismatch"));
  });

  it("rejects a wrong secret as a mismatch", () => {
    const secret = `${SECRET.slice(0, -1)}6`;
    expect(() => verifySlackV0({ secret, headers: HEADERS, body: BODY, now })).toThrow(coded("mismatch"));
  });

  it("rejects a timestamp older than five minutes as stale and says how old", () => {
    const later = () => (Number(TIMESTAMP) + 301) * 1000;
    expect(() => verifySlackV0({ secret: SECRET, headers: HEADERS, body: BODY, now: later })).toThrow(
      /301 s old, over the 300 s tolerance/,
    );
    expect(isValidSlackV0({ secret: SECRET, headers: HEADERS, body: BODY, now: later })).toBe(false);
  });

  it("accepts a timestamp exactly five minutes old", () => {
    const later = () => (Number(TIMESTAMP) + 300) * 1000;
    expect(isValidSlackV0({ secret: SECRET, headers: HEADERS, body: BODY, now: later })).toBe(true);
  });

  it("rejects a timestamp more than five minutes in the future as stale", () => {
    const earlier = () => (Number(TIMESTAMP) - 301) * 1000;
    expect(() => verifySlackV0({ secret: SECRET, headers: HEADERS, body: BODY, now: earlier })).toThrow(
      coded("stale_timestamp"),
    );
  });

  it("rejects a missing signature or timestamp header and names it", () => {
    const { "x-slack-signature": _, ...noSignature } = HEADERS;
    const { "x-slack-request-timestamp": __, ...noTimestamp } = HEADERS;
    expect(() => verifySlackV0({ secret: SECRET, headers: noSignature, body: BODY, now })).toThrow(
      /x-slack-signature header is missing/,
    );
    expect(() => verifySlackV0({ secret: SECRET, headers: noTimestamp, body: BODY, now })).toThrow(
      coded("missing_header"),
    );
    expect(isValidSlackV0({ secret: SECRET, headers: {}, body: BODY, now })).toBe(false);
  });

  it("rejects a signature without the v0 prefix, a non-hex digest and a non-numeric timestamp as malformed", () => {
    const cases = [
      { ...HEADERS, "x-slack-signature": SIGNATURE.slice(3) },
      { ...HEADERS, "x-slack-signature": "v1=abcd" },
      { ...HEADERS, "x-slack-signature": "v0=zz" },
      { ...HEADERS, "x-slack-request-timestamp": "soon" },
    ];
    for (const headers of cases) {
      expect(() => verifySlackV0({ secret: SECRET, headers, body: BODY, now })).toThrow(coded("malformed"));
    }
  });

  it("treats a truncated digest as a mismatch without a RangeError", () => {
    const headers = { ...HEADERS, "x-slack-signature": SIGNATURE.slice(0, 35) };
    expect(() => verifySlackV0({ secret: SECRET, headers, body: BODY, now })).toThrow(coded("mismatch"));
  });

  it("signs with the injected clock when no timestamp is given", () => {
    const headers = signSlackV0({ secret: SECRET, body: BODY, now: () => 1_700_000_000_999 });
    expect(headers["x-slack-request-timestamp"]).toBe("1700000000");
    expect(isValidSlackV0({ secret: SECRET, headers, body: BODY, now: () => 1_700_000_010_000 })).toBe(true);
  });
});
