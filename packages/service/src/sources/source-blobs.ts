import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import type { ChunkQueue } from "./chunk-queue.ts";
import { withSourceTables } from "./source-tables.ts";

/** Bytes per stored chunk: while a file streams in, at most this much of it is held (D201). */
export const CHUNK_BYTES = 256 * 1024;

/** Writes one file's bytes into a new blob as they arrive. */
export interface BlobWriter {
  readonly blobId: string;
  /**
   * Takes the next bytes; once a chunk is full it answers a promise that settles when the chunk is queued, which
   * slows the stream to the store. Bytes that do not fill one are only kept (no promise: nothing to wait for, D303).
   */
  write(bytes: Uint8Array): Promise<void> | undefined;
  /** Stores what is left; answers the blob's size. */
  finish(): Promise<number>;
}

/**
 * A blob for one file of an installation. Its chunks are stored through the page's queue as they fill, but no
 * document names the blob until its page commits (`commitPage`), so a sync that stops midway leaves litter, never a
 * document.
 */
export function createBlobWriter(queue: ChunkQueue, installationId: string): BlobWriter {
  const blobId = randomUUID();
  let pending: Buffer[] = [];
  let held = 0;
  let seq = 0;
  let size = 0;
  const store = async (bytes: Buffer) => {
    const chunk = { blob_id: blobId, seq, installation_id: installationId, bytes };
    seq += 1;
    await queue.add(chunk);
  };
  const storeFull = async () => {
    const joined = Buffer.concat(pending, held);
    let at = 0;
    for (; joined.byteLength - at >= CHUNK_BYTES; at += CHUNK_BYTES) await store(joined.subarray(at, at + CHUNK_BYTES));
    pending = at < joined.byteLength ? [joined.subarray(at)] : [];
    held = joined.byteLength - at;
  };
  return {
    blobId,
    write(bytes) {
      pending.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      held += bytes.byteLength;
      size += bytes.byteLength;
      if (held < CHUNK_BYTES) return undefined;
      return storeFull();
    },
    async finish() {
      if (held > 0) await store(Buffer.concat(pending, held));
      pending = [];
      held = 0;
      return size;
    },
  };
}

/** Chunks read from the store at a time while a file is served: about 1 MiB. */
const CHUNKS_PER_READ = 4;

/**
 * A stored file's bytes, a few chunks at a time: its blob's chunks in order, or the bytes kept inline before
 * migration 0012. A blob that a sync replaces while it is being read ends early (its chunks are deleted), which the
 * caller sees as fewer bytes than the document's size.
 */
export async function* readDocumentChunks(
  db: Kysely<Database>,
  document: { blob_id: string | null; content?: Uint8Array | undefined },
): AsyncGenerator<Uint8Array> {
  if (document.blob_id === null) {
    yield new Uint8Array(document.content ?? new Uint8Array());
    return;
  }
  let after = -1;
  for (;;) {
    const chunks = await withSourceTables(db)
      .selectFrom("source_chunks")
      .select(["seq", "bytes"])
      .where("blob_id", "=", document.blob_id)
      .where("seq", ">", after)
      .orderBy("seq")
      .limit(CHUNKS_PER_READ)
      .execute();
    for (const chunk of chunks) yield chunk.bytes;
    if (chunks.length < CHUNKS_PER_READ) return;
    after = Number(chunks[chunks.length - 1]?.seq);
  }
}

/** Deletes blobs' chunks (a file that failed or went over the limit; a document's bytes it no longer names). */
export async function deleteBlobs(db: Kysely<Database>, blobIds: readonly string[]): Promise<void> {
  for (let at = 0; at < blobIds.length; at += 500) {
    await withSourceTables(db)
      .deleteFrom("source_chunks")
      .where("blob_id", "in", blobIds.slice(at, at + 500))
      .execute();
  }
}

/** Deletes an installation's chunks that no document names: what a sync that died or failed mid-page left. */
export async function deleteLitter(db: Kysely<Database>, installationId: string): Promise<void> {
  const tables = withSourceTables(db);
  await tables
    .deleteFrom("source_chunks")
    .where("installation_id", "=", installationId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("source_documents")
            .select("source_documents.id")
            .whereRef("source_documents.blob_id", "=", "source_chunks.blob_id"),
        ),
      ),
    )
    .execute();
}
