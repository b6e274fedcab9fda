import type { Kysely } from "kysely";
import type { DeliveryRow, DeliveryTable } from "../front-desk/front-desk-tables.ts";
import { claimDueRows } from "../store/claim-due-rows.ts";
import type { Database, DialectName } from "../store/index.ts";

/** Claims up to `limit` due replies, oldest due first, as the callback outbox does (see `claimDueRows`). */
export function claimDeliveries(
  db: Kysely<Database>,
  options: { dialect: DialectName; limit: number; leaseMs: number; now: Date },
): Promise<DeliveryRow[]> {
  return claimDueRows<DeliveryTable>(db, { ...options, table: "deliveries" });
}
