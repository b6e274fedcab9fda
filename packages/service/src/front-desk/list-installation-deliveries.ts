import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type DeliveryRow, withFrontDeskTables } from "./front-desk-tables.ts";

/** A11: an installation's latest front-desk deliveries, newest first, with their status (the outbox's rows). */
export async function listInstallationDeliveries(
  db: Kysely<Database>,
  installationId: string,
  limit = 20,
): Promise<DeliveryRow[]> {
  return withFrontDeskTables(db)
    .selectFrom("deliveries")
    .selectAll()
    .where("installation_id", "=", installationId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
