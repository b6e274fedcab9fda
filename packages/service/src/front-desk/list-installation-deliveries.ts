import type { Kysely } from "kysely";
import { toPage } from "../http/page.ts";
import type { Database } from "../store/index.ts";
import { type DeliveryRow, withFrontDeskTables } from "./front-desk-tables.ts";

/**
 * A11: a page of an installation's front-desk deliveries, newest first, with their status (the outbox's rows), paged
 * like the inbound events (D457): `limit` rows below the id `before`, and a cursor to the next page when there is one.
 */
export async function listInstallationDeliveries(
  db: Kysely<Database>,
  installationId: string,
  page: { readonly limit: number; readonly before: number | undefined } = { limit: 20, before: undefined },
): Promise<{ items: DeliveryRow[]; next_cursor: string | null }> {
  const { limit, before } = page;
  const rows = await withFrontDeskTables(db)
    .selectFrom("deliveries")
    .selectAll()
    .where("installation_id", "=", installationId)
    .$if(before !== undefined, (query) => query.where("id", "<", before ?? 0))
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, (row) => row);
}
