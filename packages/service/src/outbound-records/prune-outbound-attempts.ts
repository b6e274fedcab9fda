import type { Kysely } from "kysely";
import type { GroundContext } from "../context/ground-context.ts";
import type { Database } from "../store/index.ts";
import { INBOUND_RETENTION_MS } from "../store/record-retention.ts";
import { withAttemptTables } from "./attempt-tables.ts";

/** How often one instance prunes, at most. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** D513: deletes the callback and reply attempt records older than 30 days, as inbound events go; returns how many. */
export async function pruneOutboundAttempts(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - INBOUND_RETENTION_MS).toISOString();
  const attempts = withAttemptTables(db);
  let deleted = 0;
  for (const table of ["callback_attempts", "reply_attempts"] as const) {
    const result = await attempts.deleteFrom(table).where("started_at", "<", cutoff).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

const lastPruned = new WeakMap<object, number>();

/**
 * Prunes in the background when this instance has not for an hour, riding on the dispatchers' attempts (an
 * instance that sends nothing writes nothing new to prune); a failure is logged and tried again next hour.
 */
export function pruneOutboundAttemptsNow(context: Pick<GroundContext, "store" | "logger" | "now">): void {
  const now = context.now();
  const last = lastPruned.get(context.store);
  if (last !== undefined && now.getTime() - last < PRUNE_EVERY_MS) return;
  lastPruned.set(context.store, now.getTime());
  pruneOutboundAttempts(context.store.db, now).catch((error: unknown) => {
    context.logger.warn({ err: error }, "pruning the outbound attempt records failed; trying again in an hour");
  });
}
