import type { UpgradeOutcome, UpgradeState } from "@adapterkit/contract";
import type { Generated, Kysely, Selectable } from "kysely";
import type { AppTables } from "../apps/app-tables.ts";
import type { CredentialTables } from "../credentials/credential-tables.ts";
import type { AppsDatabase, InstallationTables } from "../installations/installation-tables.ts";
import type { Database } from "../store/index.ts";

// The upgrades module owns these tables (migration 0022-upgrade-jobs).

/** D580: one upgrade of an App's installations, with its lease while a worker runs it (as a review's). */
export interface UpgradeJobTable {
  id: Generated<number>;
  app_id: number;
  organization_id: number;
  to_version: number;
  /** JSON array of the versions the chosen installations were on. */
  from_versions: string;
  share_percent: number | null;
  share_count: number | null;
  requested_by_token_id: number | null;
  requested_by: string;
  state: UpgradeState;
  /** 1 once a cancel was asked for a running job; its worker stops after the installation in hand. */
  cancel_requested: Generated<number>;
  total: Generated<number>;
  done: Generated<number>;
  moved: Generated<number>;
  kept: Generated<number>;
  action_needed: Generated<number>;
  error: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  attempts: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/** One installation a job chose, in the order it is handled; `outcome` null until handled (D581). */
export interface UpgradeJobItemTable {
  job_id: number;
  position: number;
  installation_id: string;
  from_version: number;
  outcome: UpgradeOutcome | null;
  reason: string | null;
  handled_at: string | null;
}

export type UpgradeTables = { upgrade_jobs: UpgradeJobTable; upgrade_job_items: UpgradeJobItemTable };
export type UpgradeJobRow = Selectable<UpgradeJobTable>;
export type UpgradeJobItemRow = Selectable<UpgradeJobItemTable>;

/** Views a core connection or transaction with the upgrade tables (and the Apps and installations ones) typed too. */
export function withUpgradeTables(db: Kysely<Database>): Kysely<AppsDatabase & UpgradeTables> {
  return db.withTables<AppTables & CredentialTables & InstallationTables & UpgradeTables>();
}
