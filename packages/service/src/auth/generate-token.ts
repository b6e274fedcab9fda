import { randomBytes } from "node:crypto";

/** Prefix of every API token, so leaked tokens are recognisable by secret scanners. */
export const API_TOKEN_PREFIX = "ak_";

/** D15: an API token, `ak_` + 32 CSPRNG bytes in base64url (46 characters). */
export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** D15: a webhook token, 32 CSPRNG bytes in base64url (43 characters). */
export function generateWebhookToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether a string has the shape of an API token; checked before any database read. */
export function isApiTokenShape(value: string): boolean {
  return /^ak_[A-Za-z0-9_-]{43}$/.test(value);
}
