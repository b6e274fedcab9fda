import {
  type AppEventTriggerPatch,
  appEventTriggerPatchSchema,
  type ScheduleTriggerPatch,
  scheduleTriggerPatchSchema,
  type Trigger,
  webhookTriggerPatchSchema,
} from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { invalidRequest } from "../errors/describe-issues.ts";
import type { Database, TriggerRow, TriggerUpdate } from "../store/index.ts";
import { lockWorkflowRow } from "../store/index.ts";
import { toAppEventColumns } from "./app-event-settings.ts";
import { assertCanEnable } from "./enable-rule.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";
import { nextFireAt } from "./next-fire-at.ts";
import { toPayloadColumn, toScheduleColumns } from "./schedule-settings.ts";
import { type TriggerJsonContext, toTriggerJson } from "./to-trigger-json.ts";

const PATCH_SCHEMAS = {
  webhook: webhookTriggerPatchSchema,
  schedule: scheduleTriggerPatchSchema,
  app_event: appEventTriggerPatchSchema,
} as const;
// A change to any of these, or to `enabled`, moves the next fire time (contract.md#triggers: updated on configuration
// change).
const TIMING_FIELDS = ["schedule", "timezone", "start_date", "end_date"] as const;

/**
 * A schedule trigger's changed settings: the patch merged over the stored ones and checked as a whole (so a new
 * zone is checked with the stored dates), and the next fire time recomputed from now when timing changed.
 */
function toScheduleUpdate(trigger: TriggerRow, patch: ScheduleTriggerPatch, now: Date): TriggerUpdate {
  const settingsChange = TIMING_FIELDS.some((field) => patch[field] !== undefined);
  const enabled = patch.enabled ?? trigger.enabled === 1;
  const timing = settingsChange || enabled !== (trigger.enabled === 1);
  const columns = settingsChange
    ? toScheduleColumns({
        schedule: patch.schedule ?? trigger.schedule ?? "",
        timezone: patch.timezone ?? trigger.timezone ?? "UTC",
        start_date: patch.start_date === undefined ? trigger.start_date : patch.start_date,
        end_date: patch.end_date === undefined ? trigger.end_date : patch.end_date,
      })
    : {};
  return {
    ...columns,
    ...(patch.input_payload === undefined ? {} : { input_payload: toPayloadColumn(patch.input_payload) }),
    // A new timing also ends any claim or hold on the old slot (the scheduler re-checks the slot before firing).
    ...(timing
      ? { next_fire_at: enabled ? nextFireAt({ ...trigger, ...columns }, now) : null, claimed_until: null }
      : {}),
  };
}

/**
 * D16: changes a trigger. The body is checked against the stored trigger's type, so a field of another type is a
 * 400 naming it; enabling follows D23. A webhook trigger's URL never changes; a schedule trigger's next fire time
 * is recomputed from now when its schedule, zone, dates or enabled state change.
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
    const scheduleUpdate =
      trigger.type === "schedule" ? toScheduleUpdate(trigger, parsed.data as ScheduleTriggerPatch, deps.now) : {};
    await lockWorkflowRow(trx, workflow.id);
    if (patch.enabled === true) assertCanEnable(workflow);
    const appEventUpdate =
      trigger.type === "app_event" ? await toAppEventColumns(trx, workflow, parsed.data as AppEventTriggerPatch) : {};
    const row = await trx
      .updateTable("triggers")
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.callback_url === undefined ? {} : { callback_url: patch.callback_url }),
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled ? 1 : 0 }),
        ...scheduleUpdate,
        ...appEventUpdate,
        updated_at: deps.now.toISOString(),
      })
      .where("id", "=", trigger.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTriggerJson(row, deps.json);
  });
}
