import type { CredentialSummary } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { ORGANIZATION_WIDE } from "./credential-scope.ts";
import { withCredentialTables } from "./credential-tables.ts";
import { fieldNamesOf } from "./seal-fields.ts";

/**
 * A5, A17: the credentials a project's installations use (and the organization-wide ones of installations made
 * without a project) as the API shows them: keys, publishers, types, field names and dates, never a value.
 */
export async function listCredentialSummaries(
  db: Kysely<Database>,
  scope: { readonly organizationId: number; readonly projectId: number },
): Promise<CredentialSummary[]> {
  const rows = await withCredentialTables(db)
    .selectFrom("credentials")
    .select(["key", "publisher_id", "project_id", "type", "fields_enc", "status", "expires_at", "updated_at"])
    .where("organization_id", "=", scope.organizationId)
    .where("project_id", "in", [scope.projectId, ORGANIZATION_WIDE])
    .orderBy("key")
    .orderBy("publisher_id")
    .orderBy("project_id")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    publisher_id: row.publisher_id,
    project_id: row.project_id === ORGANIZATION_WIDE ? null : row.project_id,
    type: row.type,
    fields: fieldNamesOf(row.fields_enc),
    status: row.status === "needs_reauth" ? "needs_reauth" : "active",
    expires_at: row.expires_at,
    updated_at: row.updated_at,
  }));
}
