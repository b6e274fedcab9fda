import type { CredentialDefinition, Credentials } from "@adapterkit/contract";
import { readCredentials } from "../credentials/read-credentials.ts";
import { toAdapterCredentials } from "../credentials/to-adapter-credentials.ts";
import type { ServiceContext } from "../service-context.ts";

/** Whose credentials a call carries: the organization and the App version's credential definitions. */
export interface CredentialOwner {
  readonly organizationId: number;
  readonly definitions: readonly CredentialDefinition[];
}

/**
 * The `credentials` body of an adapter call (SPEC Authentication 6, D65): the organization's stored record of every
 * key the App declares, opened, with `overrides` (fields about to be stored, for the install's /verify) in place of
 * stored ones. The one place a call gets its credential values, so OAuth refresh (A6) can happen here first.
 */
export async function resolveCredentials(
  context: Pick<ServiceContext, "store" | "serviceKeys">,
  owner: CredentialOwner,
  overrides: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(),
): Promise<Credentials> {
  const keys = owner.definitions.map((definition) => definition.key);
  const stored = await readCredentials(context.store.db, context.serviceKeys, owner.organizationId, keys);
  const records = new Map<string, Readonly<Record<string, string>>>();
  for (const key of keys) {
    const fields = overrides.get(key) ?? stored.get(key)?.fields;
    if (fields !== undefined) records.set(key, fields);
  }
  return toAdapterCredentials(owner.definitions, records);
}
