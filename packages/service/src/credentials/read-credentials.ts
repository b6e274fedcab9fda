import type { Kysely } from "kysely";
import type { SealingKey } from "../auth/secret-box.ts";
import type { Database } from "../store/index.ts";
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

/** The organization's credential rows for some keys, still sealed. */
export async function findCredentialRows(
  db: Kysely<Database>,
  organizationId: number,
  keys: readonly string[],
): Promise<CredentialRow[]> {
  if (keys.length === 0) return [];
  return withCredentialTables(db)
    .selectFrom("credentials")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("key", "in", keys)
    .execute();
}

/** Opens the organization's records for the given keys; a key without a record is absent from the map. */
export async function readCredentials(
  db: Kysely<Database>,
  sealing: SealingKey,
  organizationId: number,
  keys: readonly string[],
): Promise<Map<string, OpenCredential>> {
  const rows = await findCredentialRows(db, organizationId, keys);
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
