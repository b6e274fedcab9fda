import { randomUUID } from "node:crypto";
import type { ListChangesResponse } from "@adapterkit/contract";
import type { GroundContext } from "../context/ground-context.ts";
import { withInstallationTables } from "../installations/installation-tables.ts";
import { commitPage } from "./commit-page.ts";
import { fetchPage } from "./fetch-page.ts";
import { listChanges } from "./list-changes.ts";
import { deleteLitter } from "./source-blobs.ts";
import { claimSourceLease, releaseSourceLease, SYNC_LEASE_MS } from "./source-lease.ts";
import { type SourceSyncRow, withSourceTables } from "./source-tables.ts";
import { finishSyncRecord, startSyncRecord, trackProgress } from "./sync-record.ts";
import { syncTarget } from "./sync-target.ts";

/** A12 tuning: the interval between syncs (15 min), files fetched at once (8, D206), the largest file (64 MiB), pages. */
export interface SyncSettings {
  readonly intervalMs: number;
  readonly concurrency: number;
  readonly maxFileBytes: number;
  /** A guard against an adapter whose cursor never reaches a fixed point. */
  readonly maxPages: number;
  /** How long a sync holds its source without a heartbeat (renewed every third of it while it runs). */
  readonly leaseMs: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  intervalMs: 15 * 60_000,
  concurrency: 8,
  maxFileBytes: 64 * 1024 * 1024,
  maxPages: 10_000,
  leaseMs: SYNC_LEASE_MS,
};

/**
 * Takes the source's lease and records a sync, or answers undefined when another sync holds it. The work itself
 * goes on in `done`, which never rejects: its outcome is in the sync record.
 */
export async function startSync(
  context: GroundContext,
  installationId: string,
  reason: "manual" | "schedule",
  settings: SyncSettings,
): Promise<{ sync: SourceSyncRow; done: Promise<SourceSyncRow> } | undefined> {
  const owner = randomUUID();
  if (!(await claimSourceLease(context.store.db, installationId, owner, context.now(), settings.leaseMs))) {
    return undefined;
  }
  const sync = await startSyncRecord(context.store.db, installationId, reason, context.now());
  const done = runSync(context, { installationId, owner, syncId: sync.id }, settings);
  return { sync, done };
}

/** A page listed before the one before it committed: what it was asked with, and the answer to come. */
interface ListedAhead {
  readonly cursor: string;
  readonly resourcePath: string;
  readonly listing: Promise<ListChangesResponse>;
}

async function runSync(
  context: GroundContext,
  run: { installationId: string; owner: string; syncId: number },
  settings: SyncSettings,
): Promise<SourceSyncRow> {
  const { db } = context.store;
  const skipped: string[] = [];
  let error: string | null = null;
  try {
    const installation = await withInstallationTables(db)
      .selectFrom("installations")
      .selectAll()
      .where("id", "=", run.installationId)
      .executeTakeFirstOrThrow();
    const { target, credentials } = await syncTarget(context, installation);
    // What a sync that died mid-page stored goes first; this sync holds the lease, so none of it is in flight.
    await deleteLitter(db, run.installationId);
    let ahead: ListedAhead | undefined;
    for (let pages = 0; pages < settings.maxPages; pages += 1) {
      const source = await withSourceTables(db)
        .selectFrom("sources")
        .selectAll()
        .where("installation_id", "=", run.installationId)
        .executeTakeFirstOrThrow();
      const request = { credentials, resource_path: source.resource_path, cursor: source.cursor };
      const listed =
        ahead !== undefined && ahead.cursor === source.cursor && ahead.resourcePath === source.resource_path
          ? await ahead.listing
          : await listChanges(context, target, request);
      ahead = undefined;
      if (listed.changes.length > 0 && pages + 1 < settings.maxPages) {
        // The next page is listed while this one's files are fetched (D272): that call is usually the empty page
        // that ends the sync, a second walk of the whole tree. It is used only if this page commits the cursor it
        // was asked with; its failure counts only then too, as it would have.
        const listing = listChanges(context, target, { ...request, cursor: listed.cursor });
        listing.catch(() => {});
        ahead = { cursor: listed.cursor, resourcePath: source.resource_path, listing };
      }
      const progress = trackProgress(context, { ...run, files: listed.changes.length, leaseMs: settings.leaseMs });
      const fetched = await fetchPage(context, listed.changes, {
        installationId: run.installationId,
        target,
        credentials,
        resourcePath: source.resource_path,
        concurrency: settings.concurrency,
        maxFileBytes: settings.maxFileBytes,
        onFetched: progress.fetched,
      });
      await progress.stop();
      skipped.push(...fetched.skipped);
      const page = { changes: listed.changes, documents: fetched.documents, cursor: listed.cursor };
      if (!(await commitPage(db, { ...run, page, now: context.now() }))) {
        throw new Error("The sync lost its lease to another instance; it stopped before applying a page.");
      }
      if (listed.changes.length === 0) break;
    }
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    context.logger.warn({ installation: run.installationId, err: failure }, "source sync failed");
    // The files of the page that failed were stored already; nothing names them.
    await deleteLitter(db, run.installationId).catch((litter: unknown) =>
      context.logger.warn({ err: litter }, "could not delete a failed page's files; the next sync does"),
    );
  }
  const errors = [...skipped, ...(error === null ? [] : [error])];
  const finished = await finishSyncRecord(
    db,
    run.syncId,
    error === null ? "succeeded" : "failed",
    errors,
    context.now(),
  );
  await releaseSourceLease(db, run.installationId, run.owner, new Date(context.now().getTime() + settings.intervalMs));
  return finished;
}
