// A stand-in for the outbound URL guard (A15) that branch issue-13-fixes builds, with the same interface, so the
// Apps modules can use it now; that branch's module replaces this file when merged.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { Agent, type Dispatcher } from "undici";

/** Checks every URL the service calls on a user's behalf (A15). */
export interface OutboundGuard {
  checkUrl(url: string): { ok: true; url: URL } | { ok: false; reason: string };
  /** Refuses, at connect time, addresses that are private, loopback or metadata unless their host is allowed. */
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6");
}

function isBlocked(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], "ipv4");
  return BLOCKED.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Reads ADAPTERKIT_ALLOWED_HOSTS: host names or addresses separated by commas or spaces. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .filter((host) => host !== "")
    .map((host) => host.toLowerCase());
}

/** Creates the guard; `lookup` is injectable so tests never resolve a real name. */
export function createOutboundGuard(options: {
  allowedHosts?: readonly string[];
  lookup?: typeof dnsLookup;
}): OutboundGuard {
  const allowed = new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase()));
  const resolve = options.lookup ?? dnsLookup;
  const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const lookup = ((hostname: string, opts: object, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as unknown as LookupAddress[];
      const refused = allowed.has(hostname.toLowerCase()) ? undefined : list.find((a) => isBlocked(a.address));
      if (refused) {
        return callback(
          Object.assign(
            new Error(
              `${hostname} resolves to ${refused.address}, a private address; list the host in ADAPTERKIT_ALLOWED_HOSTS to allow it`,
            ),
            { code: "EOUTBOUNDREFUSED" },
          ),
        );
      }
      const wantsAll = (opts as { all?: boolean }).all === true;
      return wantsAll ? callback(null, list) : callback(null, list[0]?.address, list[0]?.family);
    });
  }) as unknown as typeof dnsLookup;
  const dispatcher = new Agent({ keepAliveTimeout: 4_000, connect: { lookup } });
  return {
    checkUrl(text) {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return { ok: false, reason: "not a URL" };
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "only http and https" };
      if (url.username || url.password) return { ok: false, reason: "a URL carries no user or password" };
      const host = hostOf(url);
      if (isIP(host) !== 0 && isBlocked(host) && !allowed.has(host)) {
        return { ok: false, reason: `${host} is a private address; list it in ADAPTERKIT_ALLOWED_HOSTS to allow it` };
      }
      return { ok: true, url };
    },
    dispatcher,
    close: () => dispatcher.close(),
  };
}
