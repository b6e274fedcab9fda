/** An instant as the portal shows it: `2026-03-01 09:00:05 UTC`; null and unreadable values as a dash. */
export function toReadableTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "—";
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

const UNITS = [
  { limit: 60, size: 1, name: "s" },
  { limit: 3600, size: 60, name: "min" },
  { limit: 86_400, size: 3600, name: "h" },
  { limit: 7 * 86_400, size: 86_400, name: "day" },
] as const;

/**
 * How long ago (or how far ahead) an instant is, in words: `just now`, `3 min ago`, `in 2 h`, `5 days ago`; past a
 * week the exact time with its zone, as a relative count that large is no longer read at a glance (D594).
 */
export function toRelativeTime(iso: string, now: Date): string {
  const ms = Date.parse(iso);
  const seconds = Math.round((now.getTime() - ms) / 1000);
  const distance = Math.abs(seconds);
  if (distance < 10) return "just now";
  const unit = UNITS.find((candidate) => distance < candidate.limit);
  if (unit === undefined) return toReadableTime(iso);
  const count = Math.floor(distance / unit.size);
  const words = `${count} ${unit.name}${unit.name === "day" && count > 1 ? "s" : ""}`;
  return seconds >= 0 ? `${words} ago` : `in ${words}`;
}

/** The parts of a `<time>` element: the machine-readable instant, the exact time with its zone, the relative words. */
export interface TimeView {
  readonly datetime: string;
  readonly exact: string;
  readonly relative: string;
}

/** An instant ready for the portal's `time` helper; undefined for null and unreadable values (shown as a dash). */
export function toTimeView(iso: string | null | undefined, now: Date): TimeView | undefined {
  if (iso === null || iso === undefined || Number.isNaN(Date.parse(iso))) return undefined;
  return {
    datetime: new Date(Date.parse(iso)).toISOString(),
    exact: toReadableTime(iso),
    relative: toRelativeTime(iso, now),
  };
}
