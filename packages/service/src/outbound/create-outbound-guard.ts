import type * as dns from "node:dns";
import { ADAPTER_CLIENT_IDLE_MS } from "@adapterkit/client";
import {
  createGuardedConnector,
  createHostAllowance,
  normalizeHostname,
  refusalOfHost,
} from "@adapterkit/client/outbound";
import { Agent, type Dispatcher } from "undici";

/** A15 (architecture.md#a15): every call to a URL a user supplied goes through one of these. */
export interface OutboundGuard {
  /** Input-time check: http/https only, no user:password@, literal forbidden addresses refused unless the host is allowed. */
  checkUrl(url: string): { ok: true; url: URL } | { ok: false; reason: string };
  /** An undici Dispatcher (Agent) whose connect-time DNS lookup refuses forbidden addresses (unless the host is allowed). Callers must not follow redirects (use redirect: "manual" / undici request which doesn't follow). */
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

const SETTING = "ADAPTERKIT_ALLOWED_HOSTS";
const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/**
 * Creates the A15 guard: `checkUrl` for input, `dispatcher` for the call itself (its DNS answers checked at connect).
 * The address rules and the connector are the SDK's, shared with the adapters' own guard (A18).
 *
 * @example
 * const guard = createOutboundGuard({ allowedHosts: parseAllowedHosts(process.env.ADAPTERKIT_ALLOWED_HOSTS) });
 * await request(url, { method: "POST", dispatcher: guard.dispatcher });
 */
export function createOutboundGuard(options: {
  allowedHosts?: readonly string[];
  lookup?: typeof dns.lookup;
}): OutboundGuard {
  const isAllowed = createHostAllowance(options.allowedHosts ?? [], SETTING);
  const connect = createGuardedConnector({
    allowedHosts: options.allowedHosts,
    lookup: options.lookup,
    setting: SETTING,
  });
  // The service calls its adapters through this pool: an idle connection is kept 4 s at most, whatever a server's
  // `Keep-Alive` allows, so against the SDK's servers (65 s) this side closes first (D627).
  const dispatcher = new Agent({
    connect,
    keepAliveTimeout: ADAPTER_CLIENT_IDLE_MS,
    keepAliveMaxTimeout: ADAPTER_CLIENT_IDLE_MS,
  });
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
      const reason = refusalOfHost(hostname);
      if (reason !== undefined) return { ok: false, reason: `${hostname} is ${reason}` };
      return { ok: true, url };
    },
    dispatcher,
    close: () => dispatcher.close(),
  };
}
