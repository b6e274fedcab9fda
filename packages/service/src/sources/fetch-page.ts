import type { ChangeEntry, Credentials } from "@adapterkit/contract";
import { type AdapterTarget, adapterClientFor, settleAdapterCall } from "../adapters/call-adapter.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { createChunkQueue } from "./chunk-queue.ts";
import type { FetchedDocument } from "./commit-page.ts";
import { createBlobWriter } from "./source-blobs.ts";

/** What the files of a page are fetched with. */
export interface PageFetch {
  readonly installationId: string;
  readonly target: AdapterTarget;
  readonly credentials: Credentials;
  readonly resourcePath: string;
  /** Files fetched at once (A12's bounded concurrency). */
  readonly concurrency: number;
  /** The largest file taken, in bytes; the client stops reading past it. */
  readonly maxFileBytes: number;
  /** Called as each file arrives (progress and the lease's heartbeat). */
  readonly onFetched: (fetched: number) => void;
}

type Context = Pick<GroundContext, "store" | "outbound" | "adapterCalls" | "adapterTimeouts">;

// The client's limit ("body is larger than N bytes") and the adapter's own (D8's 413), as callAdapter words them.
const OVER_OUR_LIMIT = /body is larger than \d+ bytes/;
const OVER_ADAPTER_LIMIT = /HTTP 413 payload_too_large/;

/**
 * Fetches a page's added and modified files, `concurrency` at a time, each streamed into a blob of its own as it
 * arrives (D201): what is held is a chunk per file in flight, never a file or the page. A file over the size limit
 * is skipped and named in `skipped` (it stays too large until it changes), and what was stored of it deleted; any
 * other failure deletes the file's blob and throws, so the page is not committed and the next sync lists it again.
 */
export async function fetchPage(
  context: Context,
  changes: readonly ChangeEntry[],
  fetch: PageFetch,
): Promise<{ documents: FetchedDocument[]; skipped: string[] }> {
  const queue = createChunkQueue(context.store.db);
  // One client for the page: its files go to one adapter, through the service's shared connection pool.
  const client = adapterClientFor(context, fetch.target);
  const request = (path: string) => ({
    credentials: fetch.credentials,
    resource_path: fetch.resourcePath,
    file_path: path,
  });
  // A path listed twice is fetched once, as its last entry says (one statement upserts the page's documents).
  const byPath = new Map(
    changes.filter((change) => change.status !== "removed").map((change) => [change.path, change]),
  );
  const wanted = [...byPath.values()];
  const documents: FetchedDocument[] = [];
  const skipped: string[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    // After a failure the page will not commit, so the other workers stop at their next file.
    while (!failed && next < wanted.length) {
      const change = wanted[next++] as ChangeEntry & { status: "added" | "modified"; fingerprint: string };
      const blob = createBlobWriter(queue, fetch.installationId);
      try {
        const result = await client.fetchFileTo(request(change.path), (bytes) => blob.write(bytes), {
          maxResponseBytes: fetch.maxFileBytes,
        });
        const file = settleAdapterCall(context, { target: fetch.target, endpoint: "fetch-file" }, result);
        const size = await blob.finish();
        const { path, status, fingerprint } = change;
        documents.push({ path, status, fingerprint, contentType: file.contentType, size, blobId: blob.blobId });
      } catch (error) {
        await queue.discard(blob.blobId);
        try {
          skipped.push(tooLarge(error, change.path, fetch.maxFileBytes));
        } catch (failure) {
          failed = true;
          throw failure;
        }
      }
      fetch.onFetched(documents.length + skipped.length);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(fetch.concurrency, wanted.length)) }, worker);
  // Every worker ends before the queue is drained: a failed page leaves no write behind it.
  const ended = await Promise.allSettled(workers);
  await client.close();
  await queue.drain();
  for (const outcome of ended) if (outcome.status === "rejected") throw outcome.reason;
  return { documents, skipped };
}

/** The sync's error for a file over a size limit; any other failure is rethrown. */
function tooLarge(error: unknown, path: string, maxFileBytes: number): string {
  if (error instanceof ServiceError && OVER_OUR_LIMIT.test(error.message)) {
    return `${path}: not synced: larger than the ${maxFileBytes}-byte limit for a file (sources.maxFileBytes)`;
  }
  if (error instanceof ServiceError && OVER_ADAPTER_LIMIT.test(error.message)) {
    return `${path}: not synced: the adapter refused it as too large (${error.message})`;
  }
  throw error;
}
