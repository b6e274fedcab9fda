import type { Trigger, TriggerCreate } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { generateWebhookToken } from "../auth/generate-token.ts";
import { hashToken } from "../auth/hash-token.ts";
import type { Principal } from "../auth/principal.ts";
import type { Database, NewTrigger } from "../store/index.ts";
import { lockWorkflowRow } from "../store/index.ts";
import { getAuthorizedWorkflow } from "../workflows/find-workflow.ts";
import { toAppEventColumns } from "./app-event-settings.ts";
import { assertCanEnable } from "./enable-rule.ts";
import { nextFireAt } from "./next-fire-at.ts";
import { toPayloadColumn, toScheduleColumns } from "./schedule-settings.ts";
import { type TriggerJsonContext, toTriggerJson } from "./to-trigger-json.ts";
import { sealWebhookToken } from "./webhook-token.ts";

type TypeColumns = Omit<
  NewTrigger,
  "organization_id" | "workflow_id" | "name" | "enabled" | "created_at" | "updated_at"
>;

/** The columns only one trigger type has; a schedule is checked before anything is written (400 naming the field). */
function toTypeColumns(
  body: TriggerCreate,
  deps: { now: Date; json: TriggerJsonContext },
  enabled: boolean,
): TypeColumns {
  if (body.type === "webhook") {
    const token = generateWebhookToken();
    return {
      type: "webhook",
      webhook_token_hash: hashToken(token),
      webhook_token_enc: sealWebhookToken(deps.json.serviceKey, token),
    };
  }
  if (body.type === "schedule") {
    const columns = toScheduleColumns({
      schedule: body.schedule,
      timezone: body.timezone ?? "UTC",
      start_date: body.start_date ?? null,
      end_date: body.end_date ?? null,
    });
    return {
      type: "schedule",
      ...columns,
      input_payload: toPayloadColumn(body.input_payload),
      next_fire_at: enabled ? nextFireAt(columns, deps.now) : null,
    };
  }
  // An app-event trigger's settings are checked against its workflow and installation inside the transaction.
  return { type: "app_event" };
}

/**
 * D16/D17: creates a trigger on a workflow. A webhook trigger gets a fresh 43-character token (D15) that its URL
 * shows from then on; a schedule trigger stores its schedule as entered with its canonical cron and, when enabled,
 * its next fire time; an app-event trigger names an active installation of the organization and a stage of the
 * workflow (A10). D23 refuses to create either enabled (the default) when the workflow prompts.
 */
export async function createTrigger(
  db: Kysely<Database>,
  deps: { principal: Principal; now: Date; json: TriggerJsonContext },
  input: { workflowId: number; body: TriggerCreate },
): Promise<Trigger> {
  const { body } = input;
  const enabled = body.enabled ?? true;
  const typeColumns = toTypeColumns(body, deps, enabled);
  return db.transaction().execute(async (trx) => {
    const workflow = await getAuthorizedWorkflow(trx, deps.principal, input.workflowId);
    await lockWorkflowRow(trx, workflow.id);
    if (enabled) assertCanEnable(workflow);
    const appEventColumns = body.type === "app_event" ? await toAppEventColumns(trx, workflow, body) : {};
    const at = deps.now.toISOString();
    const row = await trx
      .insertInto("triggers")
      .values({
        ...typeColumns,
        ...appEventColumns,
        organization_id: workflow.organization_id,
        workflow_id: workflow.id,
        name: body.name,
        enabled: enabled ? 1 : 0,
        last_fired_at: null,
        callback_url: body.callback_url ?? null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTriggerJson(row, deps.json);
  });
}
