import type * as oauth from "oauth4webapi";
import type { GroundContext } from "../context/ground-context.ts";
import type { CredentialAddress } from "../credentials/credential-scope.ts";
import { openFields, sealFields } from "../credentials/seal-fields.ts";
import { tokenFailureProblem, toTokenFailure } from "./authorization-server.ts";
import { isExpiring, needsReauth, readOAuthCredential } from "./oauth-credential-row.ts";
import { type OAuthCredentialRow, withOAuthTables } from "./oauth-tables.ts";
import { releaseRefreshLease } from "./refresh-lease.ts";
import { redeemRefreshToken } from "./request-tokens.ts";
import { expiresAtOf } from "./store-tokens.ts";

type Context = Pick<GroundContext, "store" | "serviceKeys" | "outbound" | "logger" | "now">;

/** A refresh lease this caller holds on one credential. */
export interface Claim {
  readonly address: CredentialAddress;
  readonly owner: string;
  readonly withinMs: number;
}

const cleared = { refresh_lease_owner: null, refresh_lease_until: null } as const;

async function markNeedsReauth(context: Context, row: OAuthCredentialRow, claim: Claim) {
  await withOAuthTables(context.store.db)
    .updateTable("credentials")
    .set({ status: "needs_reauth", updated_at: context.now().toISOString(), ...cleared })
    .where("id", "=", row.id)
    .execute();
  const { organizationId, key } = claim.address;
  context.logger.warn({ organizationId, credential: key }, "oauth grant revoked");
  return needsReauth(key);
}

/**
 * Refreshes a credential under the lease the caller holds (D131): re-reads it (a previous holder may have refreshed),
 * redeems the refresh token, and writes the new tokens with the lease cleared in one statement.
 */
export async function refreshClaimed(context: Context, claim: Claim): Promise<void> {
  const row = await readOAuthCredential(context, claim.address);
  if (row === undefined) return;
  const now = context.now();
  const release = () => releaseRefreshLease(context.store.db, row.id, claim.owner);
  if (!isExpiring(row, now, claim.withinMs) || row.oauth_token_url === null) return release();
  const fields = openFields(context.serviceKeys, claim.address, row.fields_enc);
  const stillValid = Date.parse(row.expires_at ?? "") > now.getTime();
  const { client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken } = fields;
  if (!refreshToken || !clientId || !clientSecret) {
    if (!stillValid) throw await markNeedsReauth(context, row, claim);
    return release();
  }
  let tokens: oauth.TokenEndpointResponse;
  try {
    const client = { client_id: clientId, client_secret: clientSecret };
    tokens = await redeemRefreshToken(context, row.oauth_token_url, { client, refreshToken });
  } catch (error) {
    const failure = toTokenFailure(error);
    if (failure.kind === "refused" && failure.error === "invalid_grant")
      throw await markNeedsReauth(context, row, claim);
    await release();
    context.logger.warn({ credential: claim.address.key, failure: failure.kind }, "oauth refresh failed");
    // A token that still works is better than no call at all; an expired one cannot be sent.
    if (stillValid) return;
    throw tokenFailureProblem(`The token endpoint of credential ${claim.address.key}`, failure);
  }
  const fresh = { ...fields, access_token: tokens.access_token, refresh_token: tokens.refresh_token ?? refreshToken };
  await withOAuthTables(context.store.db)
    .updateTable("credentials")
    .set({
      fields_enc: sealFields(context.serviceKeys, claim.address, fresh),
      expires_at: expiresAtOf(now, tokens),
      status: "active",
      updated_at: now.toISOString(),
      ...cleared,
    })
    .where("id", "=", row.id)
    .where("refresh_lease_owner", "=", claim.owner)
    .execute();
}
