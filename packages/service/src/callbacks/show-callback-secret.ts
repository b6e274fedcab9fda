import type { CallbackSecret } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { readCallbackSecrets } from "./callback-secret.ts";

/** D25: the organization's callback secret as the API shows it (created on first use), with when it came into force. */
export async function showCallbackSecret(
  db: Kysely<Database>,
  key: Buffer,
  organizationId: number,
  now: Date,
): Promise<CallbackSecret> {
  const { secret, createdAt, previous } = await readCallbackSecrets(db, key, organizationId, now);
  return {
    organization_id: organizationId,
    secret,
    created_at: createdAt,
    previous_secret_expires_at: previous?.expiresAt ?? null,
  };
}
