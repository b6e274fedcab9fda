import { zoneOffset } from "./zone-offset.ts";

const DAY = 86_400_000;

/** The real instants at which a zone's clocks show one wall time. */
export interface WallTimeInstants {
  /** Ascending: one normally, two when a fall-back repeats the time, none when a spring-forward gap skips it. */
  readonly instants: readonly number[];
  /** Where a skipped time lands when moved forward by the gap's length (02:30 → 03:30); else the first instant. */
  readonly shifted: number;
}

/**
 * Finds the instants at which the wall time `wall` (milliseconds on a UTC-based axis) occurs in `timezone`.
 *
 * @example resolveWallTime("America/New_York", Date.UTC(2026, 2, 8, 2, 30)).shifted // 03:30 EDT = 07:30Z
 */
export function resolveWallTime(timezone: string, wall: number): WallTimeInstants {
  // A day either side lies outside every real offset (−12 h … +14 h), so these are the offsets around `wall`.
  const before = zoneOffset(timezone, wall - DAY);
  const after = zoneOffset(timezone, wall + DAY);
  const instants: number[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = wall - offset;
    if (zoneOffset(timezone, instant) === offset) instants.push(instant);
  }
  instants.sort((a, b) => a - b);
  return { instants, shifted: instants[0] ?? wall - before };
}
