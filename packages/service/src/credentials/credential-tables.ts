import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "../store/index.ts";

// The credentials module owns this table (migration 0005-apps); the core's Database type stays unaware of it.

/**
 * One organization's credential for one manifest `key`, one publisher and one project (A5): shared by that
 * publisher's Apps and Skills declaring the key in that project, and by nothing else.
 * `fields_enc` is a JSON object of field name → the value sealed on its own, so names can be shown unopened.
 */
export interface CredentialTable {
  id: Generated<number>;
  organization_id: number;
  /** The organization that registered the Apps sharing this record; 0 for the service's own Skills. */
  publisher_id: number;
  /** The project whose installations use it; 0 for installations made organization-wide. */
  project_id: Generated<number>;
  key: string;
  type: string;
  fields_enc: string;
  /** `active`, or `needs_reauth` once an OAuth grant is revoked (A6). */
  status: Generated<string>;
  /** OAuth2: when the access token expires; null for the other types. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export type CredentialTables = { credentials: CredentialTable };
export type CredentialRow = Selectable<CredentialTable>;

/** Views a core connection or transaction with the credentials table typed too. */
export function withCredentialTables(db: Kysely<Database>): Kysely<Database & CredentialTables> {
  return db.withTables<CredentialTables>();
}
