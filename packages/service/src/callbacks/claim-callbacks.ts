import type { Kysely } from "kysely";
import { claimDueRows } from "../store/claim-due-rows.ts";
import type { Database, DialectName } from "../store/index.ts";
import type { CallbackDeliveryRow, CallbackDeliveryTable } from "./callback-tables.ts";

/** Claims up to `limit` due callbacks, oldest due first, leasing each for `leaseMs` (see `claimDueRows`). */
export function claimCallbacks(
  db: Kysely<Database>,
  options: { dialect: DialectName; limit: number; leaseMs: number; now: Date },
): Promise<CallbackDeliveryRow[]> {
  return claimDueRows<CallbackDeliveryTable>(db, { ...options, table: "callback_deliveries" });
}
