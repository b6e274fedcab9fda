import { decryptSecret, encryptSecret, type SealingKey } from "../auth/secret-box.ts";

// Binds each sealed value to its organization, key and field, so a sealed value cannot be moved to another place.
const context = (organizationId: number, key: string, field: string) =>
  `adapterkit:credential:${organizationId}:${key}:${field}`;

/** Where a credential record lives: its organization and manifest key. */
export interface CredentialAddress {
  readonly organizationId: number;
  readonly key: string;
}

/** A5: seals every field on its own (AES-256-GCM with the key id, D15/D116); the JSON keeps the field names. */
export function sealFields(keys: SealingKey, at: CredentialAddress, fields: Readonly<Record<string, string>>): string {
  const sealed = Object.entries(fields).map(([name, value]) => [
    name,
    encryptSecret(keys, value, context(at.organizationId, at.key, name)),
  ]);
  return JSON.stringify(Object.fromEntries(sealed));
}

/** Opens what sealFields wrote; throws when a field was sealed under a key this instance lacks. */
export function openFields(keys: SealingKey, at: CredentialAddress, sealedJson: string): Record<string, string> {
  const sealed = JSON.parse(sealedJson) as Record<string, string>;
  const open = Object.entries(sealed).map(([name, value]) => [
    name,
    decryptSecret(keys, value, context(at.organizationId, at.key, name)),
  ]);
  return Object.fromEntries(open);
}

/** The field names of a sealed record, without opening it. */
export function fieldNamesOf(sealedJson: string): string[] {
  return Object.keys(JSON.parse(sealedJson) as Record<string, string>).sort();
}
