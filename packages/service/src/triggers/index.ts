export { createTrigger } from "./create-trigger.ts";
export { deleteTrigger } from "./delete-trigger.ts";
export { assertCanEnable, ENABLE_REFUSED_MESSAGE } from "./enable-rule.ts";
export { getAuthorizedTrigger } from "./find-trigger.ts";
export { fireTrigger } from "./fire-trigger.ts";
export { fireWebhook, type HookRequest, type HookResult, isWebhookTokenShape } from "./fire-webhook.ts";
export { createHookIntake, type HookIntake } from "./hook-intake.ts";
export { findIdempotentRun, IDEMPOTENCY_WINDOW_MS, readIdempotencyKey } from "./idempotency.ts";
export { listTriggerRuns, toTriggerRunJson } from "./list-trigger-runs.ts";
export { listTriggers } from "./list-triggers.ts";
export { nextFireAt } from "./next-fire-at.ts";
export { type Firing, insertFailedFiring, recordFailedFiring, recordFiring, recordFirings } from "./record-firing.ts";
export {
  type ScheduleColumns,
  type ScheduleSettings,
  toPayloadColumn,
  toPayloadInput,
  toScheduleColumns,
} from "./schedule-settings.ts";
export { readScheduleWindow, type ScheduleWindow } from "./schedule-window.ts";
export { setTriggerEnabled } from "./set-trigger-enabled.ts";
export { type TriggerJsonContext, toTriggerJson } from "./to-trigger-json.ts";
export { updateTrigger } from "./update-trigger.ts";
export { sealWebhookToken, toWebhookUrl, unsealWebhookToken } from "./webhook-token.ts";
