export {
  type AdapterClient,
  type AdapterClientOptions,
  type ClientResult,
  createAdapterClient,
} from "./adapter-client.ts";
export { buildEnvelope, buildParseInboundRequest, type EnvelopeSource } from "./build-envelope.ts";
export { type CapturedLogs, captureLogs } from "./capture-logs.ts";
export { type HttpListener, type ListenHttpOptions, listenHttp } from "./listen-http.ts";
export {
  freeStandInPort,
  listenStandIn,
  type PortRange,
  STAND_IN_PORTS_VARIABLE,
  standInPortRange,
} from "./listen-stand-in.ts";
export { closedPort, listenTrap, type Trap } from "./listen-trap.ts";
export { buildSignedEnvelope, signInbound } from "./sign-inbound.ts";
export { type StartedAdapter, startAdapter } from "./start-adapter.ts";
export { stubLookup } from "./stub-lookup.ts";
export { withAdapter } from "./with-adapter.ts";
