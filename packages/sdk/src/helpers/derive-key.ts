import { hkdfSync } from "node:crypto";
import { canonicalJson } from "./canonical-json.ts";

/** Credential fields that change on an OAuth refresh; left out of key derivation so a refresh does not void keys. */
export const VOLATILE_CREDENTIAL_FIELDS: readonly string[] = ["access_token", "refresh_token", "expires_at"];

/** Options of {@link deriveCredentialKey}. */
export interface DeriveKeyOptions {
  /** The request's `credentials` object. */
  credentials: Readonly<Record<string, unknown>>;
  /** What the key is for; keys for different purposes are unrelated. */
  purpose: string;
  /** Extra deployment secret mixed in as the HKDF salt; without it the key depends on the credentials alone. */
  secret?: string | undefined;
  /** Credential fields to leave out; default {@link VOLATILE_CREDENTIAL_FIELDS}. */
  ignoreFields?: readonly string[];
}

/**
 * Derives a 32-byte key (HKDF-SHA256) from the canonical JSON of the stable credential fields, so whatever is
 * keyed with it is bound to those credentials while holding no state.
 */
export function deriveCredentialKey(options: DeriveKeyOptions): Buffer {
  const ignored = new Set(options.ignoreFields ?? VOLATILE_CREDENTIAL_FIELDS);
  const stable = Object.fromEntries(Object.entries(options.credentials).filter(([field]) => !ignored.has(field)));
  const key = hkdfSync("sha256", canonicalJson(stable), options.secret ?? "", `adapterkit/${options.purpose}/v1`, 32);
  return Buffer.from(key);
}
