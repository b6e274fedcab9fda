import { nextFireAfter } from "../schedule/index.ts";
import type { TriggerRow } from "../store/index.ts";
import { readScheduleWindow } from "../triggers/index.ts";
import { listDueSlots } from "./due-slots.ts";
import { planCatchUp } from "./plan-catch-up.ts";

/** The most missed slots one catch-up records per trigger; older ones are only counted (and logged). */
export const MAX_MISSED_RECORDS = 1000;

/** What firing a due trigger will write. */
export interface TriggerPlan {
  /** The slot to start a run for, or null. */
  readonly fire: Date | null;
  readonly missed: Date[];
  /** Missed slots beyond MAX_MISSED_RECORDS, not recorded. */
  readonly dropped: number;
  readonly missedReason: string;
  /** The trigger's next fire time after now, or null when its date window is over. */
  readonly next: string | null;
}

/**
 * D21 for one due trigger: every slot from its claimed slot through now, the latest run when it is inside the
 * catch-up window and the rest missed, and where the trigger goes next. A row whose schedule cannot be read plans
 * nothing and goes dormant.
 */
export function planDueTrigger(
  row: Pick<TriggerRow, "cron" | "timezone" | "start_date" | "end_date">,
  input: { slot: string; now: Date; catchUpWindowMs: number },
): TriggerPlan {
  const { now, catchUpWindowMs } = input;
  const minutes = Math.round(catchUpWindowMs / 60_000);
  const missedReason = `The service was not running at this time; only the latest slot within the catch-up window (${minutes} min) runs late.`;
  const window = readScheduleWindow(row);
  if (window === null) return { fire: null, missed: [], dropped: 0, missedReason, next: null };
  const slot = new Date(input.slot);
  const afterSlot = nextFireAfter(window.spec, { ...window, after: slot });
  // Usually the claimed slot is the only one due: the one after it lies ahead and is the next fire time too.
  const onlySlot = afterSlot === null || afterSlot > now;
  const due = onlySlot ? { slots: [slot], total: 1 } : listDueSlots(window, slot, now, MAX_MISSED_RECORDS + 1);
  const next = onlySlot ? afterSlot : nextFireAfter(window.spec, { ...window, after: now });
  const { fire, missed } = planCatchUp(due.slots, now, catchUpWindowMs);
  const overflow = Math.max(0, missed.length - MAX_MISSED_RECORDS);
  return {
    fire,
    missed: missed.slice(overflow),
    dropped: due.total - due.slots.length + overflow,
    missedReason,
    next: next === null ? null : next.toISOString(),
  };
}
