import { createHash, timingSafeEqual } from "node:crypto";

/** SHA-256 of a token, hex; what the store keeps instead of the token (D15). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Compares two secrets in constant time by comparing their SHA-256 digests. */
export function secretsEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a, "utf8").digest();
  const right = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(left, right);
}
