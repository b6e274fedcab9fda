export { claimDueTriggers, type DueClaim } from "./claim-due-triggers.ts";
export { createScheduler, type Scheduler } from "./create-scheduler.ts";
export { type DueSlots, listDueSlots } from "./due-slots.ts";
export { type FiringTally, fireDueTrigger, MAX_MISSED_RECORDS } from "./fire-due-trigger.ts";
export { nextDueAt } from "./next-due-at.ts";
export { type CatchUpPlan, planCatchUp } from "./plan-catch-up.ts";
export {
  DEFAULT_CATCH_UP_WINDOW_MS,
  resolveSchedulerOptions,
  type SchedulerOptions,
  schedulerOptionsFromEnv,
} from "./scheduler-options.ts";
