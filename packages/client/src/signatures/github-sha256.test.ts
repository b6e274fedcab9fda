import { describe, expect, it } from "vitest";
import { isValidGithubSha256, signGithubSha256, verifyGithubSha256 } from "./github-sha256.ts";

// GitHub's published example ("Validating webhook deliveries").
const SECRET = "It's a Secret to Everybody";
const BODY = "Hello, World!";
const SIGNATURE = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
const HEADERS = { "x-hub-signature-256": SIGNATURE };

const coded = (code: string) => expect.objectContaining({ name: "SignatureError", code });

describe("github sha256 signatures", () => {
  it("signs GitHub's published example to its published signature", () => {
    expect(signGithubSha256({ secret: SECRET, body: BODY })).toEqual(HEADERS);
  });

  it("accepts GitHub's published example as text, Buffer and Uint8Array", () => {
    expect(() => verifyGithubSha256({ secret: SECRET, headers: HEADERS, body: BODY })).not.toThrow();
    expect(isValidGithubSha256({ secret: SECRET, headers: HEADERS, body: Buffer.from(BODY) })).toBe(true);
    expect(isValidGithubSha256({ secret: SECRET, headers: HEADERS, body: new TextEncoder().encode(BODY) })).toBe(true);
  });

  it("accepts an upper-case hex digest", () => {
    const headers = { "x-hub-signature-256": `sha256=${SIGNATURE.slice(7).toUpperCase()}` };
    expect(isValidGithubSha256({ secret: SECRET, headers, body: BODY })).toBe(true);
  });

  it("rejects the body with one byte changed as a mismatch", () => {
    expect(() => verifyGithubSha256({ secret: SECRET, headers: HEADERS, body: "Hello, World?" })).toThrow(
      coded("mismatch"),
    );
    expect(isValidGithubSha256({ secret: SECRET, headers: HEADERS, body: "Hello, World?" })).toBe(false);
  });

  it("rejects a wrong secret as a mismatch", () => {
    expect(() => verifyGithubSha256({ secret: "It's a Secret to Everybody!", headers: HEADERS, body: BODY })).toThrow(
      coded("mismatch"),
    );
  });

  it("rejects a missing header", () => {
    expect(() => verifyGithubSha256({ secret: SECRET, headers: {}, body: BODY })).toThrow(coded("missing_header"));
    expect(isValidGithubSha256({ secret: SECRET, headers: { "x-hub-signature": "sha1=abc" }, body: BODY })).toBe(false);
  });

  it("rejects a header without the sha256= prefix as malformed", () => {
    const headers = { "x-hub-signature-256": SIGNATURE.slice(7) };
    expect(() => verifyGithubSha256({ secret: SECRET, headers, body: BODY })).toThrow(/does not start with "sha256="/);
  });

  it("ignores the clock, since GitHub signs no timestamp", () => {
    expect(isValidGithubSha256({ secret: SECRET, headers: HEADERS, body: BODY, now: () => 0 })).toBe(true);
  });
});
