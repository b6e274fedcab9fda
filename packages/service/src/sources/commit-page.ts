import type { ChangeEntry } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { deleteBlobs } from "./source-blobs.ts";
import { withSourceTables } from "./source-tables.ts";

/** A fetched file of a page: its bytes are in the blob `blobId` already. */
export interface FetchedDocument {
  readonly path: string;
  readonly status: "added" | "modified";
  readonly fingerprint: string;
  readonly contentType: string;
  readonly size: number;
  readonly blobId: string;
}

/** One listed page, its files fetched, ready to apply. */
export interface FetchedPage {
  readonly changes: readonly ChangeEntry[];
  readonly documents: readonly FetchedDocument[];
  readonly cursor: string;
}

// Rows per statement: 9 parameters each stays far inside SQLite's and PostgreSQL's limits.
const BATCH = 500;
const EMPTY = Buffer.alloc(0);

function batches<T>(items: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / BATCH) }, (_, index) =>
    items.slice(index * BATCH, (index + 1) * BATCH),
  );
}

/**
 * A12: applies a page and stores its cursor in one transaction, while `owner` still holds the lease: added and
 * modified files are upserted by path, naming the blobs their bytes were streamed into, removed ones deleted, the
 * blobs no document names any more deleted, the sync's tallies advanced. False (nothing written) when the lease was
 * lost, so two instances never both apply a page.
 */
export async function commitPage(
  db: Kysely<Database>,
  input: { installationId: string; owner: string; syncId: number; page: FetchedPage; now: Date },
): Promise<boolean> {
  const { installationId, page } = input;
  const at = input.now.toISOString();
  return db.transaction().execute(async (raw) => {
    const trx = withSourceTables(raw);
    const held = await trx
      .updateTable("sources")
      .set({ cursor: page.cursor, updated_at: at })
      .where("installation_id", "=", installationId)
      .where("lease_owner", "=", input.owner)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) return false;
    const removed = page.changes.filter((change) => change.status === "removed").map((change) => change.path);
    // The blobs the page's paths named until now: replaced or removed, they go once the page is applied.
    const replaced: string[] = [];
    for (const paths of batches([...removed, ...page.documents.map((document) => document.path)])) {
      const rows = await trx
        .selectFrom("source_documents")
        .select("blob_id")
        .where("installation_id", "=", installationId)
        .where("path", "in", paths)
        .where("blob_id", "is not", null)
        .execute();
      for (const row of rows) replaced.push(row.blob_id as string);
    }
    for (const paths of batches(removed)) {
      await trx
        .deleteFrom("source_documents")
        .where("installation_id", "=", installationId)
        .where("path", "in", paths)
        .execute();
    }
    for (const documents of batches(page.documents)) {
      await trx
        .insertInto("source_documents")
        .values(
          documents.map((document) => ({
            installation_id: installationId,
            path: document.path,
            fingerprint: document.fingerprint,
            content_type: document.contentType,
            size: document.size,
            content: EMPTY,
            blob_id: document.blobId,
            created_at: at,
            updated_at: at,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["installation_id", "path"]).doUpdateSet((eb) => ({
            fingerprint: eb.ref("excluded.fingerprint"),
            content_type: eb.ref("excluded.content_type"),
            size: eb.ref("excluded.size"),
            content: eb.ref("excluded.content"),
            blob_id: eb.ref("excluded.blob_id"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    }
    await deleteBlobs(raw, replaced);
    const count = (status: FetchedDocument["status"]) => page.documents.filter((doc) => doc.status === status).length;
    const bytes = page.documents.reduce((sum, document) => sum + document.size, 0);
    await trx
      .updateTable("source_syncs")
      .set((eb) => ({
        pages: eb("pages", "+", 1),
        added: eb("added", "+", count("added")),
        modified: eb("modified", "+", count("modified")),
        removed: eb("removed", "+", removed.length),
        bytes: eb("bytes", "+", bytes),
        page_files: 0,
        page_fetched: 0,
      }))
      .where("id", "=", input.syncId)
      .execute();
    return true;
  });
}
