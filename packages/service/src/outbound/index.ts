export { createOutboundGuard, type OutboundGuard } from "./create-outbound-guard.ts";
export { isForbiddenAddress } from "./is-forbidden-address.ts";
export { isOutboundRefused, OutboundRefusedError } from "./outbound-refused-error.ts";
export { parseAllowedHosts } from "./parse-allowed-hosts.ts";
