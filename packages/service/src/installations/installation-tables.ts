import type { Generated, Kysely, Selectable } from "kysely";
import type { AppTables } from "../apps/app-tables.ts";
import type { CredentialTables } from "../credentials/credential-tables.ts";
import type { Database } from "../store/index.ts";

// The installations module owns this table (migration 0005-apps).

/** `active`, or `uninstalled` (kept, so its inbound URL answers 410 rather than 404). */
export type InstallationState = "active" | "uninstalled";

/** An App installed into an organization (A4): an opaque id, the pinned version and the front-desk toggle. */
export interface InstallationTable {
  id: string;
  organization_id: number;
  project_id: number | null;
  app_id: number;
  app_version: number;
  front_desk: number;
  state: InstallationState;
  /** Who `/verify` said the credentials belong to. */
  verified_user: string | null;
  /** D452: the version an upgrade moved it from (migration 0017); null when never moved or moved back. */
  previous_version: Generated<number | null>;
  /** D453: JSON of the upgrade it could not take (version, reason, missing credentials); null otherwise. */
  action_needed: Generated<string | null>;
  created_at: string;
  updated_at: string;
  uninstalled_at: string | null;
}

export type InstallationTables = { installations: InstallationTable };
export type InstallationRow = Selectable<InstallationTable>;

/** The core database with every table of Apps, credentials and installations. */
export type AppsDatabase = Database & AppTables & CredentialTables & InstallationTables;

/** Views a core connection or transaction with the Apps tables typed too. */
export function withInstallationTables(db: Kysely<Database>): Kysely<AppsDatabase> {
  return db.withTables<AppTables & CredentialTables & InstallationTables>();
}
