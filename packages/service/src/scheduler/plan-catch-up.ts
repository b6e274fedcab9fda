/** What to do with the slots that came due: at most one run, and the slots recorded as missed. */
export interface CatchUpPlan {
  /** The slot to start a run for, or null when every due slot is missed. */
  readonly fire: Date | null;
  readonly missed: Date[];
}

/**
 * D21: of the slots that came due (oldest first), the latest starts a run when it is at most `windowMs` old; every
 * other one is missed. In normal running only one slot is due and it is moments old, so it simply fires.
 *
 * @example planCatchUp([nine, ten], elevenOClock, HOUR) // { fire: ten, missed: [nine] }
 */
export function planCatchUp(slots: readonly Date[], now: Date, windowMs: number): CatchUpPlan {
  const latest = slots.at(-1);
  if (latest === undefined) return { fire: null, missed: [] };
  if (now.getTime() - latest.getTime() <= windowMs) return { fire: latest, missed: slots.slice(0, -1) };
  return { fire: null, missed: [...slots] };
}
