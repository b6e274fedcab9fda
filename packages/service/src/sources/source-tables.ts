import type { Generated, Kysely, Selectable } from "kysely";
import type { InstallationTables } from "../installations/installation-tables.ts";
import type { Database } from "../store/index.ts";

// The sources module owns these tables (migrations 0008-sources, 0012-source-chunks).

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

/** One synced file: its bytes as the adapter returned them, in its blob's chunks (or, from before 0012, `content`). */
export interface SourceDocumentTable {
  id: Generated<number>;
  installation_id: string;
  path: string;
  fingerprint: string;
  content_type: string;
  size: number;
  /** Empty when the bytes are in `blob_id`'s chunks. */
  content: Uint8Array;
  blob_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A piece of a file's bytes, in order of `seq`; a blob no document names is a page still in flight, or litter. */
export interface SourceChunkTable {
  blob_id: string;
  seq: number;
  installation_id: string;
  bytes: Uint8Array;
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
  source_chunks: SourceChunkTable;
  source_syncs: SourceSyncTable;
};
export type SourceRow = Selectable<SourceTable>;
export type SourceSyncRow = Selectable<SourceSyncTable>;
export type SourceDocumentRow = Selectable<SourceDocumentTable>;

/** Views a core connection or transaction with the sources tables (and installations) typed too. */
export function withSourceTables(db: Kysely<Database>): Kysely<Database & InstallationTables & SourceTables> {
  return db.withTables<InstallationTables & SourceTables>();
}
