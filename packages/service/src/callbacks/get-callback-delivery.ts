import type { CallbackDeliveryJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { listAttempts } from "../outbound-records/list-attempts.ts";
import { type Database, isStorableId } from "../store/index.ts";
import { authorizeRun } from "./authorize-run.ts";
import { type CallbackDeliveryRow, withCallbackTables } from "./callback-tables.ts";
import { toCallbackDeliveryJson } from "./to-callback-delivery-json.ts";

/** A callback delivery the principal may read as it may read its run; another organization's is a 404. */
export async function readableCallbackDelivery(
  db: Kysely<Database>,
  principal: Principal,
  id: number,
): Promise<CallbackDeliveryRow> {
  const row = isStorableId(id)
    ? await withCallbackTables(db).selectFrom("callback_deliveries").selectAll().where("id", "=", id).executeTakeFirst()
    : undefined;
  if (row === undefined || row.organization_id !== principal.organizationId) {
    throw new ServiceError("not_found", `No callback delivery ${id} in this organization.`);
  }
  await authorizeRun(db, principal, row.workflow_run_id);
  return row;
}

/** D510: one callback delivery with its attempts. */
export async function getCallbackDelivery(
  db: Kysely<Database>,
  principal: Principal,
  id: number,
): Promise<CallbackDeliveryJson> {
  const row = await readableCallbackDelivery(db, principal, id);
  const attempts = await listAttempts(db, "callback_attempts", [row.id]);
  return toCallbackDeliveryJson(row, attempts.get(row.id) ?? []);
}
