export { claimDueTriggers, type DueClaim } from "./claim-due-triggers.ts";
export { createScheduler, type Scheduler } from "./create-scheduler.ts";
export { type DueSlots, listDueSlots } from "./due-slots.ts";
export { type FiringOutcome, fireDueTriggers } from "./fire-due-triggers.ts";
export { type FiringDeps, fireGroup } from "./fire-group.ts";
export { createFiringMemo, type FiringMemo } from "./firing-memo.ts";
export { type FiringTally, NO_FIRINGS, sumTallies } from "./firing-tally.ts";
export { holdOff } from "./hold-off.ts";
export { nextDueAt } from "./next-due-at.ts";
export { type CatchUpPlan, planCatchUp } from "./plan-catch-up.ts";
export { MAX_MISSED_RECORDS, planDueTrigger, type TriggerPlan } from "./plan-due-trigger.ts";
export {
  DEFAULT_CATCH_UP_WINDOW_MS,
  resolveSchedulerOptions,
  type SchedulerOptions,
  schedulerOptionsFromEnv,
} from "./scheduler-options.ts";
