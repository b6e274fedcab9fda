import * as dns from "node:dns";
import { createHostAllowance, normalizeHostname } from "./allowed-hosts.ts";
import { createGuardedLookup } from "./guarded-lookup.ts";
import { OutboundRefusedError } from "./outbound-refused-error.ts";
import { refusalOfHost } from "./refusal-of-host.ts";

/** What the guard is built from: the exceptions, the variable that lists them, and (for tests) the resolver. */
export interface GuardOptions {
  /** `host` or `host:port` entries let through whatever they resolve to. */
  allowedHosts?: readonly string[] | undefined;
  /** The environment variable the entries come from, named in refusals and in errors about a bad entry. */
  setting: string;
  /** Replaces `dns.lookup`; tests stub it so that no name is resolved and no outside address is dialled. */
  lookup?: typeof dns.lookup | undefined;
}

/** A `net.connect` lookup function. */
export type ConnectLookup = ReturnType<typeof createGuardedLookup>;

/** How to open one connection: refused outright, or with this lookup (undefined: the system's own). */
export type GuardVerdict =
  | { refused: OutboundRefusedError }
  | { refused?: undefined; lookup: ConnectLookup | undefined };

/**
 * The guard's one decision per (host, port), shared by the fetch and socket paths: an allowed host is opened with
 * the plain resolver; a literal forbidden address or local name is refused; any other name with the lookup that
 * refuses forbidden DNS answers (architecture.md#a15 and #a18).
 */
export function createGuardPolicy(options: GuardOptions): (hostname: string, port: number) => GuardVerdict {
  const isAllowed = createHostAllowance(options.allowedHosts ?? [], options.setting);
  const plain = options.lookup as ConnectLookup | undefined;
  const guarded = createGuardedLookup(
    (options.lookup ?? dns.lookup) as Parameters<typeof createGuardedLookup>[0],
    options.setting,
  );
  return (host, port) => {
    const hostname = normalizeHostname(host);
    if (isAllowed(hostname, port)) return { lookup: plain };
    const reason = refusalOfHost(hostname);
    // A literal address never reaches the lookup, so it is judged here.
    if (reason !== undefined) return { refused: new OutboundRefusedError(hostname, reason, options.setting) };
    return { lookup: guarded };
  };
}
