import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { isServiceKeys, keyIdOf, type ServiceKeys, toServiceKeys } from "./service-keys.ts";

/** What seals and opens: a lone key or a ring of keys (D116). */
export type SealingKey = Buffer | ServiceKeys;

const ring = (key: SealingKey): ServiceKeys => (isServiceKeys(key) ? key : toServiceKeys([key]));

/**
 * D15: encrypts a secret with AES-256-GCM under the service key; `v2.<key id>.<iv>.<tag>.<ciphertext>` in
 * base64url, the key id naming which key sealed it so the service key can rotate (D116).
 */
export function encryptSecret(key: SealingKey, plaintext: string, context = ""): string {
  const keys = ring(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
  return ["v2", keys.currentId, ...parts].join(".");
}

function open(key: Buffer, parts: readonly string[], context: string): string {
  const [iv, tag, ciphertext] = parts as [string, string, string];
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * Decrypts what encryptSecret wrote (and the key-id-less `v1.` form of earlier versions, tried with every key);
 * throws when no key fits, or the context or the text is wrong.
 */
export function decryptSecret(key: SealingKey, sealed: string, context = ""): string {
  const keys = ring(key);
  const parts = sealed.split(".");
  if (parts[0] === "v2" && parts.length === 5) {
    const named = keys.byId(parts[1] as string);
    if (named === undefined) throw new Error(`sealed under service key ${parts[1]}, which this instance lacks`);
    return open(named, parts.slice(2), context);
  }
  if (parts[0] !== "v1" || parts.length !== 4) throw new Error("not a sealed secret");
  for (const candidate of keys.all.slice(1)) {
    try {
      return open(candidate, parts.slice(1), context);
    } catch {
      // not this one; the current key's failure below is the one reported
    }
  }
  return open(keys.current, parts.slice(1), context);
}

/** The id of the key that sealed a secret; null for the `v1.` form, which names none. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split(".");
  return parts[0] === "v2" && parts.length === 5 ? (parts[1] as string) : null;
}

export { keyIdOf };
