export { isForbiddenAddress, isOutboundRefused, OutboundRefusedError, parseAllowedHosts } from "@adapterkit/sdk";
export { createOutboundGuard, type OutboundGuard } from "./create-outbound-guard.ts";
