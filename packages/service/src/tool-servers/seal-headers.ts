import { decryptSecret, encryptSecret, type SealingKey } from "../auth/secret-box.ts";

// Binds each sealed value to its tool server (by its Skill's id, which never changes) and header name.
const context = (skillId: number, name: string) => `adapterkit:tool-server-header:${skillId}:${name}`;

/** D192: seals each header value on its own (AES-256-GCM with the key id); the JSON keeps the header names. */
export function sealHeaders(
  keys: SealingKey,
  skillId: number,
  headers: Readonly<Record<string, string>>,
): string | null {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return JSON.stringify(
    Object.fromEntries(entries.map(([name, value]) => [name, encryptSecret(keys, value, context(skillId, name))])),
  );
}

/** Opens what sealHeaders wrote. */
export function openHeaders(keys: SealingKey, skillId: number, sealedJson: string | null): Record<string, string> {
  if (sealedJson === null) return {};
  const sealed = JSON.parse(sealedJson) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(sealed).map(([name, value]) => [name, decryptSecret(keys, value, context(skillId, name))]),
  );
}

/** The header names of a sealed set, without opening it. */
export function headerNamesOf(sealedJson: string | null): string[] {
  return sealedJson === null ? [] : Object.keys(JSON.parse(sealedJson) as Record<string, string>);
}
