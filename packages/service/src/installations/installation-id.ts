import { randomBytes } from "node:crypto";

/** A4: an opaque installation id, `inst_` + 16 CSPRNG bytes in base64url, so inbound URLs cannot be enumerated. */
export function generateInstallationId(): string {
  return `inst_${randomBytes(16).toString("base64url")}`;
}

/** Whether a string has the shape of an installation id (checked before touching the database). */
export function isInstallationId(value: string): boolean {
  return /^inst_[A-Za-z0-9_-]{22}$/.test(value);
}
