import type { CredentialDefinition, Manifest } from "@adapterkit/contract/adapter";

/** One field the service passes in `credentials`, and whether it may be absent. */
export interface CredentialField {
  name: string;
  optional: boolean;
  /** The credential definition's key, for messages. */
  key: string;
}

const OAUTH2_FIELDS: readonly CredentialField["name"][] = [
  "access_token",
  "client_id",
  "client_secret",
  "refresh_token",
];

/** The fields one definition contributes; the runtime twin of the `FieldsOfCredential` type. */
export function fieldsOfCredential(definition: CredentialDefinition): CredentialField[] {
  const { key } = definition;
  if (definition.type === "oauth2") {
    return OAUTH2_FIELDS.map((name) => ({ name, optional: name !== "access_token", key }));
  }
  if (definition.type === "text" && definition.fields) {
    return definition.fields.map((field) => ({ name: field.name, optional: field.optional === true, key }));
  }
  const name = definition.maps_to ?? (definition.type === "api_key" ? "token" : key);
  return [{ name, optional: false, key }];
}

/** Every credential field a manifest declares, in order. */
export function credentialFieldsOf(manifest: Pick<Manifest, "credentials">): CredentialField[] {
  return (manifest.credentials ?? []).flatMap(fieldsOfCredential);
}
