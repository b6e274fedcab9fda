import { nextFires } from "../schedule/index.ts";
import type { ScheduleWindow } from "../triggers/index.ts";

const CHUNK = 1000;

/** The slots that came due, oldest first: at most the latest `keep` of them, and how many there were in all. */
export interface DueSlots {
  readonly slots: Date[];
  readonly total: number;
}

/**
 * Every slot of a schedule from `from` (inclusive) through `now` (inclusive) inside its date window; only the
 * latest `keep` are returned, so a long outage of a frequent schedule stays bounded in memory.
 *
 * @example listDueSlots(window, new Date(trigger.next_fire_at), now, 1000)
 */
export function listDueSlots(window: ScheduleWindow, from: Date, now: Date, keep: number): DueSlots {
  const endDate = window.endDate === undefined || window.endDate > now ? now : window.endDate;
  let slots: Date[] = [];
  let total = 0;
  let after = new Date(from.getTime() - 1);
  for (;;) {
    const chunk = nextFires(window.spec, { ...window, endDate, after, count: CHUNK });
    total += chunk.length;
    slots = slots.concat(chunk);
    if (slots.length > keep) slots = slots.slice(slots.length - keep);
    const last = chunk.at(-1);
    if (chunk.length < CHUNK || last === undefined) return { slots, total };
    after = last;
  }
}
