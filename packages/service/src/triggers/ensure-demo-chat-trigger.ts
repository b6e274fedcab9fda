import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { createTrigger } from "./create-trigger.ts";
import type { TriggerJsonContext } from "./to-trigger-json.ts";

const CHAT_TRIGGER = { type: "app_event", name: "Chat messages", event_type: "message.received" } as const;

/**
 * `npm start`'s app-event trigger for the chat installation's messages (issue 15): the one an earlier start made
 * when it still names this installation, else a new one; demo triggers left for an earlier installation are
 * deleted, so every start leaves exactly one (D466). Resolves with its id.
 */
export async function ensureDemoChatTrigger(
  db: Kysely<Database>,
  deps: { principal: Principal; now: Date; json: TriggerJsonContext },
  input: { workflowId: number; installationId: string; stage: string },
): Promise<number> {
  const demo = await db
    .selectFrom("triggers")
    .select(["id", "app_installation_id", "event_type"])
    .where("workflow_id", "=", input.workflowId)
    .where("type", "=", CHAT_TRIGGER.type)
    .where("name", "=", CHAT_TRIGGER.name)
    .orderBy("id")
    .execute();
  const kept = demo.find(
    (trigger) => trigger.app_installation_id === input.installationId && trigger.event_type === CHAT_TRIGGER.event_type,
  );
  const stale = demo.filter((trigger) => trigger !== kept).map((trigger) => trigger.id);
  if (stale.length > 0) await db.deleteFrom("triggers").where("id", "in", stale).execute();
  if (kept !== undefined) return kept.id;
  const created = await createTrigger(db, deps, {
    workflowId: input.workflowId,
    body: { ...CHAT_TRIGGER, app_installation_id: input.installationId, target_stage: input.stage },
  });
  return created.id;
}
