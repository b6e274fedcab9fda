import type { Kysely, Selectable } from "kysely";
import type { CredentialTable } from "../credentials/credential-tables.ts";
import type { Database } from "../store/index.ts";

// The oauth module owns oauth_states and the credentials' OAuth columns (migration 0006-oauth).

/** A pending authorization (A6): single use, found by the SHA-256 of its `state`, gone after ten minutes. */
export interface OAuthStateTable {
  state_sha256: string;
  organization_id: number;
  app_id: number;
  app_version: number;
  credential_key: string;
  /** The project whose record the tokens go to (migration 0014; null for an authorization begun before it). */
  project_id: number | null;
  pending_enc: string;
  created_at: string;
  expires_at: string;
}

/** The credentials table with the columns 0006-oauth adds. */
export interface OAuthCredentialTable extends CredentialTable {
  /** Where this credential's refresh token is redeemed (the manifest's `token_url` when it was connected). */
  oauth_token_url: string | null;
  /** Who holds the refresh lease, until when (A6 single flight). */
  refresh_lease_owner: string | null;
  refresh_lease_until: string | null;
}

export type OAuthTables = { oauth_states: OAuthStateTable; credentials: OAuthCredentialTable };
export type OAuthCredentialRow = Selectable<OAuthCredentialTable>;

/** Views a core connection or transaction with the oauth tables typed too. */
export function withOAuthTables(db: Kysely<Database>): Kysely<Database & OAuthTables> {
  return db.withTables<OAuthTables>();
}
