import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type AttemptRow, type AttemptTableName, withAttemptTables } from "./attempt-tables.ts";

/** The attempt records of these deliveries, oldest first, grouped by delivery id (one query for a whole page). */
export async function listAttempts(
  db: Kysely<Database>,
  table: AttemptTableName,
  deliveryIds: readonly number[],
): Promise<Map<number, AttemptRow[]>> {
  const byDelivery = new Map<number, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await withAttemptTables(db)
    .selectFrom(table)
    .selectAll()
    .where("delivery_id", "in", [...deliveryIds])
    .orderBy("delivery_id")
    .orderBy("attempt")
    .execute();
  for (const row of rows) byDelivery.get(row.delivery_id)?.push(row);
  return byDelivery;
}
