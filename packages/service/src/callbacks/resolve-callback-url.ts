import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";
import { opaqueParam, preparedQuery } from "../store/prepared-query.ts";

// Every run event asks this, inside the run's transaction: one prepared read of both URLs (a run without a trigger
// passes trigger id null, which joins nothing); its values opaque to SQLite's planner (D620).
const callbackUrls = preparedQuery((db: Kysely<Database>) =>
  db
    .selectFrom("workflows")
    .leftJoin("triggers", (join) => join.on("triggers.id", "=", opaqueParam<number | null>(db, "triggerId")))
    .select(["workflows.callback_url as workflowUrl", "triggers.callback_url as triggerUrl"])
    .where("workflows.id", "=", opaqueParam<number>(db, "workflowId")),
);

/**
 * D25: where a run's callbacks go: the callback_url of the trigger that started it when that is set, else the
 * workflow's; null when neither is (then nothing is sent).
 */
export async function resolveCallbackUrl(
  db: Kysely<Database>,
  run: Pick<WorkflowRunRow, "workflow_id" | "trigger_id">,
): Promise<string | null> {
  const urls = await callbackUrls.executeTakeFirst(db, { triggerId: run.trigger_id, workflowId: run.workflow_id });
  if (urls?.triggerUrl) return urls.triggerUrl;
  return urls?.workflowUrl ?? null;
}
