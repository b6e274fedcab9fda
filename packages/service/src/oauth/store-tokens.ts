import type { CredentialSummary } from "@adapterkit/contract";
import type * as oauth from "oauth4webapi";
import type { GroundContext } from "../context/ground-context.ts";
import { type CredentialAddress, ORGANIZATION_WIDE } from "../credentials/credential-scope.ts";
import { saveCredential } from "../credentials/save-credential.ts";
import { withOAuthTables } from "./oauth-tables.ts";

/** What a completed authorization stores. */
export interface TokensToStore {
  readonly address: CredentialAddress;
  readonly tokenUrl: string;
  readonly client: { readonly client_id: string; readonly client_secret: string };
  readonly tokens: oauth.TokenEndpointResponse;
}

/** When an access token expires, from `expires_in`; null when the server says nothing (never refreshed early). */
export function expiresAtOf(now: Date, tokens: Pick<oauth.TokenEndpointResponse, "expires_in">): string | null {
  return tokens.expires_in === undefined ? null : new Date(now.getTime() + tokens.expires_in * 1000).toISOString();
}

/**
 * Creates or replaces the oauth2 record at an address with fresh tokens (every field sealed, A5), marks it active
 * and remembers where it refreshes; answered as the API shows a credential, without a value.
 */
export async function storeTokens(
  context: Pick<GroundContext, "store" | "serviceKeys" | "now">,
  input: TokensToStore,
): Promise<CredentialSummary> {
  const now = context.now();
  const fields: Record<string, string> = { ...input.client, access_token: input.tokens.access_token };
  if (input.tokens.refresh_token !== undefined) fields.refresh_token = input.tokens.refresh_token;
  const expiresAt = expiresAtOf(now, input.tokens);
  await context.store.db.transaction().execute(async (trx) => {
    const { address } = input;
    await saveCredential(trx, context.serviceKeys, { ...address, type: "oauth2", fields, expiresAt, now });
    await withOAuthTables(trx)
      .updateTable("credentials")
      .set({ oauth_token_url: input.tokenUrl, refresh_lease_owner: null, refresh_lease_until: null })
      .where("organization_id", "=", address.organizationId)
      .where("publisher_id", "=", address.publisherId)
      .where("project_id", "=", address.projectId)
      .where("key", "=", address.key)
      .execute();
  });
  return {
    key: input.address.key,
    publisher_id: input.address.publisherId,
    project_id: input.address.projectId === ORGANIZATION_WIDE ? null : input.address.projectId,
    type: "oauth2",
    fields: Object.keys(fields).sort(),
    status: "active",
    expires_at: expiresAt,
    updated_at: now.toISOString(),
  };
}
