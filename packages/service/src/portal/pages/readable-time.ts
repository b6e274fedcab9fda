/** An instant as the portal shows it: `2026-03-01 09:00:05 UTC`; null and unreadable values as a dash. */
export function toReadableTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "—";
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
