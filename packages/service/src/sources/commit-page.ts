import type { ChangeEntry } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withSourceTables } from "./source-tables.ts";

/** A fetched file of a page. */
export interface FetchedDocument {
  readonly path: string;
  readonly status: "added" | "modified";
  readonly fingerprint: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** One listed page, its files fetched, ready to apply. */
export interface FetchedPage {
  readonly changes: readonly ChangeEntry[];
  readonly documents: readonly FetchedDocument[];
  readonly cursor: string;
}

/**
 * A12: applies a page and stores its cursor in one transaction, while `owner` still holds the lease: added and
 * modified files are upserted by path, removed ones deleted, the sync's tallies advanced. False (nothing written)
 * when the lease was lost, so two instances never both apply a page.
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
    for (const path of removed) {
      await trx
        .deleteFrom("source_documents")
        .where("installation_id", "=", installationId)
        .where("path", "=", path)
        .execute();
    }
    let bytes = 0;
    for (const document of page.documents) {
      bytes += document.bytes.byteLength;
      const values = {
        fingerprint: document.fingerprint,
        content_type: document.contentType,
        size: document.bytes.byteLength,
        content: Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength),
        updated_at: at,
      };
      await trx
        .insertInto("source_documents")
        .values({ installation_id: installationId, path: document.path, created_at: at, ...values })
        .onConflict((oc) => oc.columns(["installation_id", "path"]).doUpdateSet(values))
        .execute();
    }
    const count = (status: FetchedDocument["status"]) => page.documents.filter((doc) => doc.status === status).length;
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
