/** Result of checking a timezone name; on success `timezone` is the spelling to store. */
export type TimezoneResult = { ok: true; timezone: string } | { ok: false; message: string };

let listed: Map<string, string> | undefined;

function listedZones(): Map<string, string> {
  listed ??= new Map([...Intl.supportedValuesOf("timeZone"), "UTC"].map((name) => [name.toLowerCase(), name] as const));
  return listed;
}

function isKnownToRuntime(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks that a name is an IANA timezone (`Area/Location`, or `UTC`) that the runtime's tz data knows.
 * Abbreviations such as EST or CET are refused even where Intl maps them to a zone: they are ambiguous.
 *
 * @example validateTimezone("america/new_york") // { ok: true, timezone: "America/New_York" }
 */
export function validateTimezone(name: string): TimezoneResult {
  const trimmed = name.trim();
  const canonical = listedZones().get(trimmed.toLowerCase());
  if (canonical !== undefined) return { ok: true, timezone: canonical };
  // Links such as Asia/Kolkata or Europe/Kyiv are IANA names that Intl accepts but does not list.
  if (trimmed.includes("/") && isKnownToRuntime(trimmed)) return { ok: true, timezone: trimmed };
  const reason =
    trimmed === ""
      ? "Timezone is empty"
      : /^[a-z]{2,5}$|^[a-z]{3}\d[a-z]{3}$/i.test(trimmed) && !trimmed.includes("/")
        ? `"${trimmed}" is an abbreviation, not an IANA timezone name`
        : `"${trimmed}" is not an IANA timezone name`;
  return { ok: false, message: `${reason}; use a name such as America/New_York, Europe/Berlin or UTC.` };
}
