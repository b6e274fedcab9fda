import type { GroundContext } from "../context/ground-context.ts";
import { createWakeableSleep } from "../store/wakeable-sleep.ts";
import { withOAuthTables } from "./oauth-tables.ts";
import { ensureFreshCredential } from "./refresh-credential.ts";

/** A6: the refresher renews tokens expiring within this, ahead of any call. */
export const REFRESH_AHEAD_MS = 15 * 60_000;

/** Tuning of the background refresher: how often it looks (default 60 s) and how many it takes a round. */
export interface OAuthRefresherOptions {
  readonly intervalMs?: number;
  readonly batch?: number;
}

/** Renews OAuth tokens on the service's own schedule (A6). */
export interface OAuthRefresher {
  start(): void;
  /** One round now: every active oauth2 credential expiring within 15 minutes, refreshed one after another. */
  refreshDue(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A6: a loop that refreshes every active oauth2 credential expiring within 15 minutes whose lease is free. Each
 * refresh is the same single-flight one an adapter call makes, so instances running their own loops never refresh
 * one credential twice; a revoked grant ends as `needs_reauth` and is skipped from then on.
 */
export function createOAuthRefresher(context: GroundContext, options: OAuthRefresherOptions = {}): OAuthRefresher {
  const alarm = createWakeableSleep();
  let running: Promise<void> | undefined;
  let active = false;

  async function refreshDue(): Promise<number> {
    const now = context.now();
    const due = await withOAuthTables(context.store.db)
      .selectFrom("credentials")
      .select(["organization_id", "publisher_id", "project_id", "key"])
      .where("type", "=", "oauth2")
      .where("status", "=", "active")
      .where("oauth_token_url", "is not", null)
      .where("expires_at", "<=", new Date(now.getTime() + REFRESH_AHEAD_MS).toISOString())
      .where((eb) => eb.or([eb("refresh_lease_until", "is", null), eb("refresh_lease_until", "<", now.toISOString())]))
      .orderBy("expires_at")
      .limit(options.batch ?? 100)
      .execute();
    let refreshed = 0;
    for (const row of due) {
      try {
        const address = {
          organizationId: row.organization_id,
          publisherId: row.publisher_id,
          projectId: row.project_id,
          key: row.key,
        };
        await ensureFreshCredential(context, address, REFRESH_AHEAD_MS);
        refreshed += 1;
      } catch (error) {
        context.logger.warn({ credential: row.key, err: (error as Error).message }, "background oauth refresh failed");
      }
    }
    return refreshed;
  }

  async function loop() {
    while (active) {
      await alarm.sleep(options.intervalMs ?? 60_000);
      if (!active) break;
      await refreshDue().catch((error: unknown) => context.logger.error({ err: error }, "oauth refresher failed"));
    }
  }

  return {
    start() {
      if (active) return;
      active = true;
      running = loop();
    },
    refreshDue,
    async stop() {
      active = false;
      alarm.wake();
      await running;
      running = undefined;
    },
  };
}
