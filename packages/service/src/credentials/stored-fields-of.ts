import type { CredentialDefinition } from "@adapterkit/contract";

/** One field a credential record stores, and whether an install may leave it out. */
export interface StoredField {
  readonly name: string;
  readonly optional: boolean;
}

/** contract.md#credential-types: the four fields an oauth2 record stores; only the access token is needed to call. */
export const OAUTH2_FIELDS = ["client_id", "client_secret", "access_token", "refresh_token"] as const;

/**
 * The fields a credential record of this definition stores, named as contract.md#credential-types names them
 * (not per `maps_to`, which differs between the Apps sharing the key): `token` for api_key, the four OAuth fields,
 * a text credential's declared `fields` (D33), else its one `value` (D117).
 */
export function storedFieldsOf(definition: CredentialDefinition): StoredField[] {
  if (definition.type === "api_key") return [{ name: "token", optional: false }];
  if (definition.type === "oauth2") {
    return OAUTH2_FIELDS.map((name) => ({ name, optional: name !== "access_token" }));
  }
  if (definition.fields) return definition.fields.map((field) => ({ name: field.name, optional: !!field.optional }));
  return [{ name: "value", optional: false }];
}
