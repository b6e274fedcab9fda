import type { CallbackSecret } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { readCallbackSecret } from "./callback-secret.ts";
import { withCallbackTables } from "./callback-tables.ts";

/** D25: the organization's callback secret as the API shows it (created on first use), with when it came into force. */
export async function showCallbackSecret(
  db: Kysely<Database>,
  key: Buffer,
  organizationId: number,
): Promise<CallbackSecret> {
  const secret = await readCallbackSecret(db, key, organizationId);
  const row = await withCallbackTables(db)
    .selectFrom("callback_secrets")
    .select("created_at")
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return { organization_id: organizationId, secret, created_at: row.created_at };
}
