import type { GroundContext } from "../context/ground-context.ts";
import type { CredentialAddress } from "../credentials/credential-scope.ts";
import { ServiceError } from "../errors/service-error.ts";
import { type OAuthCredentialRow, withOAuthTables } from "./oauth-tables.ts";

/** The 409 of a credential whose grant is gone: someone must connect the account again (D131). */
export function needsReauth(key: string): ServiceError {
  return new ServiceError(
    "conflict",
    `Credential ${key} needs to be connected again: the authorization server revoked its grant (POST /api/v1/oauth/connect).`,
  );
}

/** The credential row at an address, with its OAuth columns; still sealed. */
export async function readOAuthCredential(
  context: Pick<GroundContext, "store">,
  address: CredentialAddress,
): Promise<OAuthCredentialRow | undefined> {
  return withOAuthTables(context.store.db)
    .selectFrom("credentials")
    .selectAll()
    .where("organization_id", "=", address.organizationId)
    .where("publisher_id", "=", address.publisherId)
    .where("project_id", "=", address.projectId)
    .where("key", "=", address.key)
    .executeTakeFirst();
}

/** Whether a credential's access token expires within `withinMs` of `now` (never, without an expiry). */
export function isExpiring(row: Pick<OAuthCredentialRow, "expires_at">, now: Date, withinMs: number): boolean {
  return row.expires_at !== null && Date.parse(row.expires_at) - now.getTime() <= withinMs;
}
