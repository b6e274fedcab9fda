import type { CronField } from "./cron-spec.ts";

/** The accepted range of one cron field. */
export interface CronFieldRange {
  readonly field: CronField;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** Highest value `*` stands for (day of week: 6, although 7 is accepted as Sunday). */
  readonly starMax: number;
}

/** Ranges of the five fields in order (contract.md#cron-fields). */
export const CRON_FIELD_RANGES: readonly CronFieldRange[] = [
  { field: "minute", label: "Minute", min: 0, max: 59, starMax: 59 },
  { field: "hour", label: "Hour", min: 0, max: 23, starMax: 23 },
  { field: "day_of_month", label: "Day of month", min: 1, max: 31, starMax: 31 },
  { field: "month", label: "Month", min: 1, max: 12, starMax: 12 },
  { field: "day_of_week", label: "Day of week", min: 0, max: 7, starMax: 6 },
];

/** Result of parsing one field: its matching values in ascending order, or why it is not valid. */
export type CronFieldResult = { ok: true; values: number[] } | { ok: false; message: string };

const ITEM = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/;

/**
 * Expands one cron field (`*`, `a`, `a-b`, `*\/N`, `a-b/N`, comma lists) into the values it matches.
 *
 * @example parseCronField("1-5", CRON_FIELD_RANGES[4]) // { ok: true, values: [1, 2, 3, 4, 5] }
 */
export function parseCronField(text: string, range: CronFieldRange): CronFieldResult {
  const values = new Set<number>();
  for (const item of text.split(",")) {
    const result = expandItem(item, range);
    if (!result.ok) return result;
    for (const value of result.values) values.add(value);
  }
  return { ok: true, values: [...values].sort((a, b) => a - b) };
}

function expandItem(item: string, range: CronFieldRange): CronFieldResult {
  const { label, min, max, starMax } = range;
  const match = ITEM.exec(item);
  if (!match) return { ok: false, message: describeBadItem(item, range) };
  const [, base = "", stepText] = match;
  const maxStep = starMax - min;
  const step = stepText === undefined ? 1 : Number(stepText);
  if (step < 1 || step > maxStep) {
    return { ok: false, message: `${label} step "/${stepText}" must be between 1 and ${maxStep}.` };
  }
  let from = min;
  let to = starMax;
  if (base !== "*") {
    const [fromText = "", toText] = base.split("-");
    from = Number(fromText);
    to = toText === undefined ? from : Number(toText);
    for (const value of [from, to]) {
      if (value < min || value > max) {
        return { ok: false, message: `${label} value ${value} is out of range (${min}-${max}).` };
      }
    }
    if (from > to) return { ok: false, message: `${label} range "${base}" runs backwards; write it low-high.` };
    if (stepText !== undefined && toText === undefined) {
      return { ok: false, message: `${label} "${item}" is not supported; write a step as */N or a-b/N.` };
    }
  }
  const values: number[] = [];
  for (let value = from; value <= to; value += step) values.push(value);
  return { ok: true, values };
}

function describeBadItem(item: string, { label, min, max }: CronFieldRange): string {
  if (item === "") return `${label} has an empty list entry.`;
  if (/^[\d*LW#?/-]+$/i.test(item) && /[LW#?]/i.test(item)) {
    return `${label} "${item}": L, W, # and ? are not supported.`;
  }
  if (/[a-z]/i.test(item)) return `${label} "${item}": names are not accepted; use numbers ${min}-${max}.`;
  return `${label} "${item}" is not valid; use a number ${min}-${max}, a range a-b, a list a,b or a step */N.`;
}
