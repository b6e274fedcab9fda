import type { Trigger } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { lockWorkflowRow } from "../store/index.ts";
import { assertCanEnable } from "./enable-rule.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";
import { nextFireAt } from "./next-fire-at.ts";
import { type TriggerJsonContext, toTriggerJson } from "./to-trigger-json.ts";

/**
 * Enables or disables a trigger (contract.md#trigger-states). Enabling is refused by D23; a schedule trigger recomputes
 * its next fire time from now when enabled and clears it when disabled.
 */
export async function setTriggerEnabled(
  db: Kysely<Database>,
  deps: { principal: Principal; now: Date; json: TriggerJsonContext },
  input: { id: number; enabled: boolean },
): Promise<Trigger> {
  return db.transaction().execute(async (trx) => {
    const { trigger, workflow } = await getAuthorizedTrigger(trx, deps.principal, input.id);
    await lockWorkflowRow(trx, workflow.id);
    if (input.enabled) assertCanEnable(workflow);
    // Enabling an enabled trigger keeps its next fire time, so a slot due this instant is not skipped.
    const retime = trigger.type === "schedule" && trigger.enabled !== (input.enabled ? 1 : 0);
    const row = await trx
      .updateTable("triggers")
      .set({
        enabled: input.enabled ? 1 : 0,
        updated_at: deps.now.toISOString(),
        ...(retime ? { next_fire_at: input.enabled ? nextFireAt(trigger, deps.now) : null, claimed_until: null } : {}),
      })
      .where("id", "=", trigger.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTriggerJson(row, deps.json);
  });
}
