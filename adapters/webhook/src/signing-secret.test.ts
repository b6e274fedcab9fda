import { describe, expect, it } from "vitest";
import { whsec } from "../test/credentials.ts";
import { checkSigningSecret } from "./signing-secret.ts";

describe("checkSigningSecret", () => {
  it.each([24, 32, 64])("accepts whsec_ with a %i-byte key", (bytes) => {
    const secret = whsec(bytes);
    expect(checkSigningSecret(secret, "signing_secret")).toEqual({ ok: true, secret, keyBytes: bytes });
  });

  it("trims surrounding whitespace from a pasted secret", () => {
    const secret = whsec();
    expect(checkSigningSecret(` ${secret}\n`, "signing_secret")).toMatchObject({ ok: true, secret });
  });

  it.each([
    ["a missing value", undefined],
    ["a value without whsec_", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
    ["a value that is not base64", "whsec_not-base64!"],
    ["another scheme's secret", "xoxb-123-456"],
  ])("refuses %s, naming the field", (_, value) => {
    expect(checkSigningSecret(value, "signing_secret")).toEqual({
      ok: false,
      error: "signing_secret is not a Standard Webhooks secret (whsec_ followed by base64)",
    });
  });

  it.each([16, 65])("refuses a %i-byte key", (bytes) => {
    expect(checkSigningSecret(whsec(bytes), "delivery_signing_secret")).toEqual({
      ok: false,
      error: `delivery_signing_secret holds a ${bytes}-byte key; Standard Webhooks keys are 24 to 64 bytes`,
    });
  });

  it("never repeats the secret in its error", () => {
    const secret = "whsec_AAAA";
    const result = checkSigningSecret(secret, "signing_secret");
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain("AAAA");
  });
});
