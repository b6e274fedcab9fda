import type { Kysely } from "kysely";
import type { GroundContext } from "../context/ground-context.ts";
import type { Database } from "../store/index.ts";
import { INBOUND_RETENTION_MS } from "../store/record-retention.ts";
import { withInboundTables } from "./inbound-tables.ts";

/** How often one instance prunes, at most. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Deletes the log entries and dedup keys older than 30 days; returns how many entries went. */
export async function pruneInboundEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - INBOUND_RETENTION_MS).toISOString();
  const inbound = withInboundTables(db);
  await inbound.deleteFrom("inbound_dedup").where("received_at", "<", cutoff).execute();
  const result = await inbound.deleteFrom("inbound_events").where("received_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const lastPruned = new WeakMap<object, number>();

/**
 * Prunes in the background when this instance has not for an hour, riding on inbound traffic (an instance that
 * receives nothing has nothing new to prune); a failure is logged and tried again next hour.
 */
export function pruneInboundEventsNow(context: Pick<GroundContext, "store" | "logger" | "now">): void {
  const now = context.now();
  const last = lastPruned.get(context.store);
  if (last !== undefined && now.getTime() - last < PRUNE_EVERY_MS) return;
  lastPruned.set(context.store, now.getTime());
  pruneInboundEvents(context.store.db, now).catch((error: unknown) => {
    context.logger.warn({ err: error }, "pruning the inbound event log failed; trying again in an hour");
  });
}
