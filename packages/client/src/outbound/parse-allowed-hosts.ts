/** Parses an allowed-hosts variable (ADAPTERKIT_ALLOWED_HOSTS, ADAPTER_ALLOWED_HOSTS): comma-separated host or host:port entries. */
export function parseAllowedHosts(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}
