import type { Trigger, TriggerCreate } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { generateWebhookToken } from "../auth/generate-token.ts";
import { hashToken } from "../auth/hash-token.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { lockWorkflowRow } from "../store/index.ts";
import { getAuthorizedWorkflow } from "../workflows/find-workflow.ts";
import { assertCanEnable } from "./enable-rule.ts";
import { type TriggerJsonContext, toTriggerJson } from "./to-trigger-json.ts";
import { sealWebhookToken } from "./webhook-token.ts";

/**
 * D16/D17: creates a trigger on a workflow. A webhook trigger gets a fresh 43-character token (D15) that its URL
 * shows from then on; D23 refuses to create it enabled (the default) when the workflow prompts.
 */
export async function createTrigger(
  db: Kysely<Database>,
  deps: { principal: Principal; now: Date; json: TriggerJsonContext },
  input: { workflowId: number; body: TriggerCreate },
): Promise<Trigger> {
  const { body } = input;
  if (body.type !== "webhook") {
    const message = `type: ${body.type} triggers are not available in this build yet; only webhook triggers are`;
    throw new ServiceError("invalid_request", message, { errors: [{ path: "/type", message }] });
  }
  return db.transaction().execute(async (trx) => {
    const workflow = await getAuthorizedWorkflow(trx, deps.principal, input.workflowId);
    await lockWorkflowRow(trx, workflow.id);
    const enabled = body.enabled ?? true;
    if (enabled) assertCanEnable(workflow);
    const token = generateWebhookToken();
    const at = deps.now.toISOString();
    const row = await trx
      .insertInto("triggers")
      .values({
        organization_id: workflow.organization_id,
        workflow_id: workflow.id,
        type: "webhook",
        name: body.name,
        enabled: enabled ? 1 : 0,
        last_fired_at: null,
        callback_url: body.callback_url ?? null,
        created_at: at,
        updated_at: at,
        webhook_token_hash: hashToken(token),
        webhook_token_enc: sealWebhookToken(deps.json.serviceKey, token),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTriggerJson(row, deps.json);
  });
}
