import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";

/**
 * D25: where a run's callbacks go: the callback_url of the trigger that started it when that is set, else the
 * workflow's; null when neither is (then nothing is sent).
 */
export async function resolveCallbackUrl(
  db: Kysely<Database>,
  run: Pick<WorkflowRunRow, "workflow_id" | "trigger_id">,
): Promise<string | null> {
  if (run.trigger_id !== null) {
    const trigger = await db
      .selectFrom("triggers")
      .select("callback_url")
      .where("id", "=", run.trigger_id)
      .executeTakeFirst();
    if (trigger?.callback_url) return trigger.callback_url;
  }
  const workflow = await db
    .selectFrom("workflows")
    .select("callback_url")
    .where("id", "=", run.workflow_id)
    .executeTakeFirst();
  return workflow?.callback_url ?? null;
}
