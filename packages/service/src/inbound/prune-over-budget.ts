import type { Kysely } from "kysely";
import type { GroundContext } from "../context/ground-context.ts";
import type { Database } from "../store/index.ts";
import { withInboundTables } from "./inbound-tables.ts";

/** D524: the bytes of event records one installation keeps by default: 64 MiB. */
export const DEFAULT_INBOUND_BUDGET_BYTES = 64 * 1024 * 1024;

/** The share of the budget an installation may write on this instance before its total is counted again. */
const CHECK_EVERY_SHARE = 8;

/** Installations whose written bytes one instance tracks at most; the oldest entries go first. */
const MAX_TRACKED = 10_000;

/**
 * Deletes an installation's oldest event records until what it keeps fits the budget (D524): the newest records whose
 * sizes add up to at most `budgetBytes` stay. Returns how many records went.
 */
export async function pruneOverBudget(db: Kysely<Database>, installationId: string, budgetBytes: number) {
  const inbound = withInboundTables(db);
  const rows = await inbound
    .selectFrom("inbound_events")
    .select(["id", "stored_bytes"])
    .where("installation_id", "=", installationId)
    .orderBy("id", "desc")
    .execute();
  let total = 0;
  const over = rows.find((row) => {
    total += row.stored_bytes;
    return total > budgetBytes;
  });
  if (over === undefined) return 0;
  const result = await inbound
    .deleteFrom("inbound_events")
    .where("installation_id", "=", installationId)
    .where("id", "<=", over.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const written = new WeakMap<object, Map<string, number>>();

/**
 * Counts the bytes an installation's records took on this instance, and once they pass an eighth of the budget
 * prunes it to the budget in the background (a failure is logged; the next eighth tries again). Counting here keeps
 * the sum off the path of every event, and a noisy App cannot outrun its budget by more than an eighth per instance.
 */
export function noteStoredBytes(
  context: Pick<GroundContext, "store" | "logger" | "inboundBudgetBytes">,
  installationId: string,
  bytes: number,
): void {
  let byInstallation = written.get(context.store);
  if (byInstallation === undefined) {
    byInstallation = new Map();
    written.set(context.store, byInstallation);
  }
  const total = (byInstallation.get(installationId) ?? 0) + bytes;
  byInstallation.delete(installationId);
  if (total < context.inboundBudgetBytes / CHECK_EVERY_SHARE) {
    byInstallation.set(installationId, total);
    if (byInstallation.size > MAX_TRACKED) byInstallation.delete(byInstallation.keys().next().value as string);
    return;
  }
  pruneOverBudget(context.store.db, installationId, context.inboundBudgetBytes).catch((error: unknown) => {
    context.logger.warn({ err: error, installationId }, "pruning an installation's event records to its budget failed");
  });
}
