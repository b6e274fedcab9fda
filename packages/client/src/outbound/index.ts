// `@adapterkit/client/outbound`: the outbound guard (A15) shared by adapters (through the SDK, which re-exports it)
// and the service (D574): which hosts and addresses a call may reach, and a connector and socket that enforce it.
// undici is required only when a connector is first built (D418).
export { createHostAllowance, normalizeHostname } from "./allowed-hosts.ts";
export { type ConnectLookup, createGuardPolicy, type GuardOptions, type GuardVerdict } from "./create-guard-policy.ts";
export { createGuardedConnector } from "./create-guarded-connector.ts";
export { createGuardedSocket, type SocketTarget } from "./create-guarded-socket.ts";
export { isForbiddenAddress } from "./is-forbidden-address.ts";
export { loadUndici } from "./load-undici.ts";
export { isOutboundRefused, OutboundRefusedError } from "./outbound-refused-error.ts";
export { parseAllowedHosts } from "./parse-allowed-hosts.ts";
export { refusalOfHost } from "./refusal-of-host.ts";
