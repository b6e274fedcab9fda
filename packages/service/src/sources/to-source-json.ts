import type { SourceDocumentJson, SourceJson, SourceSyncJson } from "@adapterkit/contract";
import type { SourceDocumentRow, SourceRow, SourceSyncRow } from "./source-tables.ts";

/** A sync as the API shows it. */
export function toSyncJson(row: SourceSyncRow): SourceSyncJson {
  return {
    id: Number(row.id),
    installation_id: row.installation_id,
    reason: row.reason,
    state: row.state,
    pages: Number(row.pages),
    added: Number(row.added),
    modified: Number(row.modified),
    removed: Number(row.removed),
    bytes: Number(row.bytes),
    page: row.state === "running" ? { files: Number(row.page_files), fetched: Number(row.page_fetched) } : null,
    errors: row.error === null ? [] : (JSON.parse(row.error) as string[]),
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** A document's metadata as the API shows it (never its bytes). */
export function toDocumentJson(row: Omit<SourceDocumentRow, "content" | "blob_id">): SourceDocumentJson {
  return {
    id: Number(row.id),
    installation_id: row.installation_id,
    path: row.path,
    fingerprint: row.fingerprint,
    content_type: row.content_type,
    size: Number(row.size),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A source as the API shows it. */
export function toSourceJson(
  row: SourceRow,
  documents: number,
  lastSync: SourceSyncRow | undefined,
  now: Date,
): SourceJson {
  return {
    installation_id: row.installation_id,
    resource_path: row.resource_path,
    next_sync_at: row.next_sync_at,
    syncing: row.lease_owner !== null && (row.lease_expires_at ?? "") > now.toISOString(),
    documents,
    last_sync: lastSync === undefined ? null : toSyncJson(lastSync),
  };
}
