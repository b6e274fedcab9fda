import type { CallbackDeliveryJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { listAttempts } from "../outbound-records/list-attempts.ts";
import type { Database } from "../store/index.ts";
import { authorizeRun } from "./authorize-run.ts";
import { withCallbackTables } from "./callback-tables.ts";
import { toCallbackDeliveryJson } from "./to-callback-delivery-json.ts";

/** A run's deliveries shown at most: its events (a handful) and their resends. */
const RUN_CALLBACKS_SHOWN = 100;

/** D510: a run's callback deliveries, newest first, each with its attempts, oldest first. */
export async function listRunCallbacks(
  db: Kysely<Database>,
  principal: Principal,
  runId: number,
): Promise<CallbackDeliveryJson[]> {
  await authorizeRun(db, principal, runId);
  const rows = await withCallbackTables(db)
    .selectFrom("callback_deliveries")
    .selectAll()
    .where("workflow_run_id", "=", runId)
    .orderBy("id", "desc")
    .limit(RUN_CALLBACKS_SHOWN)
    .execute();
  const attempts = await listAttempts(
    db,
    "callback_attempts",
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCallbackDeliveryJson(row, attempts.get(row.id) ?? []));
}
