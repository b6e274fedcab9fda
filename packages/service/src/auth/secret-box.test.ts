import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secret-box.ts";

const key = randomBytes(32);

describe("secret box", () => {
  it("round-trips a secret and never stores it in the clear", () => {
    const sealed = encryptSecret(key, "q3xG0vJ8m2Yk7dR1sT5wZ9aB4cE6fH0iK2lM8nP1rU3", "ctx");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealed).not.toContain("q3xG0vJ8");
    expect(decryptSecret(key, sealed, "ctx")).toBe("q3xG0vJ8m2Yk7dR1sT5wZ9aB4cE6fH0iK2lM8nP1rU3");
  });

  it("seals the same secret differently each time", () => {
    expect(encryptSecret(key, "same")).not.toBe(encryptSecret(key, "same"));
  });

  it("refuses another key, another context and a tampered text", () => {
    const sealed = encryptSecret(key, "secret", "ctx");
    expect(() => decryptSecret(randomBytes(32), sealed, "ctx")).toThrow();
    expect(() => decryptSecret(key, sealed, "other")).toThrow();
    const parts = sealed.split(".");
    const tampered = [...parts.slice(0, 3), Buffer.from("x").toString("base64url")].join(".");
    expect(() => decryptSecret(key, tampered, "ctx")).toThrow();
    expect(() => decryptSecret(key, "garbage", "ctx")).toThrow(/not a sealed secret/);
  });
});
