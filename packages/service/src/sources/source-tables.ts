import type { Generated, Kysely, Selectable } from "kysely";
import type { InstallationTables } from "../installations/installation-tables.ts";
import type { Database } from "../store/index.ts";

// The sources module owns these tables (migration 0008-sources).

/** An installation's document source: the folder it syncs, the adapter's cursor and the one-sync-at-a-time lease. */
export interface SourceTable {
  installation_id: string;
  resource_path: string;
  /** The cursor of the last committed page; null before the first. */
  cursor: string | null;
  next_sync_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One synced file: its bytes as the adapter returned them. */
export interface SourceDocumentTable {
  id: Generated<number>;
  installation_id: string;
  path: string;
  fingerprint: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  created_at: string;
  updated_at: string;
}

/** `running`, then `succeeded` or `failed`; `interrupted` when its instance died and a later sync took over. */
export type SyncState = "running" | "succeeded" | "failed" | "interrupted";

/** One sync of a source: its progress and outcome. */
export interface SourceSyncTable {
  id: Generated<number>;
  installation_id: string;
  reason: "manual" | "schedule";
  state: SyncState;
  pages: Generated<number>;
  added: Generated<number>;
  modified: Generated<number>;
  removed: Generated<number>;
  bytes: Generated<number>;
  /** Files to fetch in the page in flight, and how many of them have arrived. */
  page_files: Generated<number>;
  page_fetched: Generated<number>;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

export type SourceTables = {
  sources: SourceTable;
  source_documents: SourceDocumentTable;
  source_syncs: SourceSyncTable;
};
export type SourceRow = Selectable<SourceTable>;
export type SourceSyncRow = Selectable<SourceSyncTable>;
export type SourceDocumentRow = Selectable<SourceDocumentTable>;

/** Views a core connection or transaction with the sources tables (and installations) typed too. */
export function withSourceTables(db: Kysely<Database>): Kysely<Database & InstallationTables & SourceTables> {
  return db.withTables<InstallationTables & SourceTables>();
}
