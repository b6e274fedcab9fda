import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import * as oauth from "oauth4webapi";
import { openFields, sealFields } from "../credentials/seal-fields.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { ServiceContext } from "../service-context.ts";
import {
  authorizationServerOf,
  TOKEN_REQUEST_TIMEOUT_MS,
  tokenFailureProblem,
  toTokenFailure,
} from "./authorization-server.ts";
import { type OAuthCredentialRow, withOAuthTables } from "./oauth-tables.ts";
import { claimRefreshLease, REFRESH_LEASE_MS, releaseRefreshLease } from "./refresh-lease.ts";
import { expiresAtOf } from "./store-tokens.ts";

/** A6: an adapter call refreshes first when the access token expires within this. */
export const REFRESH_BEFORE_CALL_MS = 5 * 60_000;

type Context = Pick<ServiceContext, "store" | "serviceKeys" | "outbound" | "logger" | "now">;

/** The 409 of a credential whose grant is gone: someone must connect the account again. */
export function needsReauth(key: string): ServiceError {
  return new ServiceError(
    "conflict",
    `Credential ${key} needs to be connected again: the authorization server revoked its grant (POST /api/v1/oauth/connect).`,
  );
}

async function readRow(context: Context, organizationId: number, key: string) {
  return withOAuthTables(context.store.db)
    .selectFrom("credentials")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("key", "=", key)
    .executeTakeFirst();
}

const isExpiring = (row: OAuthCredentialRow, now: Date, withinMs: number) =>
  row.expires_at !== null && Date.parse(row.expires_at) - now.getTime() <= withinMs;

/**
 * A6: makes sure the organization's oauth2 credential does not expire within `withinMs`, refreshing it if it does.
 * Single flight across instances: one caller claims the row's lease and refreshes; the others wait and re-read, so a
 * rotating provider sees its refresh token once. `invalid_grant` marks the credential `needs_reauth` (409).
 */
export async function ensureFreshCredential(
  context: Context,
  organizationId: number,
  key: string,
  withinMs = REFRESH_BEFORE_CALL_MS,
): Promise<void> {
  const owner = randomUUID();
  const giveUpAt = Date.now() + REFRESH_LEASE_MS + TOKEN_REQUEST_TIMEOUT_MS;
  for (;;) {
    const row = await readRow(context, organizationId, key);
    if (row === undefined || row.type !== "oauth2") return;
    if (row.status === "needs_reauth") throw needsReauth(key);
    if (row.oauth_token_url === null || !isExpiring(row, context.now(), withinMs)) return;
    if (await claimRefreshLease(context.store.db, row.id, owner, context.now())) {
      return refreshClaimed(context, { organizationId, key, owner, withinMs });
    }
    if (Date.now() > giveUpAt) {
      throw new ServiceError("adapter_timeout", `Credential ${key} is being refreshed elsewhere and did not finish.`);
    }
    await sleep(100);
  }
}

interface Claim {
  readonly organizationId: number;
  readonly key: string;
  readonly owner: string;
  readonly withinMs: number;
}

async function refreshClaimed(context: Context, claim: Claim): Promise<void> {
  const db = withOAuthTables(context.store.db);
  // Re-read under the lease: whoever held it before may have refreshed already.
  const row = await readRow(context, claim.organizationId, claim.key);
  if (row === undefined) return;
  const now = context.now();
  if (!isExpiring(row, now, claim.withinMs) || row.oauth_token_url === null) {
    return releaseRefreshLease(context.store.db, row.id, claim.owner);
  }
  const address = { organizationId: claim.organizationId, key: claim.key };
  const fields = openFields(context.serviceKeys, address, row.fields_enc);
  const markNeedsReauth = async () => {
    await db
      .updateTable("credentials")
      .set({
        status: "needs_reauth",
        refresh_lease_owner: null,
        refresh_lease_until: null,
        updated_at: now.toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
    context.logger.warn(
      { organizationId: claim.organizationId, credential: claim.key },
      "oauth grant revoked: needs_reauth",
    );
    return needsReauth(claim.key);
  };
  if (!fields.refresh_token || !fields.client_id || !fields.client_secret) {
    if (Date.parse(row.expires_at ?? "") <= now.getTime()) throw await markNeedsReauth();
    return releaseRefreshLease(context.store.db, row.id, claim.owner);
  }
  let tokens: oauth.TokenEndpointResponse;
  try {
    const server = authorizationServerOf(context, { token_url: row.oauth_token_url });
    const client: oauth.Client = { client_id: fields.client_id };
    const auth = oauth.ClientSecretBasic(fields.client_secret);
    const response = await oauth.refreshTokenGrantRequest(
      server.as,
      client,
      auth,
      fields.refresh_token,
      server.options,
    );
    tokens = await oauth.processRefreshTokenResponse(server.as, client, response);
  } catch (error) {
    const failure = toTokenFailure(error);
    if (failure.kind === "refused" && failure.error === "invalid_grant") throw await markNeedsReauth();
    await releaseRefreshLease(context.store.db, row.id, claim.owner);
    context.logger.warn({ credential: claim.key, failure: failure.kind }, "oauth refresh failed");
    // A token that still works is better than no call at all; an expired one cannot be sent.
    if (Date.parse(row.expires_at ?? "") > now.getTime()) return;
    throw tokenFailureProblem(`The token endpoint of credential ${claim.key}`, failure);
  }
  const fresh = {
    ...fields,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? fields.refresh_token,
  };
  await db
    .updateTable("credentials")
    .set({
      fields_enc: sealFields(context.serviceKeys, address, fresh),
      expires_at: expiresAtOf(now, tokens),
      status: "active",
      updated_at: now.toISOString(),
      refresh_lease_owner: null,
      refresh_lease_until: null,
    })
    .where("id", "=", row.id)
    .where("refresh_lease_owner", "=", claim.owner)
    .execute();
}
