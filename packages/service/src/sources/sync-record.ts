import type { Kysely } from "kysely";
import type { GroundContext } from "../context/ground-context.ts";
import type { Database } from "../store/index.ts";
import { renewSourceLease } from "./source-lease.ts";
import { type SourceSyncRow, type SyncState, withSourceTables } from "./source-tables.ts";

/** How often the page in flight writes its progress (and renews the lease): at most every 250 ms. */
const PROGRESS_EVERY_MS = 250;

/**
 * Records a new running sync. A sync still `running` for the source belonged to an instance that died (this one
 * holds the lease now), so it is marked `interrupted`.
 */
export async function startSyncRecord(
  db: Kysely<Database>,
  installationId: string,
  reason: "manual" | "schedule",
  now: Date,
): Promise<SourceSyncRow> {
  const at = now.toISOString();
  const tables = withSourceTables(db);
  await tables
    .updateTable("source_syncs")
    .set({ state: "interrupted", finished_at: at })
    .where("installation_id", "=", installationId)
    .where("state", "=", "running")
    .execute();
  return tables
    .insertInto("source_syncs")
    .values({
      installation_id: installationId,
      reason,
      state: "running",
      error: null,
      started_at: at,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes the page in flight's progress as files arrive, throttled, and at least every third of the lease; each write renews the lease. */
export function trackProgress(
  context: Pick<GroundContext, "store" | "now" | "logger">,
  run: { installationId: string; owner: string; syncId: number; files: number; leaseMs: number },
): { fetched: (count: number) => void; stop: () => Promise<void> } {
  const { db } = context.store;
  let last = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const write = (fetched: number) => {
    last = Date.now();
    writing = writing
      // One transaction, so one commit (on SQLite with synchronous=FULL, a wait for the disk) per write.
      .then(() =>
        db.transaction().execute(async (trx) => {
          await withSourceTables(trx)
            .updateTable("source_syncs")
            .set({ page_files: run.files, page_fetched: fetched })
            .where("id", "=", run.syncId)
            .execute();
          await renewSourceLease(trx, run.installationId, run.owner, context.now(), run.leaseMs);
        }),
      )
      .catch((error: unknown) => context.logger.warn({ err: error }, "could not record sync progress"));
  };
  let fetched = 0;
  write(0);
  // A heartbeat, so one slow file (up to fetch-file's 60 s) never lets the lease lapse.
  const heartbeat = setInterval(() => write(fetched), Math.max(50, run.leaseMs / 3));
  return {
    fetched(count) {
      fetched = count;
      if (Date.now() - last >= PROGRESS_EVERY_MS) write(count);
    },
    stop: async () => {
      clearInterval(heartbeat);
      await writing;
    },
  };
}

/** Records how a sync ended: its state and every error (files skipped, the failure that stopped it). */
export async function finishSyncRecord(
  db: Kysely<Database>,
  syncId: number,
  state: Exclude<SyncState, "running">,
  errors: readonly string[],
  now: Date,
): Promise<SourceSyncRow> {
  return withSourceTables(db)
    .updateTable("source_syncs")
    .set({
      state,
      error: errors.length === 0 ? null : JSON.stringify(errors),
      finished_at: now.toISOString(),
      page_files: 0,
      page_fetched: 0,
    })
    .where("id", "=", syncId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
