export { createHostAllowance, normalizeHostname } from "./allowed-hosts.ts";
export { type ConnectLookup, createGuardPolicy, type GuardOptions, type GuardVerdict } from "./create-guard-policy.ts";
export { createGuardedConnector } from "./create-guarded-connector.ts";
export { createGuardedSocket, type SocketTarget } from "./create-guarded-socket.ts";
export {
  ADAPTER_ALLOWED_HOSTS,
  createOutbound,
  type Outbound,
  type OutboundOptions,
  type OutboundPath,
} from "./create-outbound.ts";
export { isForbiddenAddress } from "./is-forbidden-address.ts";
export { isOutboundRefused, OutboundRefusedError } from "./outbound-refused-error.ts";
export { OUTBOUND_UNREACHABLE, OutboundUnreachableError } from "./outbound-unreachable-error.ts";
export { parseAllowedHosts } from "./parse-allowed-hosts.ts";
export { refusalOfHost } from "./refusal-of-host.ts";
