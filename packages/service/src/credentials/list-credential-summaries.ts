import type { CredentialSummary } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withCredentialTables } from "./credential-tables.ts";
import { fieldNamesOf } from "./seal-fields.ts";

/** A5: the organization's credentials as the API shows them: keys, types, field names and dates, never a value. */
export async function listCredentialSummaries(
  db: Kysely<Database>,
  organizationId: number,
): Promise<CredentialSummary[]> {
  const rows = await withCredentialTables(db)
    .selectFrom("credentials")
    .select(["key", "type", "fields_enc", "status", "expires_at", "updated_at"])
    .where("organization_id", "=", organizationId)
    .orderBy("key")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    type: row.type,
    fields: fieldNamesOf(row.fields_enc),
    status: row.status === "needs_reauth" ? "needs_reauth" : "active",
    expires_at: row.expires_at,
    updated_at: row.updated_at,
  }));
}
