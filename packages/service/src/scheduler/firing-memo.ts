import type { TriggerPlan } from "./plan-due-trigger.ts";

/**
 * What one claimed batch works out once and shares between its transactions: the clock reading that decides which
 * slots are due, each schedule's plan (many triggers share a schedule) and each workflow's startability.
 */
export interface FiringMemo {
  readonly now: Date;
  readonly plans: Map<string, TriggerPlan>;
  readonly refusals: Map<number, string | null>;
}

/** A fresh memo for a batch claimed at `now`. */
export function createFiringMemo(now: Date): FiringMemo {
  return { now, plans: new Map(), refusals: new Map() };
}
