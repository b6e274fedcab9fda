// The guard lives in the client, shared with the service (D574); the SDK re-exports it unchanged.
export {
  type ConnectLookup,
  createGuardedConnector,
  createGuardedSocket,
  createGuardPolicy,
  createHostAllowance,
  type GuardOptions,
  type GuardVerdict,
  isForbiddenAddress,
  isOutboundRefused,
  normalizeHostname,
  OutboundRefusedError,
  parseAllowedHosts,
  refusalOfHost,
  type SocketTarget,
} from "@adapterkit/client/outbound";
export {
  ADAPTER_ALLOWED_HOSTS,
  createOutbound,
  type Outbound,
  type OutboundOptions,
  type OutboundPath,
} from "./create-outbound.ts";
export { OUTBOUND_UNREACHABLE, OutboundUnreachableError } from "./outbound-unreachable-error.ts";
