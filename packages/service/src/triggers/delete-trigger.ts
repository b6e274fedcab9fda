import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";

/** Deletes a trigger with its trigger runs; its webhook URL answers 404 from then on (contract.md#webhook-token). */
export async function deleteTrigger(db: Kysely<Database>, principal: Principal, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { trigger } = await getAuthorizedTrigger(trx, principal, id);
    await trx.deleteFrom("triggers").where("id", "=", trigger.id).execute();
  });
}
