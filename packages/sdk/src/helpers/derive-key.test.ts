import { describe, expect, it } from "vitest";
import { deriveCredentialKey } from "./derive-key.ts";

const credentials = { client_id: "c", client_secret: "s", access_token: "a1", refresh_token: "r1" };

describe("derive credential key", () => {
  it("derives a 32-byte key that is the same for the same credentials in any key order", () => {
    const key = deriveCredentialKey({ credentials, purpose: "p" });
    expect(key).toHaveLength(32);
    const reordered = Object.fromEntries(Object.entries(credentials).reverse());
    expect(deriveCredentialKey({ credentials: reordered, purpose: "p" })).toEqual(key);
  });

  it("keeps the key across an OAuth refresh, which changes only volatile fields", () => {
    const refreshed = { ...credentials, access_token: "a2", refresh_token: "r2", expires_at: 1 };
    expect(deriveCredentialKey({ credentials: refreshed, purpose: "p" })).toEqual(
      deriveCredentialKey({ credentials, purpose: "p" }),
    );
  });

  it("changes the key with a stable field, the purpose, the secret or the ignored fields", () => {
    const key = deriveCredentialKey({ credentials, purpose: "p" });
    const variants = [
      deriveCredentialKey({ credentials: { ...credentials, client_secret: "t" }, purpose: "p" }),
      deriveCredentialKey({ credentials, purpose: "q" }),
      deriveCredentialKey({ credentials, purpose: "p", secret: "deploy" }),
      deriveCredentialKey({ credentials, purpose: "p", ignoreFields: [] }),
    ];
    for (const variant of variants) expect(variant.equals(key)).toBe(false);
  });
});
