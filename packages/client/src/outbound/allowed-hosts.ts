/** A host the guard lets through whatever it resolves to: any port when `port` is undefined. */
interface AllowedHost {
  readonly hostname: string;
  readonly port: number | undefined;
}

/** `[::1]` → `::1`, lower case, no trailing dot: the form URL hostnames and undici's connect options are compared in. */
export function normalizeHostname(hostname: string): string {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return bare.toLowerCase().replace(/\.$/, "");
}

function toAllowedHost(entry: string, setting: string): AllowedHost {
  let url: URL;
  try {
    url = new URL(`http://${entry}`);
  } catch {
    throw new Error(`${setting}: "${entry}" is not a host or host:port`);
  }
  if (url.pathname !== "/" || url.username !== "" || url.search !== "" || url.hash !== "") {
    throw new Error(`${setting}: "${entry}" is not a host or host:port`);
  }
  // URL drops the port 80; an entry naming it explicitly still means only that port.
  const explicitPort = /:(\d+)$/.exec(entry)?.[1];
  return {
    hostname: normalizeHostname(url.hostname),
    port: explicitPort === undefined ? undefined : Number(explicitPort),
  };
}

/** A predicate over (hostname, port) built from the allowed-host entries; a bad entry throws naming `setting`. */
export function createHostAllowance(
  entries: readonly string[],
  setting: string,
): (hostname: string, port: number) => boolean {
  const allowed = entries.map((entry) => toAllowedHost(entry, setting));
  return (hostname, port) => {
    const host = normalizeHostname(hostname);
    return allowed.some((entry) => entry.hostname === host && (entry.port === undefined || entry.port === port));
  };
}
