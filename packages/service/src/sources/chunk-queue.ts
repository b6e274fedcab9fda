import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type SourceChunkTable, withSourceTables } from "./source-tables.ts";

/**
 * Chunks held before they are stored in one statement: 4 MiB or 1,000 chunks (D201). Each write is a commit, which
 * on SQLite with synchronous=FULL waits for the disk, so fewer and larger writes keep the fetches from waiting.
 */
const FLUSH_BYTES = 4 * 1024 * 1024;
const FLUSH_ROWS = 1_000;

/** The chunks of a page's files on their way to the store, written together rather than one commit each. */
export interface ChunkQueue {
  /** Queues a chunk; a full queue is written while the next fills, and a second full one waits for that write. */
  add(chunk: SourceChunkTable): Promise<void>;
  /** Stores every chunk queued; throws if any write failed, so a page whose bytes are not all stored never commits. */
  drain(): Promise<void>;
  /** Drops a blob's queued chunks and deletes the ones stored (a file that failed or went over the limit). */
  discard(blobId: string): Promise<void>;
}

/**
 * A queue whose writes are one multi-row INSERT each, one after another: a page of small files costs a commit per
 * few hundred files instead of one per file, and memory stays at two queues whatever the page's size.
 */
export function createChunkQueue(db: Kysely<Database>): ChunkQueue {
  const tables = withSourceTables(db);
  let queued: SourceChunkTable[] = [];
  let bytes = 0;
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  let failure: unknown;
  const flush = () => {
    const rows = queued;
    queued = [];
    bytes = 0;
    if (rows.length === 0) return writing;
    busy = true;
    writing = writing.then(async () => {
      if (failure === undefined) {
        await tables
          .insertInto("source_chunks")
          .values(rows)
          .execute()
          .catch((error: unknown) => {
            failure = error;
          });
      }
      busy = false;
    });
    return writing;
  };
  return {
    async add(chunk) {
      if (failure !== undefined) throw failure;
      queued.push(chunk);
      bytes += chunk.bytes.byteLength;
      if (bytes < FLUSH_BYTES && queued.length < FLUSH_ROWS) return;
      // One write goes on while the next queue fills; only a second full queue waits (memory: two queues at most).
      if (busy) await writing;
      void flush();
    },
    async drain() {
      await flush();
      if (failure !== undefined) throw failure;
    },
    async discard(blobId) {
      queued = queued.filter((chunk) => chunk.blob_id !== blobId);
      bytes = queued.reduce((sum, chunk) => sum + chunk.bytes.byteLength, 0);
      await writing;
      await tables.deleteFrom("source_chunks").where("blob_id", "=", blobId).execute();
    },
  };
}
