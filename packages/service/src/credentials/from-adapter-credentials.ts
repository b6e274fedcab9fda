import type { CredentialDefinition } from "@adapterkit/contract";
import type { CredentialInput } from "./read-credential-input.ts";
import { storedFieldsOf } from "./stored-fields-of.ts";

/**
 * The inverse of D65: credentials as an adapter receives them (flat, named per `maps_to`) back into an install's
 * input by key, for credentials written for the adapter (npm start's stand-ins). Keys with no value given are left out.
 */
export function fromAdapterCredentials(
  definitions: readonly CredentialDefinition[],
  flat: Readonly<Record<string, unknown>>,
): Record<string, Record<string, string>> {
  const input: Record<string, Record<string, string>> = {};
  for (const definition of definitions) {
    const fields: Record<string, string> = {};
    const stored = storedFieldsOf(definition);
    for (const field of stored) {
      const single = stored.length === 1 && definition.type !== "oauth2" && !definition.fields;
      const name = single
        ? (definition.maps_to ?? (definition.type === "api_key" ? "token" : definition.key))
        : field.name;
      const value = flat[name];
      if (typeof value === "string" && value !== "") fields[field.name] = value;
    }
    if (Object.keys(fields).length > 0) input[definition.key] = fields;
  }
  return input satisfies CredentialInput;
}
