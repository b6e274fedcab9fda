import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";

// Every run event asks this, inside the run's transaction; prepared, it skips Kysely's per-call build.
const triggerCallback = preparedQuery((db: Kysely<Database>) =>
  db.selectFrom("triggers").select("callback_url").where("id", "=", param<number>("id")),
);
const workflowCallback = preparedQuery((db: Kysely<Database>) =>
  db.selectFrom("workflows").select("callback_url").where("id", "=", param<number>("id")),
);

/**
 * D25: where a run's callbacks go: the callback_url of the trigger that started it when that is set, else the
 * workflow's; null when neither is (then nothing is sent).
 */
export async function resolveCallbackUrl(
  db: Kysely<Database>,
  run: Pick<WorkflowRunRow, "workflow_id" | "trigger_id">,
): Promise<string | null> {
  if (run.trigger_id !== null) {
    const trigger = await triggerCallback.executeTakeFirst(db, { id: run.trigger_id });
    if (trigger?.callback_url) return trigger.callback_url;
  }
  const workflow = await workflowCallback.executeTakeFirst(db, { id: run.workflow_id });
  return workflow?.callback_url ?? null;
}
