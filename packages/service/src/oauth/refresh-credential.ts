import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { GroundContext } from "../context/ground-context.ts";
import type { CredentialAddress } from "../credentials/credential-scope.ts";
import { ServiceError } from "../errors/service-error.ts";
import { TOKEN_REQUEST_TIMEOUT_MS } from "./authorization-server.ts";
import { isExpiring, needsReauth, readOAuthCredential } from "./oauth-credential-row.ts";
import { refreshClaimed } from "./refresh-claimed.ts";
import { claimRefreshLease, REFRESH_LEASE_MS } from "./refresh-lease.ts";

/** A6: an adapter call refreshes first when the access token expires within this. */
export const REFRESH_BEFORE_CALL_MS = 5 * 60_000;

/** How often a caller that lost the lease looks whether the winner has finished. */
const WAIT_STEP_MS = 100;

type Context = Pick<GroundContext, "store" | "serviceKeys" | "outbound" | "logger" | "now">;

/**
 * A6: makes sure the oauth2 credential at an address does not expire within `withinMs`, refreshing it if it does.
 * Single flight across instances: one caller claims the row's lease and refreshes; the others wait and re-read, so a
 * rotating provider sees its refresh token once. `invalid_grant` marks the credential `needs_reauth` (409).
 * @example await ensureFreshCredential(context, { ...scope, key: "tasks_oauth" });
 */
export async function ensureFreshCredential(
  context: Context,
  address: CredentialAddress,
  withinMs = REFRESH_BEFORE_CALL_MS,
): Promise<void> {
  const owner = randomUUID();
  const giveUpAt = Date.now() + REFRESH_LEASE_MS + TOKEN_REQUEST_TIMEOUT_MS;
  for (;;) {
    const row = await readOAuthCredential(context, address);
    if (row === undefined || row.type !== "oauth2") return;
    if (row.status === "needs_reauth") throw needsReauth(address.key);
    if (row.oauth_token_url === null || !isExpiring(row, context.now(), withinMs)) return;
    if (await claimRefreshLease(context.store.db, row.id, owner, context.now())) {
      return refreshClaimed(context, { address, owner, withinMs });
    }
    if (Date.now() > giveUpAt) {
      throw new ServiceError(
        "adapter_timeout",
        `Credential ${address.key} is being refreshed elsewhere and did not finish.`,
      );
    }
    await sleep(WAIT_STEP_MS);
  }
}
