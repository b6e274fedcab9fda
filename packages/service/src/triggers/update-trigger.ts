import {
  appEventTriggerPatchSchema,
  scheduleTriggerPatchSchema,
  type Trigger,
  webhookTriggerPatchSchema,
} from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { invalidRequest } from "../errors/describe-issues.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { lockWorkflowRow } from "../store/index.ts";
import { assertCanEnable } from "./enable-rule.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";
import { nextFireAt } from "./next-fire-at.ts";
import { type TriggerJsonContext, toTriggerJson } from "./to-trigger-json.ts";

const PATCH_SCHEMAS = {
  webhook: webhookTriggerPatchSchema,
  schedule: scheduleTriggerPatchSchema,
  app_event: appEventTriggerPatchSchema,
} as const;
const COMMON_FIELDS = new Set(["name", "enabled", "callback_url"]);

/**
 * D16: changes a trigger. The body is checked against the stored trigger's type, so a field of another type is a
 * 400 naming it; enabling follows D23. A webhook trigger's URL never changes.
 */
export async function updateTrigger(
  db: Kysely<Database>,
  deps: { principal: Principal; now: Date; json: TriggerJsonContext },
  input: { id: number; body: unknown },
): Promise<Trigger> {
  return db.transaction().execute(async (trx) => {
    const { trigger, workflow } = await getAuthorizedTrigger(trx, deps.principal, input.id);
    const schema = PATCH_SCHEMAS[trigger.type as keyof typeof PATCH_SCHEMAS] ?? webhookTriggerPatchSchema;
    const parsed = schema.safeParse(input.body);
    if (!parsed.success) throw invalidRequest(parsed.error.issues);
    const patch = parsed.data as { name?: string; enabled?: boolean; callback_url?: string | null };
    const typeField = Object.keys(parsed.data).find((field) => !COMMON_FIELDS.has(field));
    if (typeField !== undefined) {
      const message = `${typeField}: changing ${trigger.type} trigger settings is not available in this build yet`;
      throw new ServiceError("invalid_request", message, { errors: [{ path: `/${typeField}`, message }] });
    }
    await lockWorkflowRow(trx, workflow.id);
    if (patch.enabled === true) assertCanEnable(workflow);
    const enabledChanges = patch.enabled !== undefined && (patch.enabled ? 1 : 0) !== trigger.enabled;
    const row = await trx
      .updateTable("triggers")
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.callback_url === undefined ? {} : { callback_url: patch.callback_url }),
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled ? 1 : 0 }),
        ...(enabledChanges && trigger.type === "schedule"
          ? { next_fire_at: patch.enabled ? nextFireAt(trigger, deps.now) : null }
          : {}),
        updated_at: deps.now.toISOString(),
      })
      .where("id", "=", trigger.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTriggerJson(row, deps.json);
  });
}
