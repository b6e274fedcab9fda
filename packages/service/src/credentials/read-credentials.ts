import type { Kysely } from "kysely";
import type { SealingKey } from "../auth/secret-box.ts";
import type { Database } from "../store/index.ts";
import type { CredentialScope } from "./credential-scope.ts";
import { type CredentialRow, withCredentialTables } from "./credential-tables.ts";
import { openFields } from "./seal-fields.ts";

/** A credential record opened for a call: never returned by the API, never logged. */
export interface OpenCredential {
  readonly key: string;
  readonly type: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly status: string;
  readonly expiresAt: string | null;
  readonly updatedAt: string;
}

/** The credential rows of one scope (organization, publisher, project) for some keys, still sealed. */
export async function findCredentialRows(
  db: Kysely<Database>,
  scope: CredentialScope,
  keys: readonly string[],
): Promise<CredentialRow[]> {
  if (keys.length === 0) return [];
  return withCredentialTables(db)
    .selectFrom("credentials")
    .selectAll()
    .where("organization_id", "=", scope.organizationId)
    .where("publisher_id", "=", scope.publisherId)
    .where("project_id", "=", scope.projectId)
    .where("key", "in", keys)
    .execute();
}

/** Opens one scope's records for the given keys; a key without a record is absent from the map. */
export async function readCredentials(
  db: Kysely<Database>,
  sealing: SealingKey,
  scope: CredentialScope,
  keys: readonly string[],
): Promise<Map<string, OpenCredential>> {
  const { organizationId } = scope;
  const rows = await findCredentialRows(db, scope, keys);
  return new Map(
    rows.map((row) => [
      row.key,
      {
        key: row.key,
        type: row.type,
        fields: openFields(sealing, { organizationId, key: row.key }, row.fields_enc),
        status: row.status,
        expiresAt: row.expires_at,
        updatedAt: row.updated_at,
      },
    ]),
  );
}
