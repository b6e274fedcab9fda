import * as dns from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { createHostAllowance, normalizeHostname } from "./allowed-hosts.ts";
import { createGuardedLookup } from "./guarded-lookup.ts";
import { isForbiddenAddress } from "./is-forbidden-address.ts";
import { OutboundRefusedError } from "./outbound-refused-error.ts";

/** DESIGN A15: every call to a URL a user supplied goes through one of these. */
export interface OutboundGuard {
  /** Input-time check: http/https only, no user:password@, literal forbidden addresses refused unless the host is allowed. */
  checkUrl(url: string): { ok: true; url: URL } | { ok: false; reason: string };
  /** An undici Dispatcher (Agent) whose connect-time DNS lookup refuses forbidden addresses (unless the host is allowed). Callers must not follow redirects (use redirect: "manual" / undici request which doesn't follow). */
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

// Names refused without asking DNS: they only ever mean this machine or the cloud's metadata service.
function isForbiddenName(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "metadata.google.internal";
}

function refusal(hostname: string): string | undefined {
  if (isIP(hostname) !== 0) return isForbiddenAddress(hostname) ? "not a public address" : undefined;
  return isForbiddenName(hostname) ? "a name of a local or metadata host" : undefined;
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/**
 * Creates the A15 guard: `checkUrl` for input, `dispatcher` for the call itself (its DNS answers checked at connect).
 *
 * @example
 * const guard = createOutboundGuard({ allowedHosts: parseAllowedHosts(process.env.ADAPTERKIT_ALLOWED_HOSTS) });
 * await request(url, { method: "POST", dispatcher: guard.dispatcher });
 */
export function createOutboundGuard(options: {
  allowedHosts?: readonly string[];
  lookup?: typeof dns.lookup;
}): OutboundGuard {
  const isAllowed = createHostAllowance(options.allowedHosts ?? []);
  const lookup = createGuardedLookup((options.lookup ?? dns.lookup) as Parameters<typeof createGuardedLookup>[0]);
  const guarded = buildConnector({ lookup } as buildConnector.BuildOptions);
  // Allowed hosts skip the address check, not the injected resolver.
  const open = buildConnector(
    (options.lookup === undefined ? {} : { lookup: options.lookup }) as buildConnector.BuildOptions,
  );
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const hostname = normalizeHostname(connectOptions.hostname);
    const port = Number(connectOptions.port) || (DEFAULT_PORTS[connectOptions.protocol] ?? 0);
    if (isAllowed(hostname, port)) return open(connectOptions, callback);
    const reason = refusal(hostname);
    // A literal address never reaches the lookup, so it is judged here.
    if (reason !== undefined) return callback(new OutboundRefusedError(hostname, reason), null);
    guarded(connectOptions, callback);
  };
  const dispatcher = new Agent({ connect });
  return {
    checkUrl(text) {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return { ok: false, reason: "not a valid URL" };
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "must be http or https" };
      if (url.username !== "" || url.password !== "") return { ok: false, reason: "must not contain user:password@" };
      const hostname = normalizeHostname(url.hostname);
      const port = Number(url.port) || (DEFAULT_PORTS[url.protocol] ?? 0);
      if (isAllowed(hostname, port)) return { ok: true, url };
      const reason = refusal(hostname);
      if (reason !== undefined) return { ok: false, reason: `${hostname} is ${reason}` };
      return { ok: true, url };
    },
    dispatcher,
    close: () => dispatcher.close(),
  };
}
