import type { CredentialDefinition, Credentials } from "@adapterkit/contract";
import type { GroundContext } from "../context/ground-context.ts";
import type { CredentialScope } from "../credentials/credential-scope.ts";
import { readCredentials } from "../credentials/read-credentials.ts";
import { toAdapterCredentials } from "../credentials/to-adapter-credentials.ts";
import { ensureFreshCredential } from "../oauth/refresh-credential.ts";

/** Whose credentials a call carries: the records' scope and the App version's credential definitions. */
export interface CredentialOwner {
  readonly scope: CredentialScope;
  readonly definitions: readonly CredentialDefinition[];
}

/**
 * The `credentials` body of an adapter call (contract.md#credentials-in-body, D65): the scope's stored record of every
 * key the App declares (its organization, its publisher, its project: never another publisher's, A5), opened, with
 * `overrides` (fields about to be stored, for the install's /verify) in place of stored ones. The one place a call gets
 * its credential values; OAuth tokens are refreshed here first (A6).
 */
export async function resolveCredentials(
  context: Pick<GroundContext, "store" | "serviceKeys" | "outbound" | "logger" | "now">,
  owner: CredentialOwner,
  overrides: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(),
): Promise<Credentials> {
  const keys = owner.definitions.map((definition) => definition.key);
  // A6: an OAuth token expiring within 5 minutes is refreshed first (single flight across instances), so the
  // adapter always receives a fresh access_token; a revoked grant is a 409 naming the credential.
  for (const definition of owner.definitions) {
    if (definition.type === "oauth2" && !overrides.has(definition.key)) {
      await ensureFreshCredential(context, { ...owner.scope, key: definition.key });
    }
  }
  const stored = await readCredentials(context.store.db, context.serviceKeys, owner.scope, keys);
  const records = new Map<string, Readonly<Record<string, string>>>();
  for (const key of keys) {
    const fields = overrides.get(key) ?? stored.get(key)?.fields;
    if (fields !== undefined) records.set(key, fields);
  }
  return toAdapterCredentials(owner.definitions, records);
}
