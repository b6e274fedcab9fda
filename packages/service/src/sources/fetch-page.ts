import type { ChangeEntry, Credentials } from "@adapterkit/contract";
import type { AdapterTarget } from "../adapters/call-adapter.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { ServiceContext } from "../service-context.ts";
import type { FetchedDocument } from "./commit-page.ts";

/** What the files of a page are fetched with. */
export interface PageFetch {
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

type Context = Pick<ServiceContext, "outbound" | "adapterCalls" | "adapterTimeouts">;

/**
 * Fetches a page's added and modified files, `concurrency` at a time. A file over the size limit is skipped and
 * named in `skipped` (it stays too large until it changes); any other failure throws, so the page is not committed
 * and the next sync lists it again.
 */
export async function fetchPage(
  context: Context,
  changes: readonly ChangeEntry[],
  fetch: PageFetch,
): Promise<{ documents: FetchedDocument[]; skipped: string[] }> {
  const wanted = changes.filter((change) => change.status !== "removed");
  const documents: FetchedDocument[] = [];
  const skipped: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const change = wanted[next++] as ChangeEntry & { status: "added" | "modified"; fingerprint: string };
      try {
        const file = await callAdapter(context, fetch.target, "fetch-file", (client) =>
          client.fetchFile(
            { credentials: fetch.credentials, resource_path: fetch.resourcePath, file_path: change.path },
            { maxResponseBytes: fetch.maxFileBytes },
          ),
        );
        documents.push({
          path: change.path,
          status: change.status,
          fingerprint: change.fingerprint,
          contentType: file.contentType,
          bytes: file.bytes,
        });
      } catch (error) {
        if (!(error instanceof ServiceError) || !/body is larger than \d+ bytes/.test(error.message)) throw error;
        skipped.push(`${change.path}: larger than ${fetch.maxFileBytes} bytes`);
      }
      fetch.onFetched(documents.length + skipped.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(fetch.concurrency, wanted.length)) }, worker));
  return { documents, skipped };
}
