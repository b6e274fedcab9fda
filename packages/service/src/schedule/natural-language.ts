import { formatTimeOfDay, parseTimeOfDay } from "./parse-time-of-day.ts";

/** A phrase read as a schedule: its canonical cron and its normalised wording (without the zone). */
export type NaturalLanguageResult = { ok: true; cron: string; phrase: string } | { ok: false; message: string };

type Rule = readonly [pattern: RegExp, build: (match: RegExpExecArray) => NaturalLanguageResult];

/** Day names in display order (Monday first) with their cron numbers. */
const DAYS: ReadonlyArray<readonly [name: string, cron: number]> = [
  ["monday", 1],
  ["tuesday", 2],
  ["wednesday", 3],
  ["thursday", 4],
  ["friday", 5],
  ["saturday", 6],
  ["sunday", 0],
];
const MAX_LENGTH = 200;
const TIME_HINT = "write the time as 9, 9am, 9:30, 9:30pm, 21:05, noon or midnight";
const EXAMPLES =
  'Use a 5-field cron expression such as "0 9 * * 1-5" or a phrase such as "every weekday at 9am", ' +
  '"every monday and friday at 17:30", "every 15 minutes", "every hour", "first day of every month at noon".';

const RULES: readonly Rule[] = [
  [/^(?:every day|daily) at (.+)$/, ([, time]) => atTime(time, "* * *", "Every day")],
  [/^every weekday at (.+)$/, ([, time]) => atTime(time, "* * 1-5", "Every weekday")],
  [/^every weekend at (.+)$/, ([, time]) => atTime(time, "* * 0,6", "Every weekend")],
  [/^first day of every month at (.+)$/, ([, time]) => atTime(time, "1 * *", "First day of every month")],
  [/^(?:every hour|hourly)(?: at :(\d{2}))?$/, ([, minute]) => everyHour(Number(minute ?? "0"))],
  [/^(?:every hour|hourly) at (.+)$/, ([, at]) => refuse(`"${at}" is not a minute past the hour; write it as :MM.`)],
  [/^every (\d+) minutes?$/, ([, count]) => everyMinutes(Number(count))],
  [/^every (\d+) hours?$/, ([, count]) => everyHours(Number(count))],
  [/^every ([a-z]+(?:(?:, ?| and |, and )[a-z]+)*) at (.+)$/, ([, days, time]) => onDays(days ?? "", time)],
];

/**
 * Reads a natural-language schedule (D20, case-insensitive) into a canonical cron expression; anything outside
 * the supported shapes is refused with a hint, never guessed.
 *
 * @example parseNaturalLanguage("Every weekday at 9am") // { ok: true, cron: "0 9 * * 1-5", phrase: "Every weekday at 9:00 AM" }
 */
export function parseNaturalLanguage(text: string): NaturalLanguageResult {
  const normalised = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (normalised.length > MAX_LENGTH) return refuse(`A schedule phrase is at most ${MAX_LENGTH} characters.`);
  for (const [pattern, build] of RULES) {
    const match = pattern.exec(normalised);
    if (match) return build(match);
  }
  return refuse(`"${text.trim()}" is not a schedule this service understands.`);
}

function refuse(reason: string): NaturalLanguageResult {
  return { ok: false, message: `${reason} ${EXAMPLES}` };
}

function atTime(text: string | undefined, dayFields: string, wording: string): NaturalLanguageResult {
  const time = parseTimeOfDay(text ?? "");
  if (!time) return { ok: false, message: `"${text}" is not a time of day; ${TIME_HINT}.` };
  return {
    ok: true,
    cron: `${time.minute} ${time.hour} ${dayFields}`,
    phrase: `${wording} at ${formatTimeOfDay(time)}`,
  };
}

function everyHour(minute: number): NaturalLanguageResult {
  if (minute > 59) return { ok: false, message: `":${minute}" is not a minute; use :00 to :59.` };
  const at = minute === 0 ? "" : ` at :${String(minute).padStart(2, "0")}`;
  return { ok: true, cron: `${minute} * * * *`, phrase: `Every hour${at}` };
}

function everyMinutes(count: number): NaturalLanguageResult {
  if (count < 1 || 60 % count !== 0) {
    return { ok: false, message: `Every ${count} minutes does not divide an hour evenly; use ${divisors(60)}.` };
  }
  if (count === 60) return { ok: true, cron: "0 * * * *", phrase: "Every hour" };
  const cron = count === 1 ? "* * * * *" : `*/${count} * * * *`;
  return { ok: true, cron, phrase: count === 1 ? "Every minute" : `Every ${count} minutes` };
}

function everyHours(count: number): NaturalLanguageResult {
  if (count < 1 || 24 % count !== 0) {
    return { ok: false, message: `Every ${count} hours does not divide a day evenly; use ${divisors(24)}.` };
  }
  if (count === 24) return { ok: true, cron: "0 0 * * *", phrase: "Every day at 12:00 AM" };
  const cron = count === 1 ? "0 * * * *" : `0 */${count} * * *`;
  return { ok: true, cron, phrase: count === 1 ? "Every hour" : `Every ${count} hours` };
}

function onDays(list: string, time: string | undefined): NaturalLanguageResult {
  const names = list.split(/, and |, ?| and /);
  const chosen = new Set<string>();
  for (const name of names) {
    if (!DAYS.some(([day]) => day === name)) {
      return refuse(`"${name}" is not a day of the week; write days in full, such as monday or friday.`);
    }
    chosen.add(name);
  }
  const days = DAYS.filter(([day]) => chosen.has(day));
  const cronDays = days.map(([, number]) => number).sort((a, b) => a - b);
  const wording = days.map(([day]) => `${day.charAt(0).toUpperCase()}${day.slice(1)}`);
  const joined = wording.length === 1 ? wording.join("") : `${wording.slice(0, -1).join(", ")} and ${wording.at(-1)}`;
  return atTime(time, `* * ${cronDays.join(",")}`, `Every ${joined}`);
}

function divisors(total: number): string {
  const found: number[] = [];
  for (let n = 1; n <= total; n += 1) if (total % n === 0) found.push(n);
  return `one of ${found.join(", ")}`;
}
