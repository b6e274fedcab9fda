import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, keyIdOf, sealedKeyId } from "./secret-box.ts";
import { toServiceKeys } from "./service-keys.ts";

const key = randomBytes(32);

describe("secret box", () => {
  it("round-trips a secret and never stores it in the clear", () => {
    const sealed = encryptSecret(key, "q3xG0vJ8m2Yk7dR1sT5wZ9aB4cE6fH0iK2lM8nP1rU3", "ctx");
    expect(sealed.startsWith(`v2.${keyIdOf(key)}.`)).toBe(true);
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
    const tampered = [...parts.slice(0, 4), Buffer.from("x").toString("base64url")].join(".");
    expect(() => decryptSecret(key, tampered, "ctx")).toThrow();
    expect(() => decryptSecret(key, "garbage", "ctx")).toThrow(/not a sealed secret/);
  });

  it("names the sealing key, so a ring holding an old key opens what it sealed and seals anew under the first", () => {
    const next = randomBytes(32);
    const old = encryptSecret(key, "rotated", "ctx");
    const keys = toServiceKeys([next, key]);
    expect(decryptSecret(keys, old, "ctx")).toBe("rotated");
    const resealed = encryptSecret(keys, "rotated", "ctx");
    expect(sealedKeyId(resealed)).toBe(keyIdOf(next));
    expect(decryptSecret(next, resealed, "ctx")).toBe("rotated");
    expect(() => decryptSecret(next, old, "ctx")).toThrow(/lacks/);
  });

  it("opens the key-id-less v1 form of earlier versions with any key of the ring", () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from("ctx"));
    const text = Buffer.concat([cipher.update("legacy", "utf8"), cipher.final()]);
    const v1 = ["v1", iv, cipher.getAuthTag(), text].map((p) => (typeof p === "string" ? p : p.toString("base64url")));
    expect(sealedKeyId(v1.join("."))).toBeNull();
    expect(decryptSecret(toServiceKeys([randomBytes(32), key]), v1.join("."), "ctx")).toBe("legacy");
  });
});
