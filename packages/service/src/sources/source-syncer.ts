import type { SourceJson, SourceSyncJson } from "@adapterkit/contract";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { createWakeableSleep } from "../store/wakeable-sleep.ts";
import { configureSource } from "./configure-source.ts";
import { listDueSources } from "./list-due-sources.ts";
import { DEFAULT_SYNC_SETTINGS, type SyncSettings, startSync } from "./run-sync.ts";
import { showSource } from "./show-source.ts";
import { withSourceTables } from "./source-tables.ts";
import type { SyncOnDemand } from "./sync-on-demand.ts";
import { toSyncJson } from "./to-source-json.ts";

/** A12 options: the sync settings, and how often due sources are looked for (default every 30 s). */
export interface SourceSyncerOptions extends Partial<SyncSettings> {
  readonly pollMs?: number;
  /** False: no poll, on-demand syncs only (tests). */
  readonly poll?: boolean;
}

/** Runs each source's sync every interval, and on demand. */
export interface SourceSyncer extends SyncOnDemand {
  start(): void;
  /** Syncs every due source once (what each poll does). */
  syncDue(): Promise<void>;
  /** For the CLI (the operator, no token): sets an installation's folder (D164). */
  configure(installationId: string, resourcePath: string, reset: boolean): Promise<SourceJson>;
  /** An installation's source; 404 when none is set. */
  show(installationId: string): Promise<SourceJson>;
  /** One sync as the API shows it. */
  showSync(syncId: number): Promise<SourceSyncJson>;
  /** Waits for the syncs this instance runs. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** The sources syncer of a service: a poll for due sources and the syncs it or the API started. */
export function createSourceSyncer(context: GroundContext, options: SourceSyncerOptions = {}): SourceSyncer {
  const settings: SyncSettings = { ...DEFAULT_SYNC_SETTINGS, ...options };
  const pollMs = options.pollMs ?? 30_000;
  const alarm = createWakeableSleep();
  const running = new Set<Promise<unknown>>();
  let loop: Promise<void> | undefined;
  let active = false;

  async function begin(installationId: string, reason: "manual" | "schedule") {
    const started = await startSync(context, installationId, reason, settings);
    if (started === undefined) return undefined;
    running.add(started.done);
    void started.done.finally(() => running.delete(started.done));
    return started;
  }

  async function syncDue() {
    for (const installationId of await listDueSources(context.store.db, context.now())) {
      if (!active && loop !== undefined) return;
      await (await begin(installationId, "schedule"))?.done;
    }
  }

  async function poll() {
    while (active) {
      // Only a wake that comes after this look may cut the next sleep short (else a wake would spin the loop).
      alarm.clear();
      try {
        await syncDue();
      } catch (error) {
        context.logger.error({ err: error }, "looking for due sources failed; trying again next poll");
      }
      await alarm.sleep(pollMs);
    }
  }

  return {
    start() {
      if (active) return;
      active = true;
      loop = poll();
    },
    syncNow: async (installationId) => (await begin(installationId, "manual"))?.sync,
    async configure(installationId, resourcePath, reset) {
      const installation = await withSourceTables(context.store.db)
        .selectFrom("installations")
        .select("state")
        .where("id", "=", installationId)
        .executeTakeFirst();
      if (installation === undefined) throw new ServiceError("not_found", `No installation ${installationId}.`);
      if (installation.state !== "active")
        throw new ServiceError("conflict", `Installation ${installationId} is uninstalled.`);
      await configureSource(context.store.db, { installationId, resourcePath, reset, now: context.now() });
      alarm.wake();
      return showSource(context, installationId);
    },
    show: (installationId) => showSource(context, installationId),
    async showSync(syncId) {
      const row = await withSourceTables(context.store.db)
        .selectFrom("source_syncs")
        .selectAll()
        .where("id", "=", syncId)
        .executeTakeFirst();
      if (row === undefined) throw new ServiceError("not_found", `No sync ${syncId}.`);
      return toSyncJson(row);
    },
    syncDue,
    wake: () => alarm.wake(),
    idle: async () => {
      await Promise.all([...running]);
    },
    async stop() {
      active = false;
      alarm.wake();
      await loop;
      await Promise.all([...running]);
    },
  };
}
