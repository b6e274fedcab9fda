import { decryptSecret, encryptSecret, type SealingKey } from "../auth/secret-box.ts";
import type { CredentialAddress } from "./credential-scope.ts";

// Binds each sealed value to its organization, key and field, so a sealed value cannot be moved to another
// organization or key. Publisher and project are left out so that migration 0014 could copy records unopened.
const context = (organizationId: number, key: string, field: string) =>
  `adapterkit:credential:${organizationId}:${key}:${field}`;

/** What a sealed field is bound to: its record's organization and manifest key. */
export type SealedAt = Pick<CredentialAddress, "organizationId" | "key">;

/** A5: seals every field on its own (AES-256-GCM with the key id, D15/D116); the JSON keeps the field names. */
export function sealFields(keys: SealingKey, at: SealedAt, fields: Readonly<Record<string, string>>): string {
  const sealed = Object.entries(fields).map(([name, value]) => [
    name,
    encryptSecret(keys, value, context(at.organizationId, at.key, name)),
  ]);
  return JSON.stringify(Object.fromEntries(sealed));
}

/** Opens what sealFields wrote; throws when a field was sealed under a key this instance lacks. */
export function openFields(keys: SealingKey, at: SealedAt, sealedJson: string): Record<string, string> {
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
