import type { CredentialDefinition, Credentials } from "@adapterkit/contract";

/**
 * D65: what the adapter receives from the stored fields of each declared credential: an api_key under `maps_to`
 * (else `token`), oauth2's fields flat, a text credential's `fields` each under its own name (every field,
 * contract.md#credentials-in-body), a single-value text under `maps_to` (else its key). Missing records contribute
 * nothing.
 */
export function toAdapterCredentials(
  definitions: readonly CredentialDefinition[],
  records: ReadonlyMap<string, Readonly<Record<string, string>>>,
): Credentials {
  const credentials: Record<string, string> = {};
  for (const definition of definitions) {
    const fields = records.get(definition.key);
    if (fields === undefined) continue;
    if (definition.type === "api_key") {
      if (fields.token !== undefined) credentials[definition.maps_to ?? "token"] = fields.token;
    } else if (definition.type === "oauth2" || definition.fields) {
      Object.assign(credentials, fields);
    } else if (fields.value !== undefined) {
      credentials[definition.maps_to ?? definition.key] = fields.value;
    }
  }
  return credentials;
}
