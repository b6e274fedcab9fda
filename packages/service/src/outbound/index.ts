export {
  isForbiddenAddress,
  isOutboundRefused,
  OutboundRefusedError,
  parseAllowedHosts,
} from "@adapterkit/client/outbound";
export { createOutboundGuard, type OutboundGuard } from "./create-outbound-guard.ts";
