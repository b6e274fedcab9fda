import { describe, expect, it } from "vitest";
import { generateApiToken, generateWebhookToken, isApiTokenShape } from "./generate-token.ts";
import { hashToken, secretsEqual } from "./hash-token.ts";

describe("tokens", () => {
  it("makes API tokens of ak_ plus 43 base64url characters, all different", () => {
    const tokens = new Set(Array.from({ length: 100 }, generateApiToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(isApiTokenShape(token)).toBe(true);
  });

  it("makes webhook tokens of exactly 43 base64url characters", () => {
    expect(generateWebhookToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("rejects strings that only look like API tokens", () => {
    expect(isApiTokenShape(`ak_${"a".repeat(42)}`)).toBe(false);
    expect(isApiTokenShape(`xk_${"a".repeat(43)}`)).toBe(false);
    expect(isApiTokenShape(`ak_${"a".repeat(42)}+`)).toBe(false);
  });

  it("hashes with SHA-256 and compares secrets whatever their lengths", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(secretsEqual("same", "same")).toBe(true);
    expect(secretsEqual("same", "different-length")).toBe(false);
  });
});
