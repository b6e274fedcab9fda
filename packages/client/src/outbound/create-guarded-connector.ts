import type { buildConnector } from "undici";
import { createGuardPolicy, type GuardOptions } from "./create-guard-policy.ts";
import { loadUndici } from "./load-undici.ts";

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/**
 * An undici connector that refuses loopback, private, link-local, shared, multicast and unspecified addresses,
 * judged after DNS at connect time, unless the host is allowed (architecture.md#a15 and #a18).
 * @example new Agent({ connect: createGuardedConnector({ setting: "ADAPTER_ALLOWED_HOSTS" }) });
 */
export function createGuardedConnector(options: GuardOptions): buildConnector.connector {
  const judge = createGuardPolicy(options);
  const connectors = new Map<unknown, buildConnector.connector>();
  const connectorFor = (lookup: unknown) => {
    let connector = connectors.get(lookup);
    if (connector === undefined) {
      connector = loadUndici().buildConnector((lookup === undefined ? {} : { lookup }) as buildConnector.BuildOptions);
      connectors.set(lookup, connector);
    }
    return connector;
  };
  return (connectOptions, callback) => {
    const port = Number(connectOptions.port) || (DEFAULT_PORTS[connectOptions.protocol] ?? 0);
    const verdict = judge(connectOptions.hostname, port);
    if (verdict.refused !== undefined) return callback(verdict.refused, null);
    connectorFor(verdict.lookup)(connectOptions, callback);
  };
}
