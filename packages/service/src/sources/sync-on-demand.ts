import type { SourceSyncRow } from "./source-tables.ts";

/** What the API asks of the source syncer (A12); a type only, so service-context.ts can name it without a cycle. */
export interface SyncOnDemand {
  /** Starts a sync now; undefined when one is already running (here or on another instance). */
  syncNow(installationId: string): Promise<SourceSyncRow | undefined>;
  /** Ends the poll's sleep, so a source just set is synced now rather than at the next poll. */
  wake(): void;
}
