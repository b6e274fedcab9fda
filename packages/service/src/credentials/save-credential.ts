import type { Kysely } from "kysely";
import type { SealingKey } from "../auth/secret-box.ts";
import type { Database } from "../store/index.ts";
import type { CredentialAddress } from "./credential-scope.ts";
import { withCredentialTables } from "./credential-tables.ts";
import { sealFields } from "./seal-fields.ts";

/** A credential record to store: its type, every field in the clear (sealed here), and OAuth's status and expiry. */
export interface CredentialToSave extends CredentialAddress {
  readonly type: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly status?: "active" | "needs_reauth";
  readonly expiresAt?: string | null;
  readonly now: Date;
}

/**
 * A5: creates or replaces the record at an address (organization, publisher, project, key), shared by that
 * publisher's Apps declaring the key in that project. Every field is sealed; the plain values never reach the database.
 */
export async function saveCredential(db: Kysely<Database>, keys: SealingKey, input: CredentialToSave): Promise<void> {
  const at = input.now.toISOString();
  const row = {
    type: input.type,
    fields_enc: sealFields(keys, input, input.fields),
    status: input.status ?? "active",
    expires_at: input.expiresAt ?? null,
    updated_at: at,
  };
  await withCredentialTables(db)
    .insertInto("credentials")
    .values({
      organization_id: input.organizationId,
      publisher_id: input.publisherId,
      project_id: input.projectId,
      key: input.key,
      created_at: at,
      ...row,
    })
    .onConflict((conflict) =>
      conflict.columns(["organization_id", "publisher_id", "project_id", "key"]).doUpdateSet(row),
    )
    .execute();
}
