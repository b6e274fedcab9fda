import type { TriggerRun } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { whyNotStartable } from "../runs/check-startable.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { Database } from "../store/index.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";
import { toTriggerRunJson } from "./list-trigger-runs.ts";
import { recordFailedFiring, recordFiring } from "./record-firing.ts";
import { toPayloadInput } from "./schedule-settings.ts";

/**
 * D22 Fire Now: starts a run of a schedule trigger at once, enabled or not, outside its date window, with its
 * input payload; counts as a firing (`source: "manual"`) and leaves `next_fire_at` alone.
 */
export async function fireTrigger(
  db: Kysely<Database>,
  deps: { principal: Principal; executor: WorkflowExecutor; now: Date },
  id: number,
): Promise<TriggerRun> {
  const { trigger, workflow } = await getAuthorizedTrigger(db, deps.principal, id);
  if (trigger.type !== "schedule") {
    throw new ServiceError(
      "conflict",
      trigger.type === "webhook"
        ? "Fire Now is for schedule triggers; test a webhook trigger by posting to its URL."
        : "Fire Now is for schedule triggers; an app-event trigger fires on its App's events.",
    );
  }
  const reason = whyNotStartable(workflow, deps.executor);
  if (reason !== null) {
    await recordFailedFiring(db, { trigger, source: "manual", error: reason }, deps.now);
    throw new ServiceError("workflow_not_startable", reason);
  }
  const { triggerRun } = await db
    .transaction()
    .execute((trx) => recordFiring(trx, { trigger, source: "manual", input: toPayloadInput(trigger) }, deps.now));
  return toTriggerRunJson(triggerRun);
}
